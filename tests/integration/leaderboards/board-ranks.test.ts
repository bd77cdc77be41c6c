// The viewer's rank on large boards comes from a per-process snapshot of the board's keys
// (lib/scoring/board-ranks.ts, loaded by lib/services/leaderboards/board-stats.ts): it must equal
// the rank the database order gives, ties included, and a recording in this process must be
// visible at once.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { entryKey } from "@/lib/services/leaderboards/order";
import { getChallengeStrategy } from "@/lib/scoring/registry";
import type { ChallengeStrategyName } from "@/lib/scoring/types";
import { recordAttemptInTransaction, type RecordAttemptInput } from "@/lib/services/attempts";
import { getChallengeLeaderboard } from "@/lib/services/leaderboards";
import { entriesAhead } from "@/lib/services/leaderboards/board-stats";
import { makeApp, makeChallenge } from "@/tests/helpers/factories";

async function makePlayers(workspaceId: string, n: number) {
  const rows = Array.from({ length: n }, () => ({ id: randomUUID(), endUserId: randomUUID() }));
  await db.account.createMany({ data: rows.map((r) => ({ id: r.id, email: `${r.id}@example.test`, name: r.id })) });
  await db.endUser.createMany({ data: rows.map((r) => ({ id: r.endUserId, workspaceId, accountId: r.id })) });
  return rows;
}

/** A successful attempt of 10 tokens, recorded the way submitAttempt records one. */
function recordSuccess(
  challenge: RecordAttemptInput["challenge"],
  player: { id: string; endUserId: string },
  result: { elapsedMs: number; judgeRating: number },
) {
  return recordAttemptInTransaction({
    challenge,
    endUserId: player.endUserId,
    accountId: player.id,
    status: "completed",
    succeeded: true,
    tokensTotal: 10,
    ...result,
  });
}

describe("board rank snapshot", () => {
  it.each<ChallengeStrategyName>(["first", "fastest", "highest_rating"])(
    "%s: every entry's snapshot rank equals its place on the board",
    async (name) => {
      const app = await makeApp();
      const challenge = await makeChallenge({ appId: app.id, scoringStrategy: name });
      const players = await makePlayers(app.workspaceId, 40);
      // Values collide in groups so the time and id tie-breaks decide.
      for (const [i, p] of players.entries()) {
        await recordSuccess(challenge, p, { elapsedMs: 1000 + (i % 4) * 10, judgeRating: 5 + (i % 3) });
      }
      const board = [
        ...(await getChallengeLeaderboard(challenge.id, { limit: 100 })).rows,
      ];
      expect(board).toHaveLength(40);
      const strategy = getChallengeStrategy(name);
      const entries = await db.challengeLeaderboardEntry.findMany({ where: { challengeId: challenge.id } });
      for (const e of entries) {
        const row = board.find((r) => r.account_id === e.accountId)!;
        expect(await entriesAhead(challenge.id, strategy, entryKey(strategy, e))).toBe(row.rank - 1);
      }

      // A better result recorded in this process moves the player at once.
      const last = board.at(-1)!;
      const p = players.find((x) => x.id === last.account_id)!;
      await recordSuccess(challenge, p, { elapsedMs: 1, judgeRating: 10 });
      const entry = await db.challengeLeaderboardEntry.findFirstOrThrow({ where: { challengeId: challenge.id, accountId: p.id } });
      const expected = name === "first" ? 39 : 0;
      expect(await entriesAhead(challenge.id, strategy, entryKey(strategy, entry))).toBe(expected);
    },
  );
});
