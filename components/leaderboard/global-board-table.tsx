import { getFormatter, getTranslations } from "next-intl/server";
import type { GlobalBoardPage, GlobalBoardRow } from "@/lib/contracts/boards";
import { BoardFrame, BoardRow, lowPriorityCell } from "./board-frame";
import { FirstBloodMark } from "./first-blood-mark";

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
  const renderRow = (row: GlobalBoardRow, keyPrefix = "") => (
    <BoardRow
      key={`${keyPrefix}${row.rank}-${row.account_id}`}
      rank={row.rank}
      name={row.display_name}
      href={`/players/${row.account_id}`}
      mine={viewerId !== null && row.account_id === viewerId}
      you={t("you")}
      mark={
        row.first_bloods > 0 ? (
          <FirstBloodMark count={row.first_bloods} label={tm("firstBloods", { n: row.first_bloods })} />
        ) : null
      }
    >
      <td>{format.number(row.points, { maximumFractionDigits: 2 })}</td>
      <td>{format.number(row.solved)}</td>
      <td className={lowPriorityCell}>
        {format.dateTime(new Date(row.last_at), { dateStyle: "medium", timeStyle: "short" })}
      </td>
    </BoardRow>
  );
  return (
    <BoardFrame
      testId="global-leaderboard"
      caption={t("caption")}
      headings={[t("rank"), t("player"), t("points"), t("solved"), { label: t("lastSolve"), low: true }]}
      board={board}
      viewerId={viewerId}
      renderRow={renderRow}
      yourRank={(rank, total) => t("yourRank", { rank, total })}
    />
  );
}
