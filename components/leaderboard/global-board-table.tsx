import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import type { GlobalBoardPage, GlobalBoardRow } from "@/lib/services/leaderboards/global-board";
import { FirstBloodMark } from "./first-blood-mark";
import styles from "./leaderboard.module.css";

/** The global board: rank, player (with first bloods), points net of hints, solves, last improvement. */
export async function GlobalBoardTable({
  board,
  viewerId,
}: {
  board: GlobalBoardPage;
  viewerId: string | null;
}) {
  const [t, tm, format] = await Promise.all([
    getTranslations("boards.global"),
    getTranslations("boards.marks"),
    getFormatter(),
  ]);
  const viewerOnPage = viewerId !== null && board.rows.some((r) => r.account_id === viewerId);
  const renderRow = (row: GlobalBoardRow, keyPrefix = "") => {
    const mine = viewerId !== null && row.account_id === viewerId;
    return (
      <tr
        key={`${keyPrefix}${row.rank}-${row.account_id}`}
        className={mine ? styles.mine : undefined}
        data-viewer={mine || undefined}
      >
        <td className={styles.rank}>{row.rank}</td>
        <th scope="row">
          <Link href={`/players/${row.account_id}`}>{row.display_name}</Link>
          {mine ? <span className={styles.you}> {t("you")}</span> : null}
          {row.first_bloods > 0 ? (
            <FirstBloodMark count={row.first_bloods} label={tm("firstBloods", { n: row.first_bloods })} />
          ) : null}
        </th>
        <td>{format.number(row.points, { maximumFractionDigits: 2 })}</td>
        <td>{format.number(row.solved)}</td>
        <td>{format.dateTime(new Date(row.last_at), { dateStyle: "medium", timeStyle: "short" })}</td>
      </tr>
    );
  };
  return (
    <div className={styles.wrap}>
      {board.viewer && !viewerOnPage ? (
        <p className={styles.viewerRank} data-testid="viewer-rank">
          {t("yourRank", { rank: board.viewer.rank, total: board.total })}
        </p>
      ) : null}
      <div className={styles.scroll}>
        <table className={styles.table} data-testid="global-leaderboard">
          <caption className="visually-hidden">{t("caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("rank")}</th>
              <th scope="col">{t("player")}</th>
              <th scope="col">{t("points")}</th>
              <th scope="col">{t("solved")}</th>
              <th scope="col">{t("lastSolve")}</th>
            </tr>
          </thead>
          <tbody>
            {board.rows.map((r) => renderRow(r))}
            {board.viewer && !viewerOnPage ? (
              <>
                <tr aria-hidden="true" className={styles.gap}>
                  <td colSpan={5}>⋯</td>
                </tr>
                {renderRow(board.viewer, "viewer-")}
              </>
            ) : null}
          </tbody>
        </table>
      </div>
    </div>
  );
}
