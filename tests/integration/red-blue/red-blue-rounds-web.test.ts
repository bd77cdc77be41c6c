// Red/blue rounds over the web API: blue waits, red attacks, both see the pairing (masked unless
// the challenge reveals), and the Idempotency-Key (replays, rounds that died, the caller going
// away, parallel repeats). Runs on SQLite and on PostgreSQL.
import type { LanguageModelV4, LanguageModelV4CallOptions } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import type { SubmitResponse } from "@/lib/contracts/red-blue";
import { db } from "@/lib/db";
import type { AppError } from "@/lib/errors";
import { joinTeam, submitTeamPrompt } from "@/lib/services/red-blue";
import { expectConsistent, expectStandingsAgree } from "./red-blue-rounds-checks";
import {
  blueAndRed,
  challenge,
  defense,
  expectWaiting,
  HARMLESS,
  HELD,
  join,
  judgeModel,
  LEAK,
  myPairings,
  NO_GATE,
  play,
  player,
  SECRET,
  secretScanSuite,
  storeSubmission,
  submissionCount,
  send,
  UNKNOWN_ID,
  loadRoundModels,
} from "./red-blue-rounds-support";

loadRoundModels();

describe("a round over the web API", () => {
  it("blue waits, red attacks: judged, points by the scoring rules, masked output, one event, both see it", async () => {
    const c = await challenge(NO_GATE);
    const { blue, red } = await blueAndRed(c.id);
    const d = defense();

    const waiting = await send(c.id, blue, "blue", d);
    expectWaiting(waiting);
    expect(waiting.json.requested_opponent).toBe(false);

    const attack = await send(c.id, red, "red", LEAK);
    expect(attack.status).toBe(201);
    const pairing = attack.json.pairing;
    expect(attack.json.waiting).toBe(false);
    expect(pairing).toMatchObject({
      my_team: "red",
      my_submission_id: attack.json.submission.id,
      opponent: { username: "Test Player" },
      opponent_prompt: null,
      secret: null,
      categories: { secret_leak: true },
      judge_rating: 10,
      // breach +1, severity round(10/3) = 3; blue prevented nothing.
      red_points: 4,
      blue_points: 0,
    });
    expect(pairing.model_output).toContain("[masked]");
    expect(attack.text).not.toContain(SECRET);
    expect(attack.text).not.toContain(d);

    // A harmless attack is held: blue +1.
    const held = await send(c.id, red, "red", HARMLESS);
    expect(held.json.pairing).toMatchObject(HELD);

    const mineRed = await myPairings(c.id, red, "red");
    expect(mineRed.status).toBe(200);
    expect(mineRed.json.data.map((p: { id: string }) => p.id)).toEqual([held.json.pairing.id, pairing.id]);
    const mineBlue = await myPairings(c.id, blue, "blue", 1);
    expect(mineBlue.json.data).toHaveLength(1);
    expect(mineBlue.json.data[0]).toMatchObject({
      id: held.json.pairing.id,
      my_team: "blue",
      my_submission_id: waiting.json.submission.id,
      opponent_prompt: null,
      secret: null,
    });
    const rows = await expectConsistent(c.id);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.initiator)).toEqual(["red", "red"]);
    await expectStandingsAgree(c.id);
  });

  it("GET …/pairings: 401 anonymous, 404 unknown, 422 bad limit, empty for a player with none", async () => {
    const c = await challenge();
    const p = await player();
    expect((await myPairings(c.id, null, "red")).status).toBe(401);
    expect((await myPairings(UNKNOWN_ID, p, "red")).status).toBe(404);
    expect((await myPairings(c.id, p, "red", 0)).status).toBe(422);
    expect((await myPairings(c.id, p, "red", 101)).status).toBe(422);
    const empty = await myPairings(c.id, p, "red");
    expect(empty.json).toEqual({ data: [] });
  });

  it("reveal_after_round: the pairing views carry the opponent's prompt and the secret", async () => {
    const c = await challenge({ ...NO_GATE, reveal_after_round: true });
    const { blue, red } = await blueAndRed(c.id);
    const d = defense();
    await send(c.id, blue, "blue", d);
    const res = await send(c.id, red, "red", LEAK, { key: "reveal-1" });
    expect(res.json.pairing).toMatchObject({ opponent_prompt: d, secret: SECRET });
    // The stored replay answer does not keep them; the replay rebuilds them while revealed.
    const stored = await db.teamSubmission.findUniqueOrThrow({ where: { id: res.json.submission.id } });
    expect(JSON.stringify(stored.result)).not.toContain(SECRET);
    expect(JSON.stringify(stored.result)).not.toContain(d);
    const replay = await send(c.id, red, "red", LEAK, { key: "reveal-1" });
    expect(replay.status).toBe(200);
    expect(replay.json).toMatchObject({
      replayed: true,
      pairing: { id: res.json.pairing.id, opponent_prompt: d, secret: SECRET },
    });
    const blueView = await myPairings(c.id, blue, "blue");
    expect(blueView.json.data[0]).toMatchObject({ opponent_prompt: LEAK, secret: SECRET });
  });
});

