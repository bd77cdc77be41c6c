import { getFormatter, getTranslations } from "next-intl/server";
import { formatDuration } from "@/components/play/format";
import type { LeaderboardPage, LeaderboardRow } from "@/lib/contracts/boards";
import { BoardFrame, BoardRow, lowPriorityCell } from "./board-frame";
import { FirstBloodMark } from "./first-blood-mark";

type Column =
  | "achieved"
  | "time"
  | "tokens"
  | "rating"
  | "score"
  | "attempts"
  | "solved"
  | "points"
  | "totalTime"
  | "totalTokens"
  | "avgRating";

type Row = LeaderboardRow & { solved?: number };

/** Columns a phone leaves out (the metric the board ranks by always stays). */
const LOW_PRIORITY: ReadonlySet<Column> = new Set(["achieved", "attempts"]);

/** The columns that say why a row ranks where it does, per scoring strategy. */
export function columnsFor(kind: "challenge" | "collection", strategy: string): Column[] {
  if (kind === "challenge") {
    switch (strategy) {
      case "fastest":
        return ["time", "achieved", "attempts"];
      case "fewest_tokens":
        return ["tokens", "achieved", "attempts"];
      case "highest_rating":
        return ["rating", "achieved", "attempts"];
      case "custom":
        return ["score", "achieved", "attempts"];
      default:
        // `first`: every solve is worth the challenge's points, shown net of the player's hints.
        return ["points", "achieved", "attempts"];
    }
  }
  switch (strategy) {
    case "fastest_total":
      return ["solved", "totalTime", "achieved"];
    case "fewest_tokens_total":
      return ["solved", "totalTokens", "achieved"];
    case "highest_avg_rating":
      return ["solved", "avgRating", "achieved"];
    case "custom":
      return ["solved", "score", "achieved"];
    default:
      return ["solved", "points", "achieved"];
  }
}

export async function LeaderboardTable({
  board,
  kind,
  viewerId,
  caption,
  firstBloods,
}: {
  board: LeaderboardPage<{ solved?: number }>;
  kind: "challenge" | "collection";
  viewerId: string | null;
  caption: string;
  /** accountId → first bloods (challenge board: the first solver; collection: how many). */
  firstBloods?: Record<string, number>;
}) {
  const [t, format, tm] = await Promise.all([
    getTranslations("player.leaderboard"),
    getFormatter(),
    getTranslations("boards.marks"),
  ]);
  const columns = columnsFor(kind, board.scoring_strategy);
  const cell = (row: Row, column: Column): string => {
    switch (column) {
      case "achieved":
        return format.dateTime(new Date(row.achieved_at), { dateStyle: "medium", timeStyle: "short" });
      case "time":
      case "totalTime":
        return formatDuration(row.elapsed_ms);
      case "tokens":
      case "totalTokens":
        return row.tokens_total === null ? "—" : format.number(row.tokens_total);
      case "rating":
        return row.judge_rating === null ? "—" : t("ratingValue", { rating: row.judge_rating });
      case "avgRating":
        return row.judge_rating === null
          ? "—"
          : t("ratingValue", { rating: format.number(row.judge_rating, { maximumFractionDigits: 1 }) });
      case "score":
      case "points":
        if (row.score === null) return "—";
        return (
          format.number(row.score, { maximumFractionDigits: 2 }) +
          (column === "points" && row.hint_cost ? ` (${tm("hintCost", { cost: row.hint_cost })})` : "")
        );
      case "attempts":
        return format.number(row.attempts);
      case "solved":
        return format.number(row.solved ?? row.attempts);
    }
  };
  const renderRow = (row: Row, extra?: string) => {
    const bloods = row.account_id ? firstBloods?.[row.account_id] : undefined;
    return (
      <BoardRow
        key={`${extra ?? ""}${row.rank}-${row.account_id ?? ""}`}
        rank={row.rank}
        name={row.display_name}
        href={row.account_id ? `/players/${row.account_id}` : null}
        mine={viewerId !== null && row.account_id === viewerId}
        you={t("you")}
        mark={bloods ? <FirstBloodMark count={bloods} label={tm("firstBloods", { n: bloods })} /> : null}
      >
        {columns.map((c) => (
          <td key={c} className={LOW_PRIORITY.has(c) ? lowPriorityCell : undefined}>
            {cell(row, c)}
          </td>
        ))}
      </BoardRow>
    );
  };

  return (
    <BoardFrame
      testId={`${kind}-leaderboard`}
      caption={caption}
      headings={[
        t("columns.rank"),
        t("columns.player"),
        ...columns.map((c) =>
          LOW_PRIORITY.has(c) ? { label: t(`columns.${c}`), low: true as const } : t(`columns.${c}`),
        ),
      ]}
      board={board}
      viewerId={viewerId}
      renderRow={renderRow}
      yourRank={(rank, total) => t("yourRank", { rank, total })}
    />
  );
}
