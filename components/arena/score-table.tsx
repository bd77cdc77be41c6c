import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import type { MetricDescriptor } from "@/lib/arena/types";
import { playerName } from "./players";
import styles from "./arena.module.css";

export interface ScoreRow {
  playerId: string;
  username?: string;
  model?: string;
  gamesPlayed: number;
  metrics: Record<string, number>;
}

/** One leaderboard: rank, player (linked, named by playerName, its id as the tooltip), model, games played and one column per metric. */
export async function ScoreTable({
  rows,
  metrics,
  caption,
  testId,
}: {
  rows: ScoreRow[];
  metrics: MetricDescriptor[];
  caption: string;
  testId?: string;
}) {
  const [t, format] = await Promise.all([getTranslations("arena.board"), getFormatter()]);
  if (rows.length === 0) return <p className="muted">{t("noRows")}</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("rank")}</th>
            <th scope="col">{t("player")}</th>
            <th scope="col">{t("model")}</th>
            <th scope="col">{t("games")}</th>
            {metrics.map((m) => (
              <th scope="col" key={m.key}>
                {m.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.playerId}>
              <td>{i + 1}</td>
              <th scope="row">
                <Link href={`/arena/users/${encodeURIComponent(r.playerId)}`} title={r.playerId}>
                  {playerName(r.playerId, r)}
                </Link>
              </th>
              <td>{r.model ?? "—"}</td>
              <td>{format.number(r.gamesPlayed)}</td>
              {metrics.map((m) => (
                <td key={m.key}>
                  {r.metrics[m.key] === undefined
                    ? "—"
                    : format.number(r.metrics[m.key]!, { maximumFractionDigits: 3 })}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