// ---- idempotency -----------------------------------------------------------------------------------

describe("Idempotency-Key", () => {
  it("a repeat answers the stored result with 200 and replayed; another prompt under the key is 422", async () => {
    const c = await challenge(NO_GATE);
    const { blue, red } = await blueAndRed(c.id);
    await send(c.id, blue, "blue", defense());
    const first = await send(c.id, red, "red", LEAK, { key: "k-1" });
    expect(first.status).toBe(201);
    const again = await send(c.id, red, "red", LEAK, { key: "k-1" });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ ...first.json, replayed: true });
    expect(await submissionCount(c.id, { accountId: red.id })).toBe(1);
    expect(await db.teamPairing.count({ where: { redBlueChallengeId: c.id } })).toBe(1);
    const other = await send(c.id, red, "red", HARMLESS, { key: "k-1" });
    expect(other.status).toBe(422);
    // The key is the player's own: another player may use the same one.
    const red2 = await player();
    await join(c.id, red2, "red");
    expect((await send(c.id, red2, "red", LEAK, { key: "k-1" })).status).toBe(201);
  });

  it("a repeat of a submission whose round died without answering is answered from what was stored", async () => {
    const c = await challenge();
    const red = await player();
    await joinTeam(red.id, c.id, "red");
    const createdAt = new Date(Date.now() - 10 * 60_000);
    const row = await storeSubmission(c, red.id, "red", LEAK, { idempotencyKey: "dead-1", createdAt });
    const res = await send(c.id, red, "red", LEAK, { key: "dead-1" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      submission: { id: row.id, team: "red", created_at: createdAt.toISOString() },
      pairing: null,
      waiting: true,
      requested_opponent: false,
      utility_failed: false,
      replayed: true,
    });
    // A fresh one still being played is a 409 with Retry-After.
    await storeSubmission(c, red.id, "red", LEAK, { idempotencyKey: "busy-1" });
    const busy = await send(c.id, red, "red", LEAK, { key: "busy-1" });
    expect(busy.status).toBe(409);
    expect(busy.headers.get("retry-after")).toBe("2");
  });

  it("the caller going away cancels the model call and withdraws the submission", async () => {
    const c = await challenge(NO_GATE);
    const { blue, red } = await blueAndRed(c.id, "service");
    await play(c.id, blue, "blue", defense());
    let called = 0;
    const hang = (o: LanguageModelV4CallOptions) =>
      new Promise<never>((_, reject) => {
        called++;
        o.abortSignal?.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
      });
    const hanging: LanguageModelV4 = {
      specificationVersion: "v4",
      provider: "test",
      modelId: "hanging",
      supportedUrls: {},
      doGenerate: hang,
      doStream: hang,
    };
    const controller = new AbortController();
    const pending = submitTeamPrompt(
      { challengeId: c.id, accountId: red.id, team: "red", prompt: LEAK, signal: controller.signal },
      { resolveModel: (ref) => (ref === "offline:judge" ? judgeModel() : hanging) },
    );
    const settled = pending.then(
      () => "resolved",
      (e: unknown) => e,
    );
    for (let i = 0; i < 200 && called === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(called).toBe(1);
    expect(await submissionCount(c.id, { team: "red" })).toBe(1);
    controller.abort();
    expect(await settled).not.toBe("resolved");
    expect(await submissionCount(c.id, { team: "red" })).toBe(0);
    expect(await db.teamPairing.count({ where: { redBlueChallengeId: c.id } })).toBe(0);
  });

  it("parallel repeats of one key store one submission", async () => {
    const c = await challenge(NO_GATE);
    const red = await player();
    await joinTeam(red.id, c.id, "red");
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => play(c.id, red, "red", LEAK, { key: "same" })),
    );
    const ok = results.filter((r): r is PromiseFulfilledResult<SubmitResponse> => r.status === "fulfilled");
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.value.submission.id)).size).toBe(1);
    for (const r of results)
      if (r.status === "rejected") expect((r.reason as AppError).code).toBe("conflict");
    expect(await submissionCount(c.id)).toBe(1);
  });
});

secretScanSuite({ minAnswers: 30, revealed: true });
