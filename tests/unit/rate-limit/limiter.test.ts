import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { closeRateLimitStores, createLimiter, emailKey, limits } from "@/lib/rate-limit";

// Semantics on the per-process memory store; the shared stores run the same checks in
// tests/integration/security/rate-limit*.test.ts.
const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

async function rejection(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe("createLimiter (memory store)", () => {
  beforeAll(() => {
    process.env.RATE_LIMIT_STORE = "memory";
    resetEnvForTests();
  });
  afterAll(async () => {
    delete process.env.RATE_LIMIT_STORE;
    resetEnvForTests();
    await closeRateLimitStores();
  });

  it("consume counts down and then throws rate_limited with Retry-After", async () => {
    const limiter = createLimiter({
      name: unique("consume"),
      points: 3,
      durationSec: 30,
      message: "Slow down",
    });
    expect(await limiter.consume("k")).toBe(2);
    expect(await limiter.consume("k")).toBe(1);
    expect(await limiter.consume("k")).toBe(0);
    const err = await rejection(limiter.consume("k"));
    expect(err.code).toBe("rate_limited");
    expect(err.status).toBe(429);
    expect(err.message).toBe("Slow down");
    const retryAfter = Number(err.headers?.["Retry-After"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(err.details).toEqual({ retry_after: retryAfter });
  });

  it("consume can take several points at once", async () => {
    const limiter = createLimiter({ name: unique("multi"), points: 5, durationSec: 30 });
    expect(await limiter.consume("k", 4)).toBe(1);
    await expect(limiter.consume("k", 2)).rejects.toMatchObject({ code: "rate_limited" });
  });

  it("penalize never throws; assertNotBlocked refuses once all points are used", async () => {
    const limiter = createLimiter({ name: unique("failures"), points: 5, durationSec: 60 });
    await limiter.assertNotBlocked("ip");
    for (let i = 4; i >= 0; i--) {
      await limiter.assertNotBlocked("ip");
      expect(await limiter.penalize("ip")).toBe(i);
    }
    const err = await rejection(limiter.assertNotBlocked("ip"));
    expect(err.code).toBe("rate_limited");
    expect(Number(err.headers?.["Retry-After"])).toBeGreaterThanOrEqual(1);
    expect(await limiter.penalize("ip")).toBe(0);
    await limiter.assertNotBlocked("other-ip");
  });

  it("refund gives back only what was taken", async () => {
    const limiter = createLimiter({ name: unique("refund"), points: 2, durationSec: 60 });
    await limiter.refund("fresh"); // nothing taken: must not create extra allowance
    await limiter.consume("fresh");
    await limiter.consume("fresh");
    await expect(limiter.consume("fresh")).rejects.toMatchObject({ code: "rate_limited" });

    await limiter.consume("k");
    await limiter.refund("k", 5);
    expect(await limiter.consume("k")).toBe(1);
    expect(await limiter.consume("k")).toBe(0);
    await expect(limiter.consume("k")).rejects.toMatchObject({ code: "rate_limited" });
  });

  it("reset clears a key", async () => {
    const limiter = createLimiter({ name: unique("reset"), points: 1, durationSec: 60 });
    await limiter.consume("k");
    await expect(limiter.consume("k")).rejects.toMatchObject({ code: "rate_limited" });
    await limiter.reset("k");
    expect(await limiter.consume("k")).toBe(0);
  });

  it("blockSec keeps a key refused after the window would have ended", async () => {
    const limiter = createLimiter({ name: unique("block"), points: 1, durationSec: 1, blockSec: 30 });
    await limiter.consume("k");
    const err = await rejection(limiter.consume("k"));
    expect(Number(err.headers?.["Retry-After"])).toBeGreaterThan(20);

    await limiter.penalize("p");
    const blocked = await rejection(limiter.assertNotBlocked("p"));
    expect(Number(blocked.headers?.["Retry-After"])).toBeGreaterThan(20);
  });

  it("limiters with different names do not share counters", async () => {
    const a = createLimiter({ name: unique("a"), points: 1, durationSec: 60 });
    const b = createLimiter({ name: unique("b"), points: 1, durationSec: 60 });
    await a.consume("same");
    expect(await b.consume("same")).toBe(0);
  });

  it("hashes very long keys instead of storing them", async () => {
    const limiter = createLimiter({ name: unique("long"), points: 1, durationSec: 60 });
    const long = `${"x".repeat(300)}@example.com`;
    await limiter.consume(long);
    await expect(limiter.consume(long)).rejects.toMatchObject({ code: "rate_limited" });
    expect(await limiter.consume(`${"x".repeat(300)}@example.org`)).toBe(0);
  });

  it.each([
    { name: "bad name", opts: { name: "has space", points: 1, durationSec: 1 } },
    { name: "zero points", opts: { name: "n", points: 0, durationSec: 1 } },
    { name: "fractional duration", opts: { name: "n", points: 1, durationSec: 1.5 } },
    { name: "negative block", opts: { name: "n", points: 1, durationSec: 1, blockSec: -1 } },
  ])("rejects invalid options ($name)", ({ opts }) => {
    expect(() => createLimiter(opts)).toThrow();
  });

  it("rejects an empty key and non-positive point counts", async () => {
    const limiter = createLimiter({ name: unique("args"), points: 5, durationSec: 1 });
    await expect(limiter.consume("")).rejects.toThrow("must not be empty");
    await expect(limiter.assertNotBlocked("")).rejects.toThrow("must not be empty");
    await expect(limiter.consume("k", 0)).rejects.toThrow("positive integer");
    await expect(limiter.penalize("k", -1)).rejects.toThrow("positive integer");
    await expect(limiter.refund("k", 1.5)).rejects.toThrow("positive integer");
  });

  it("emailKey folds case and spacing", () => {
    expect(emailKey("  Player@Example.COM ")).toBe("player@example.com");
  });
});

describe("predefined limits", () => {
  it.each([
    { limiter: limits.loginFailures, points: 5, durationSec: 60 },
    { limiter: limits.register, points: 10, durationSec: 3600 },
    { limiter: limits.emailCodeSend.perEmail, points: 3, durationSec: 600 },
    { limiter: limits.emailCodeSend.perClient, points: 20, durationSec: 3600 },
    { limiter: limits.emailCodeVerify, points: 10, durationSec: 600 },
  ])("$limiter.name: $points per $durationSec s", ({ limiter, points, durationSec }) => {
    expect(limiter.points).toBe(points);
    expect(limiter.durationSec).toBe(durationSec);
  });

  it("have distinct names", () => {
    const names = [
      limits.loginFailures,
      limits.register,
      limits.emailCodeSend.perEmail,
      limits.emailCodeSend.perClient,
      limits.emailCodeVerify,
    ].map((l) => l.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("when the shared store is unreachable", () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    delete process.env.RATE_LIMIT_STORE;
    process.env.DATABASE_URL = originalDatabaseUrl;
    process.env.LOG_LEVEL = "silent";
    resetEnvForTests();
    await closeRateLimitStores();
  });
  const originalDatabaseUrl = process.env.DATABASE_URL;

  it("keeps limiting per process and logs the failure once", async () => {
    process.env.RATE_LIMIT_STORE = "database";
    process.env.DATABASE_URL = "postgresql://postgres@127.0.0.1:1/nowhere";
    process.env.LOG_LEVEL = "error";
    resetEnvForTests();
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
    const limiter = createLimiter({ name: unique("down"), points: 2, durationSec: 60 });

    await limiter.consume("k");
    await limiter.consume("k");
    await expect(limiter.consume("k")).rejects.toMatchObject({ code: "rate_limited" });

    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "error", limit: limiter.name, op: "consume" });
    expect(lines[0]).not.toContain("nowhere");
  });
});
