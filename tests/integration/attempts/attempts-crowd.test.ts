// 200 players submitting at once, with the offline practice model and judge and the sandboxed
// scorer plugin: every strategy's board equals its recomputation from the raw attempts.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { WEIGHTED_SCORER } from "@/lib/evaluation/sandbox/examples";
import type { LeaderboardRow } from "@/lib/contracts/boards";
import { getChallengeLeaderboard } from "@/lib/services/leaderboards";
import type { ChallengeStrategyName } from "@/lib/scoring/types";
import { makeApp, makePlugin } from "@/tests/helpers/factories";
import { LEAK, PLAIN, playable, SECRET, SPELL, submit } from "./attempts-support";

describe("200 players in parallel", () => {
  it("records 200 attempts; every strategy's board equals the recomputation from raw attempts", async () => {
    const app = await makeApp();
    const scorer = await makePlugin({
      workspaceId: app.workspaceId,
      kind: WEIGHTED_SCORER.kind,
      code: WEIGHTED_SCORER.code,
      entrypoints: WEIGHTED_SCORER.entrypoints,
      configSchema: WEIGHTED_SCORER.configSchema,
    });
    const strategies: ChallengeStrategyName[] = ["first", "fastest", "fewest_tokens", "highest_rating", "custom"];
    const challenges = await Promise.all(
      strategies.map((s) =>
        playable(
          {
            scoringStrategy: s,
            ...(s === "highest_rating" ? { evaluatorType: "llm-judge" } : {}),
            ...(s === "custom" ? { scoringPluginId: scorer.pluginId, scoringConfig: { time_penalty: 0, token_penalty: 1 } } : {}),
          },
          { appId: app.id },
        ),
      ),
    );
    const accounts = await db.account.createManyAndReturn({
      data: Array.from({ length: 200 }, (_, i) => ({ email: `crowd-${i}-${Date.now()}@example.test`, name: `Crowd ${i}` })),
      select: { id: true },
    });
    // Prompts differ in technique (leak, spelled leak, refusal) and length (tokens).
    const prompts = [LEAK, SPELL, PLAIN];
    const results = await Promise.all(
      accounts.map((a, i) =>
        submit(challenges[i % 5]!.id, a.id, `${prompts[Math.floor(i / 5) % 3]!}${" please".repeat(i % 7)}`),
      ),
    );
    expect(results).toHaveLength(200);
    expect(await db.challengeAttempt.count({ where: { workspaceId: app.workspaceId } })).toBe(200);
    expect(results.filter((r) => r.status !== "completed").map((r) => r.message)).toEqual([]);
    expect(JSON.stringify(results)).not.toContain(SECRET);

    for (const [i, challenge] of challenges.entries()) {
      const strategy = strategies[i]!;
      const attempts = await db.challengeAttempt.findMany({ where: { challengeId: challenge.id } });
      expect(attempts).toHaveLength(40);
      const wins = attempts.filter((a) => a.succeeded);
      expect(wins.length).toBeGreaterThan(5);
      expect(wins.length).toBeLessThan(40);
      // Recomputed here: every player has one attempt, so the board is the successes in
      // strategy order, ties by time then attempt id.
      const key = (a: (typeof attempts)[number]): number =>
        strategy === "first" ? 0
        : strategy === "fastest" ? a.elapsedMs!
        : strategy === "fewest_tokens" ? a.tokensTotal!
        : strategy === "highest_rating" ? -a.judgeRating!
        : -a.score!;
      const expected = [...wins]
        .sort((a, b) => key(a) - key(b) || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
        .map((a, r) => ({ rank: r + 1, account_id: a.accountId, score: a.score, elapsed_ms: a.elapsedMs, tokens_total: a.tokensTotal, judge_rating: a.judgeRating, achieved_at: a.createdAt.toISOString(), attempts: 1 }));
      const board = await getChallengeLeaderboard(challenge.id, { limit: 100 });
      expect(board.rows.map(({ display_name: _d, ...r }: LeaderboardRow) => r)).toEqual(expected);

      if (strategy === "highest_rating") {
        expect(new Set(wins.map((w) => w.judgeRating))).toEqual(new Set([8, 10]));
        expect(wins.every((w) => (w.judgeTokensTotal ?? 0) > 0)).toBe(true);
      }
      if (strategy === "custom") {
        // WEIGHTED_SCORER with token_penalty 1: 100 + 0 rating − tokens.
        for (const w of wins) expect(w.score).toBe(100 - w.tokensTotal!);
      }
      // Exactly one first blood per challenge, however the successes raced.
      const firstBlood = await db.notificationEvent.findMany({ where: { event: "challenge_first_blood" } });
      expect(firstBlood.filter((e) => (e.payload as { challenge_id?: string }).challenge_id === challenge.id)).toHaveLength(1);
      expect(results.filter((r) => r.challenge_id === challenge.id && r.first_blood)).toHaveLength(1);
    }
  }, 240_000);
});
