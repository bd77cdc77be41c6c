import { useFormatter, useTranslations } from "next-intl";
import type { PlayerStanding, RedBlueTeam, StandingsView } from "@/lib/contracts/red-blue";
import { StandingsChart } from "./standings-chart";
import { teamClass } from "./team-class";
import styles from "./red-blue.module.css";

// Red vs blue standings: the two teams' totals, one table per team and the points over time.
// A server component (translations and formatting only): the console pages and the player's
// page render it, and the player's panel refreshes it with router.refresh().

export function Standings({
  standings,
  headingId,
  viewerName,
  headingLevel = 2,
}: {
  standings: StandingsView;
  headingId: string;
  /** The viewer's username: their row is marked. */
  viewerName?: string | null;
  headingLevel?: 2 | 3;
}) {
  const t = useTranslations("redBlue.standings");
  const format = useFormatter();
  const Heading = `h${headingLevel}` as const;
  const ratio = (r: number | null) =>
    r === null ? "—" : format.number(r, { style: "percent", maximumFractionDigits: 0 });
  const points = (n: number) => format.number(n, { maximumFractionDigits: 2 });
  const table = (team: RedBlueTeam, rows: PlayerStanding[]) => (
    <div className={`${styles.tableWrap} ${teamClass(team)}`}>
      <table className={styles.table} data-testid={`standings-${team}`}>
        <caption>{t(team === "red" ? "redTable" : "blueTable")}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t("player")}</th>
            <th scope="col" className={styles.num}>
              {t("points")}
            </th>
            <th scope="col" className={styles.num}>
              {t("ratio")}
            </th>
            <th scope="col" className={styles.num}>
              {t("pairings")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={5} className="muted">
                {t("noPlayers")}
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr
                key={`${r.rank}-${r.username}`}
                aria-current={viewerName && r.username === viewerName ? "true" : undefined}
              >
                <td>{r.rank}</td>
                <th scope="row">
                  {r.username}
                  {viewerName && r.username === viewerName ? (
                    <span className="muted"> {t("you")}</span>
                  ) : null}
                </th>
                <td className={styles.num}>{points(team === "red" ? r.red_points : r.blue_points)}</td>
                <td className={styles.num}>{ratio(r.ratio)}</td>
                <td className={styles.num}>{r.pairings}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
  return (
    <section aria-labelledby={headingId} className={styles.standings} data-testid="standings">
      <Heading id={headingId}>{t("heading")}</Heading>
      <p className="muted">
        {standings.scoring_strategy === "custom" ? t("customLead") : t("ratioLead")}{" "}
        {t("pairingsCount", { count: standings.pairings })}
      </p>
      <div className={styles.totals}>
        {(["red", "blue"] as const).map((team) => {
          const s = standings.teams[team];
          return (
            <div
              key={team}
              className={`${styles.total} ${teamClass(team)}`}
              data-testid={`team-total-${team}`}
            >
              <h3>{t(team === "red" ? "redTeam" : "blueTeam")}</h3>
              <p>
                <span className={styles.totalPoints} data-testid={`team-points-${team}`}>
                  {points(s.points)}
                </span>{" "}
                {t("pointsUnit")}
              </p>
              <p>{t("teamLine", { ratio: ratio(s.ratio), players: s.players })}</p>
            </div>
          );
        })}
      </div>
      <StandingsChart timeline={standings.timeline} />
      <div className={styles.tables}>
        {table("red", standings.red)}
        {table("blue", standings.blue)}
      </div>
    </section>
  );
}
