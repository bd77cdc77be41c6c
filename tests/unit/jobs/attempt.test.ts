import { describe, expect, it } from "vitest";
import { z } from "zod";
import { effectiveMaxAttempts, errorText, retryDelayMs, runTry } from "@/lib/jobs/attempt";
import { DEFAULT_MAX_ATTEMPTS, defineJob, PermanentJobError } from "@/lib/jobs/types";

describe("retry backoff (SQLite engine)", () => {
  const backoff = { baseMs: 1_000, maxMs: 10_000 };
  it("the ceiling doubles each try up to maxMs", () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(backoff, n, () => 0.999999))).toEqual([999, 1999, 3999, 7999, 9999, 9999]);
  });
  it("full jitter: anywhere from 0 to the ceiling", () => {
    expect(retryDelayMs(backoff, 4, () => 0)).toBe(0);
    expect(retryDelayMs(backoff, 4, () => 0.5)).toBe(4_000);
    const spread = new Set(Array.from({ length: 50 }, () => retryDelayMs(backoff, 3)));
    expect(spread.size).toBeGreaterThan(10);
    for (const d of spread) expect(d).toBeLessThanOrEqual(4_000);
  });
});

describe("last_error", () => {
  it("keeps the message, masks credentials and caps the length", () => {
    const text = errorText(new Error("POST https://bob:s3cret@hooks.example/x failed; Authorization: Bearer abc.def; api_key=XYZ"));
    expect(text).not.toMatch(/s3cret|abc\.def|XYZ/);
    expect(text).toContain("hooks.example");
    expect(errorText(new Error("x".repeat(5_000))).length).toBe(1_000);
  });
});

describe("one try", () => {
  const payload = z.object({ n: z.number() });
  const info = { jobId: "j", queue: "q", attempt: 1, maxAttempts: 3 };
  const stop = new AbortController().signal;
  it("a PermanentJobError is permanent, an invalid payload too, other errors are not", async () => {
    const perm = defineJob({ queue: "q", payload, run: () => Promise.reject(new PermanentJobError("gone")) });
    const plain = defineJob({ queue: "q", payload, run: () => Promise.reject(new Error("flaky")) });
    expect(await runTry(perm, { n: 1 }, info, stop)).toMatchObject({ ok: false, permanent: true });
    expect(await runTry(plain, { n: 1 }, info, stop)).toMatchObject({ ok: false, permanent: false, error: "flaky" });
    expect(await runTry(plain, { n: "1" }, info, stop)).toMatchObject({ ok: false, permanent: true, error: expect.stringMatching(/invalid payload: n/) });
  });
  it("a handler that ignores its signal is abandoned at the deadline", async () => {
    // The handler never settles: without the deadline this would hang until the test's timeout.
    const stuck = defineJob({ queue: "q", payload, timeoutMs: 50, run: () => new Promise<void>(() => undefined) });
    expect(await runTry(stuck, { n: 1 }, info, stop)).toMatchObject({ ok: false, permanent: false, error: expect.stringMatching(/timed out after 50 ms/) });
  });
  it("a row at the default tries takes the definition's", () => {
    const def = defineJob({ queue: "q", payload, maxAttempts: 3, run: () => Promise.resolve() });
    expect(effectiveMaxAttempts(def, DEFAULT_MAX_ATTEMPTS)).toBe(3);
    expect(effectiveMaxAttempts(def, 5)).toBe(5);
  });
});
