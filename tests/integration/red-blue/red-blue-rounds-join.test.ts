// Red/blue rounds, the way in: joining a side, and every submission the submit route refuses
// (nothing stored) — through the real route handlers. Runs on SQLite and on PostgreSQL.
import { describe, expect, it } from "vitest";
import { POST as SUBMIT } from "@/app/web/api/red-blue-challenges/[id]/submit/route";
import { db } from "@/lib/db";
import { ATTEMPTS_PER_MINUTE } from "@/lib/services/attempts/limits";
import { call } from "@/tests/helpers/route";
import {
  challenge,
  defense,
  HARMLESS,
  join,
  LEAK,
  player,
  secretScanSuite,
  send,
  submit,
  UNKNOWN_ID,
} from "./red-blue-rounds-support";

describe("POST /web/api/red-blue-challenges/{id}/join", () => {
  it("joins a side; the same side again is a no-op; switching only before the first submission", async () => {
    const c = await challenge();
    const p = await player();
    const first = await join(c.id, p, "red");
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ membership: { team: "red", joined_at: expect.any(String) } });
    const again = await join(c.id, p, "red");
    expect(again.status).toBe(200);
    expect(again.json.membership).toEqual(first.json.membership);
    expect(await db.teamMember.count({ where: { redBlueChallengeId: c.id } })).toBe(1);

    const switched = await join(c.id, p, "blue");
    expect(switched.status).toBe(200);
    expect(switched.json.membership.team).toBe("blue");

    expect((await send(c.id, p, "blue", defense())).status).toBe(201);
    const late = await join(c.id, p, "red");
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe("conflict");
    expect(late.json.error.message).toMatch(/^You are on the blue team/);
    expect(
      (await db.teamMember.findFirstOrThrow({ where: { redBlueChallengeId: c.id, accountId: p.id } })).team,
    ).toBe("blue");
  });

  it("401 without a session, 404 for unknown or inactive challenges, 422 for a bad team", async () => {
    const c = await challenge();
    const p = await player();
    const anon = await join(c.id, null, "red");
    expect(anon.status).toBe(401);
    expect(anon.json.error.code).toBe("unauthorized");
    expect((await join(UNKNOWN_ID, p, "red")).status).toBe(404);
    const inactive = await challenge({}, { isActive: false });
    const res = await join(inactive.id, p, "red");
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe("not_found");
    const bad = await join(c.id, p, "purple");
    expect(bad.status).toBe(422);
    expect(bad.json.error.code).toBe("validation_failed");
    expect(await db.teamMember.count({ where: { accountId: p.id } })).toBe(0);
  });
});

// ---- submit: the refusals -------------------------------------------------------------------------

