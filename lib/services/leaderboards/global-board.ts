// Direct SQL: board reads at 1M attempts (README "Benchmarks" (b), and (b-pg) for the one-statement read).
import "server-only";
import type { GlobalBoardPage, GlobalBoardRow } from "@/lib/contracts/boards";
import { db } from "@/lib/db";
import { asNum } from "@/lib/db/sql";
import { rowMapper } from "@/lib/db/rows";
import { Prisma } from "@/lib/generated/sqlite/client";
import { netPointsSql } from "@/lib/scoring/hint-cost";
import { displayName, pageSize, startOffset } from "@/lib/services/leaderboards/page";

// The global board: every registered player's points summed over the public challenges — the
// ones players can see and play (active, with a published workflow; the rule of /challenges) —
// optionally of one workspace. A solve is worth the challenge's points less the player's hint
// costs on it (floor 0), or its score for a challenge scored by a plugin (`custom`), as in a
// collection's `sum`. Players are accounts (an account has one end user per workspace, so its
// entries are grouped by account); entries without an account (anonymous integrator identities,
// guests) are not on this board.
//
// One aggregate statement on both databases: O(entries of public challenges) rows read inside
// the database, the page and the viewer's row returned.

export interface GlobalBoardOptions {
  limit?: number;
  offset?: number;
  /** Only this workspace's challenges. */
  workspaceId?: string | null;
  viewerAccountId?: string | null;
}

const rankedOf = rowMapper({
  accountId: "text",
  points: "num",
  solved: "num",
  lastAt: "date",
  rank: ["rnk", "num"],
  total: "num",
});

const inWorkspace = (workspaceId: string | null) =>
  workspaceId ? Prisma.sql`AND c.tenant_id = ${workspaceId}` : Prisma.empty;

export async function getGlobalLeaderboard(opts: GlobalBoardOptions = {}): Promise<GlobalBoardPage> {
  const limit = pageSize(opts.limit);
  const offset = startOffset(opts.offset);
  const workspaceId = opts.workspaceId ?? null;
  const viewer = opts.viewerAccountId ?? null;
  const rows = (await db.$queryRaw<Record<string, unknown>[]>`
    WITH pts AS (
      SELECT e.account_id, e.achieved_at,
             CASE WHEN c.scoring_strategy = 'custom' THEN COALESCE(e.score, 0)
                  ELSE ${Prisma.raw(netPointsSql("c.points", "e.hint_cost"))} END AS pts
      FROM challenge_leaderboard_entries e
      JOIN challenges c ON c.id = e.challenge_id
      JOIN workflows w ON w.id = c.workflow_id
      WHERE e.account_id IS NOT NULL AND c.is_active = TRUE AND w.published_version_id IS NOT NULL
        ${inWorkspace(workspaceId)}
    ),
    agg AS (
      SELECT account_id, CAST(SUM(pts) AS DOUBLE PRECISION) AS points, COUNT(*) AS solved, MAX(achieved_at) AS last_at
      FROM pts GROUP BY account_id
    ),
    ranked AS (
      SELECT agg.*, ROW_NUMBER() OVER (ORDER BY points DESC, solved DESC, last_at ASC, account_id ASC) AS rnk,
             COUNT(*) OVER () AS total
      FROM agg
    )
    SELECT * FROM ranked
    WHERE (rnk > ${offset} AND rnk <= ${offset + limit}) OR account_id = ${viewer}
    ORDER BY rnk`).map(rankedOf);
  const ids = rows.map((r) => r.accountId);
  const [accounts, bloods] = await Promise.all([
    ids.length
      ? db.account.findMany({
          where: { id: { in: ids } },
          select: { id: true, name: true, profile: { select: { displayName: true } } },
        })
      : Promise.resolve([]),
    firstBloodCounts(ids, workspaceId),
  ]);
  const names = new Map(accounts.map((a) => [a.id, displayName(a)]));
  const toRow = (r: ReturnType<typeof rankedOf>): GlobalBoardRow => ({
    rank: r.rank,
    account_id: r.accountId,
    display_name: names.get(r.accountId) ?? "Anonymous player",
    points: r.points,
    solved: r.solved,
    last_at: r.lastAt.toISOString(),
    first_bloods: bloods.get(r.accountId) ?? 0,
  });
  const all = rows.map(toRow);
  const total = rows[0]?.total ?? 0;
  const own = viewer ? all.find((r) => r.account_id === viewer) : undefined;
  return {
    total,
    rows: all.filter((r) => r.rank > offset && r.rank <= offset + limit),
    viewer: own ?? null,
  };
}

/**
 * How many public challenges each of these accounts solved first: the earliest successful
 * attempt of each challenge, per challenge from the (challenge_id, succeeded, created_at) index.
 */
async function firstBloodCounts(
  accountIds: string[],
  workspaceId: string | null,
): Promise<Map<string, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ account_id: string; n: unknown }[]>`
    WITH firsts AS (
      SELECT (SELECT a.account_id FROM challenge_attempts a
               WHERE a.challenge_id = c.id AND a.succeeded = TRUE
               ORDER BY a.created_at ASC, a.id ASC LIMIT 1) AS account_id
      FROM challenges c JOIN workflows w ON w.id = c.workflow_id
      WHERE c.is_active = TRUE AND w.published_version_id IS NOT NULL
        ${inWorkspace(workspaceId)}
    )
    SELECT account_id, COUNT(*) AS n FROM firsts
    WHERE account_id IN (${Prisma.join(accountIds)})
    GROUP BY account_id`;
  return new Map(rows.map((r) => [r.account_id, asNum(r.n)]));
}
