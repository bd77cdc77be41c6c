import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import type { Challenge, ChallengeMetadata, UserProfile } from "@/lib/arena/types";
import { idTitle, seatsOf } from "./players";
import styles from "./arena.module.css";

/** Sessions as a table: type, players (name or "Player N" · model, ids as tooltips), status, created time; each links to its page. */
export async function SessionTable({
  games,
  profiles,
  catalogue,
  caption,
}: {
  games: Challenge[];
  profiles: Record<string, UserProfile>;
  catalogue: Record<string, ChallengeMetadata>;
  caption: string;
}) {
  const [t, format] = await Promise.all([getTranslations("arena.sessions"), getFormatter()]);
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-testid="arena-sessions">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("type")}</th>
            <th scope="col">{t("players")}</th>
            <th scope="col">{t("status")}</th>
            <th scope="col">{t("created")}</th>
          </tr>
        </thead>
        <tbody>
          {games.map((g) => {
            const seats = seatsOf(g, profiles);
            const total = catalogue[g.challengeType]?.players ?? g.invites.length;
            return (
              <tr key={g.id} data-testid="arena-session-row">
                <th scope="row">
                  <Link href={`/arena/${g.id}`}>{catalogue[g.challengeType]?.name ?? g.name}</Link>
                </th>
                <td>
                  <ul className={styles.players}>
                    {seats.map((s) => (
                      <li key={s.invite}>
                        <span title={idTitle(s.userId, s.invite)}>{s.label}</span>
                        {s.model ? <span className="muted"> · {s.model}</span> : null}
                      </li>
                    ))}
                    {seats.length < total ? (
                      <li className="muted">{t("freeSeats", { count: total - seats.length })}</li>
                    ) : null}
                  </ul>
                </td>
                <td className={styles.status} data-status={g.state.status}>
                  {t(`statuses.${g.state.status}`)}
                </td>
                <td>
                  <time dateTime={new Date(g.createdAt).toISOString()}>
                    {format.dateTime(new Date(g.createdAt), { dateStyle: "medium", timeStyle: "short" })}
                  </time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