describe("POST /web/api/red-blue-challenges/{id}/submit refusals", () => {
  it("401 anonymous, 403 not joined, 409 the other side, 404 unknown/inactive — nothing stored", async () => {
    const c = await challenge();
    const p = await player();
    const anon = await submit(c.id, null, { team: "red", prompt: LEAK });
    expect(anon.status).toBe(401);

    const notJoined = await send(c.id, p, "blue", defense());
    expect(notJoined.status).toBe(403);
    expect(notJoined.json.error).toEqual({ code: "forbidden", message: "Join the blue team first" });

    await join(c.id, p, "red");
    const other = await send(c.id, p, "blue", defense());
    expect(other.status).toBe(409);
    expect(other.json.error.code).toBe("conflict");
    expect(other.json.error.message).toMatch(/^You are on the red team/);

    expect((await send(UNKNOWN_ID, p, "red", LEAK)).status).toBe(404);
    const inactive = await challenge({}, { isActive: false });
    await db.teamMember.create({ data: { redBlueChallengeId: inactive.id, accountId: p.id, team: "red" } });
    const gone = await send(inactive.id, p, "red", LEAK);
    expect(gone.status).toBe(404);
    expect(gone.json.error.code).toBe("not_found");
    expect(await db.teamSubmission.count({ where: { accountId: p.id } })).toBe(0);
  });

  it("422 for a prompt over the challenge's limit, a bad body or a bad Idempotency-Key — nothing stored", async () => {
    const c = await challenge({ max_prompt_chars: 60 });
    const p = await player();
    await join(c.id, p, "red");
    const long = await send(c.id, p, "red", "a".repeat(61));
    expect(long.status).toBe(422);
    expect(long.json.error.message).toMatch(/too long \(60 characters/);
    for (const body of [
      { team: "red" },
      { team: "red", prompt: "  " },
      { team: "green", prompt: "hi" },
      { team: "red", prompt: "hi", extra: 1 },
    ]) {
      const res = await submit(c.id, p, body);
      expect(res.status).toBe(422);
      expect(res.json.error.code).toBe("validation_failed");
    }
    const badKey = await submit(
      c.id,
      p,
      { team: "red", prompt: LEAK },
      { headers: { "idempotency-key": "has space" } },
    );
    expect(badKey.status).toBe(422);
    expect(await db.teamSubmission.count({ where: { redBlueChallengeId: c.id } })).toBe(0);
  });

  it("a 2 MB body is 413 and a 5,000-deep JSON body a 4xx, before any model call — nothing stored", async () => {
    const c = await challenge();
    const p = await player();
    await join(c.id, p, "red");
    const huge = await send(c.id, p, "red", "a".repeat(2 * 1024 * 1024));
    expect(huge.status).toBe(413);
    expect(huge.json.error.code).toBe("payload_too_large");
    const deep = `{"team":"red","prompt":${'{"a":'.repeat(5000)}"x"${"}".repeat(5000)}}`;
    const nested = await call(SUBMIT, {
      method: "POST",
      params: { id: c.id },
      path: `/web/api/red-blue-challenges/${c.id}/submit`,
      rawBody: deep,
      headers: { "content-type": "application/json" },
      bearer: p.bearer,
    });
    expect(nested.status).toBeGreaterThanOrEqual(400);
    expect(nested.status).toBeLessThan(500);
    expect(typeof nested.json.error.message).toBe("string");
    expect(await db.teamSubmission.count({ where: { redBlueChallengeId: c.id } })).toBe(0);
  });

  it("429 with Retry-After past settings.submissions_per_minute", async () => {
    const c = await challenge({ submissions_per_minute: 2 });
    const p = await player();
    await join(c.id, p, "red");
    expect((await send(c.id, p, "red", LEAK)).status).toBe(201);
    expect((await send(c.id, p, "red", HARMLESS)).status).toBe(201);
    const third = await send(c.id, p, "red", "One more try");
    expect(third.status).toBe(429);
    expect(third.json.error.code).toBe("rate_limited");
    const retry = Number(third.headers.get("retry-after"));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(await db.teamSubmission.count({ where: { redBlueChallengeId: c.id } })).toBe(2);
    // Another player is not held back.
    const q = await player();
    await join(c.id, q, "red");
    expect((await send(c.id, q, "red", LEAK)).status).toBe(201);
  });

  it("429 past the instance's per-account rate of attempts, counted over every red/blue challenge", async () => {
    const [c1, c2] = [await challenge(), await challenge()];
    const p = await player();
    await join(c1.id, p, "red");
    await join(c2.id, p, "red");
    for (let i = 0; i < ATTEMPTS_PER_MINUTE; i++) {
      const c = i % 2 ? c2 : c1;
      expect((await submit(c.id, p, { team: "red", prompt: `${HARMLESS} ${i}` })).status).toBe(201);
    }
    const over = await send(c1.id, p, "red", LEAK);
    expect(over.status).toBe(429);
    expect(over.json.error.message).toMatch(
      /^You are submitting too fast\. Try again in \d+ (?:seconds?|minutes?)\.$/,
    );
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await db.teamSubmission.count({ where: { accountId: p.id } })).toBe(ATTEMPTS_PER_MINUTE);
  });
});

secretScanSuite({ minAnswers: 20 });
