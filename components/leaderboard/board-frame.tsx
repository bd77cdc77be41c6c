import Link from "next/link";
import type { ReactNode } from "react";
import styles from "./leaderboard.module.css";

// The frame every board table shares: the viewer's rank when they are off this page, the table
// with its caption and column headings, the page's rows and, after a gap, the viewer's own row.
// The caller renders each row (BoardRow with its own cells). On a phone the low-priority columns
// (a heading marked `low`, cells with `lowPriorityCell`) are left out so the board fits; what
// still overflows scrolls inside the frame, with the player column kept in place and shadows at
// the edges that have more to show.

/** A column heading; `low` columns are hidden on narrow screens. */
export type BoardHeading = string | { label: string; low: true };

/** The class of a cell in a low-priority column. */
export const lowPriorityCell = styles.low ?? "";

export function BoardFrame<R extends { rank: number; account_id: string | null }>({
  board,
  viewerId,
  renderRow,
  yourRank,
  testId,
  caption,
  headings,
}: {
  board: { total: number; rows: R[]; viewer: R | null };
  viewerId: string | null;
  /** A row of the table; the viewer's own row off this page gets the key prefix "viewer-". */
  renderRow: (row: R, keyPrefix?: string) => ReactNode;
  /** "You are #rank of total", shown when the viewer ranks but not on this page. */
  yourRank: (rank: number, total: number) => string;
  testId: string;
  caption: string;
  /** Every column's heading, rank and player first. */
  headings: BoardHeading[];
}) {
  const viewerOnPage = viewerId !== null && board.rows.some((r) => r.account_id === viewerId);
  const viewer = board.viewer && !viewerOnPage ? board.viewer : null;
  return (
    <div className={styles.wrap}>
      {viewer ? (
        <p className={styles.viewerRank} data-testid="viewer-rank">
          {yourRank(viewer.rank, board.total)}
        </p>
      ) : null}
      <div className={styles.scroll}>
        <table className={styles.table} data-testid={testId}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {headings.map((h, i) =>
                typeof h === "string" ? (
                  <th scope="col" key={i}>
                    {h}
                  </th>
                ) : (
                  <th scope="col" key={i} className={lowPriorityCell}>
                    {h.label}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {board.rows.map((r) => renderRow(r))}
            {viewer ? (
              <>
                <tr aria-hidden="true" className={styles.gap}>
                  <td colSpan={headings.length}>⋯</td>
                </tr>
                {renderRow(viewer, "viewer-")}
              </>
            ) : null}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** One ranked player: the rank, their name (a link to their page when they have one), the "you"
 *  mark on the viewer's row and any first-blood mark, then the caller's cells. */
export function BoardRow({
  rank,
  name,
  href,
  mine,
  you,
  mark,
  children,
}: {
  rank: number;
  name: string;
  href: string | null;
  mine: boolean;
  you: string;
  mark: ReactNode;
  children: ReactNode;
}) {
  return (
    <tr className={mine ? styles.mine : undefined} data-viewer={mine || undefined}>
      <td className={styles.rank}>{rank}</td>
      <th scope="row" className={styles.player}>
        {href ? <Link href={href}>{name}</Link> : name}
        {mine ? <span className={styles.you}> {you}</span> : null}
        {mark}
      </th>
      {children}
    </tr>
  );
}
