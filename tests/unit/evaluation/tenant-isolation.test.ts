// Hostile-tenant limits, "one creator must not stall everyone": bounded regex cost, capped evaluation input,
// fair turns between workspaces in the plugin sandbox and the regex worker, a queue deadline,
// bounded JSON nesting, capped model output and size-limited plugin schema patterns.
import { afterAll, describe, expect, it, vi } from "vitest";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { AppError } from "@/lib/errors";
import { FairQueue } from "@/lib/evaluation/fair-queue";
import { clipForEvaluation, evaluationInputCap, modelOutputCharCap } from "@/lib/evaluation/limits";
import { INLINE_REGEX_COST, RULES_TIMEOUT_FEEDBACK, RegexRunner, evaluateRulesBounded } from "@/lib/evaluation/rules-runner";
import { SandboxPool } from "@/lib/evaluation/sandbox/pool";
import { assertJsonTextDepth, jsonTextDepth, jsonValueDepth, MAX_JSON_DEPTH } from "@/lib/http/json-limits";
import { compileConfigSchema, configSchemaSchema } from "@/lib/contracts/plugins";
import { generateModelText, streamModelText } from "@/lib/workflow/nodes/llm/stream-model";

const CATASTROPHIC = "a[ab]{999}[ab]{999}[ab]{999}[ab]{999}$";
const LOOP = "function evaluate() { for (;;) {} }";
const TRIVIAL = "function evaluate() { return { passed: true }; }";

/**
 * Runs fn while a timer ticks; returns fn's result and how many ticks ran before it settled. Work
 * done on the event loop itself lets no tick through, work on another thread lets them run.
 */
async function withLoopTicks<T>(fn: () => Promise<T>): Promise<{ value: T; ticks: number }> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  try {
    const value = await fn();
    return { value, ticks };
  } finally {
    clearInterval(timer);
  }
}

/** A promise and whether it has settled yet. */
function tracked<T>(promise: Promise<T>): { promise: Promise<T>; settled: () => boolean } {
  let done = false;
  const p = promise.finally(() => (done = true));
  return { promise: p, settled: () => done };
}

// Sandbox and regex workers run at a low priority, so on a busy machine their jobs wait long for
// the CPU: jobs whose outcome is not the deadline get the longest one.
const GENEROUS_MS = 60_000;

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("JSON depth limits", () => {
  it("measures nesting without recursion and ignores brackets inside strings", () => {
    expect(jsonTextDepth('{"a":[1,{"b":"[[[[{{{{"}]}')).toBe(3);
    expect(jsonTextDepth('"\\"[[["')).toBe(0);
    expect(jsonTextDepth(nested(100_000))).toBe(100_000);
    expect(jsonTextDepth(nested(100_000), 64)).toBe(65);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(jsonValueDepth(deep, MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
    expect(jsonValueDepth({ a: [{ b: null }] })).toBe(3);
  });

  it("refuses 5,000 levels with a 422 AppError and accepts the limit", () => {
    expect(() => assertJsonTextDepth(nested(MAX_JSON_DEPTH))).not.toThrow();
    let err: unknown;
    try {
      assertJsonTextDepth(`{"evaluator_config":${nested(5000)}}`);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(422);
    expect((err as AppError).toBody().error).toMatchObject({ code: "validation_failed", message: expect.stringMatching(/64 levels/) });
  });
});

describe("evaluation input cap", () => {
  it("clips text to EVALUATION_MAX_INPUT_CHARS (default 32k) without splitting a surrogate pair", () => {
    expect(evaluationInputCap()).toBe(32_768);
    expect(clipForEvaluation("x".repeat(200_000))).toHaveLength(32_768);
    const emoji = "x".repeat(32_767) + "😀";
    expect(clipForEvaluation(emoji)).toBe("x".repeat(32_767));
    expect(clipForEvaluation("short")).toBe("short");
  });

  it("caps a model answer at LLM_MAX_OUTPUT_CHARS and 16 characters per token", () => {
    expect(modelOutputCharCap(1024)).toBe(16_384);
    expect(modelOutputCharCap(32_000)).toBe(65_536);
  });
});

describe("rules regex with a bounded cost", () => {
  const runner = new RegexRunner({ timeoutMs: 300 });
  afterAll(() => runner.close());
  const answer = "ab".repeat(100_000); // 200,000 characters, like the report

  it("the reported pattern on a 200,000-character answer no longer blocks the event loop", async () => {
    const { value, ticks } = await withLoopTicks(() =>
      evaluateRulesBounded({ workspaceId: "ws-a", successType: "regex", pattern: CATASTROPHIC, text: answer, runner }),
    );
    // Before: 4.7 s on the main thread, no tick in between. Now: off the thread (the loop ticks
    // while it runs), stopped at the 300 ms budget (a slower machine only reaches it sooner).
    expect(ticks).toBeGreaterThan(0);
    expect(value).toMatchObject({ outcome: "error", feedback: RULES_TIMEOUT_FEEDBACK, evaluator: "rules" });
    expect(JSON.stringify(value.raw)).not.toContain(CATASTROPHIC);
  });

  it("a costly pattern within the budget still gets the right verdict, off the thread", async () => {
    const generous = new RegexRunner({ timeoutMs: 20_000 });
    try {
      const text = "ab".repeat(16_000) + "c"; // 32,001 characters
      const pattern = "b[ab]{300}c"; // ~300 steps: 300 × 32k is above the inline bound
      expect(300 * text.length).toBeGreaterThan(INLINE_REGEX_COST);
      const pass = await evaluateRulesBounded({ workspaceId: "ws", successType: "regex", pattern, text, runner: generous });
      expect(pass.outcome).toBe("pass");
      const fail = await evaluateRulesBounded({ workspaceId: "ws", successType: "regex", pattern: "a[ab]{300}c", text, runner: generous });
      expect(fail.outcome).toBe("fail");
      expect(generous.spawned).toBe(1);
    } finally {
      await generous.close();
    }
  });

  it("cheap patterns run inline and the text is capped before matching", async () => {
    const spawned = runner.spawned;
    const text = "x".repeat(40_000) + "needle";
    const found = await evaluateRulesBounded({ workspaceId: "ws", successType: "regex", pattern: "needle", text, runner });
    // The needle sits past the 32k cap: evaluators never see it.
    expect(found.outcome).toBe("fail");
    const near = await evaluateRulesBounded({ workspaceId: "ws", successType: "contains", pattern: "needle", text: `needle${text}`, runner });
    expect(near.outcome).toBe("pass");
    expect(runner.spawned).toBe(spawned);
  });

  it("workspaces take turns: one workspace's queued catastrophic searches delay another's by one search", async () => {
    // Counted in searches, not milliseconds: B's search runs after at most A's first one, not
    // after A's whole backlog. A's searches end as errors (over the budget) or, on a fast machine,
    // as fails; B's is ~250 times cheaper than the budget (2.4M steps, ~20 ms), and nothing is
    // refused for waiting. A's leftovers are cancelled at the end.
    const local = new RegexRunner({ timeoutMs: 5000, queueDeadlineMs: GENEROUS_MS });
    const controller = new AbortController();
    try {
      const text = answer.slice(0, 32_000);
      const hostile = Array.from({ length: 4 }, () =>
        tracked(
          evaluateRulesBounded({ workspaceId: "ws-a", successType: "regex", pattern: CATASTROPHIC, text, runner: local, signal: controller.signal }),
        ),
      );
      const fair = await evaluateRulesBounded({ workspaceId: "ws-b", successType: "regex", pattern: "b[ab]{70}$", text, runner: local });
      expect(fair.outcome).toBe("pass");
      expect(hostile.filter((h) => h.settled()).length).toBeLessThanOrEqual(1);
      controller.abort(new Error("test over"));
      const results = await Promise.allSettled(hostile.map((h) => h.promise));
      // None of A's searches passed: each ran over the budget, found nothing, or was cancelled.
      expect(results.every((r) => r.status === "rejected" || r.value.outcome !== "pass")).toBe(true);
    } finally {
      await local.close();
    }
  });
});

describe("plugin sandbox shared by workspaces", () => {
  it("six looping jobs of one workspace do not delay another's trivial job", async () => {
    // A's loops last until cancelled, so "B was not delayed by them" is an order, not a time: B's
    // job finishes while every one of A's is still running or waiting.
    const pool = new SandboxPool({ size: 2, maxPerTenant: 1, queueDeadlineMs: 3000 });
    const controller = new AbortController();
    try {
      // Warm both workers so start-up time does not count.
      await Promise.all([0, 1].map(() => pool.run({ code: TRIVIAL, entrypoint: "evaluate", timeoutMs: GENEROUS_MS })));
      const loops = Array.from({ length: 6 }, () =>
        tracked(pool.run({ code: LOOP, entrypoint: "evaluate", timeoutMs: GENEROUS_MS }, { tenant: "ws-a", signal: controller.signal })),
      );
      const result = await pool.run({ code: TRIVIAL, entrypoint: "evaluate", timeoutMs: GENEROUS_MS }, { tenant: "ws-b" });
      expect(result).toEqual({ ok: true, value: { passed: true } });
      // A's first loop still holds its worker (the others wait, or were refused as busy).
      expect(loops[0]!.settled()).toBe(false);
      expect(pool.stats().busy).toBe(1);
      // The waiting loops are refused past the queue deadline; then the running one is cancelled.
      await vi.waitFor(() => expect(loops.filter((l) => l.settled())).toHaveLength(5), { timeout: 15_000 });
      controller.abort();
      const done = await Promise.all(loops.map((l) => l.promise));
      expect(done.every((r) => !r.ok && r.error === "timeout")).toBe(true);
      expect(done.filter((r) => !r.ok && /busy/.test(r.detail))).toHaveLength(5);
    } finally {
      await pool.close();
    }
  });

  it("takes turns between workspaces in the queue", async () => {
    const pool = new SandboxPool({ size: 1, queueDeadlineMs: GENEROUS_MS });
    try {
      await pool.run({ code: TRIVIAL, entrypoint: "evaluate", timeoutMs: GENEROUS_MS });
      const order: string[] = [];
      const job = (tenant: string, n: number) =>
        pool
          .run({ code: `function evaluate() { return { passed: true, feedback: "${tenant}${n}" }; }`, entrypoint: "evaluate", timeoutMs: GENEROUS_MS }, { tenant })
          .then(() => order.push(`${tenant}${n}`));
      const first = pool.run({ code: LOOP, entrypoint: "evaluate", timeoutMs: 200 }, { tenant: "a" });
      await Promise.all([first, job("a", 1), job("a", 2), job("a", 3), job("b", 1), job("b", 2)]);
      expect(order).toEqual(["a1", "b1", "a2", "b2", "a3"]);
    } finally {
      await pool.close();
    }
  });

  it("refuses a job that waited past the queue deadline, and bounds one workspace's backlog", async () => {
    const pool = new SandboxPool({ size: 1, queueDeadlineMs: 300, maxQueuePerTenant: 2 });
    const controller = new AbortController();
    try {
      await pool.run({ code: TRIVIAL, entrypoint: "evaluate", timeoutMs: GENEROUS_MS });
      // Runs until cancelled: the queued jobs are refused while it still holds the worker.
      const running = tracked(pool.run({ code: LOOP, entrypoint: "evaluate", timeoutMs: GENEROUS_MS }, { tenant: "a", signal: controller.signal }));
      const queued = [1, 2].map(() => pool.run({ code: TRIVIAL, entrypoint: "evaluate" }, { tenant: "a" }));
      expect(await pool.run({ code: TRIVIAL, entrypoint: "evaluate" }, { tenant: "a" })).toMatchObject({ ok: false, detail: /busy/ });
      for (const q of queued) expect(await q).toMatchObject({ ok: false, error: "timeout", detail: /busy/ });
      expect(running.settled()).toBe(false);
      controller.abort();
      expectErrorKind(await running.promise, "timeout");
    } finally {
      await pool.close();
    }
  });

  it("refuses deeply nested plugin output instead of handing it to the host", async () => {
    const pool = new SandboxPool({ size: 1, queueDeadlineMs: GENEROUS_MS });
    try {
      const code = `function evaluate() { let v = {}; for (let i = 0; i < 5000; i++) v = { v }; return { passed: true, raw: v }; }`;
      const result = await pool.run({ code, entrypoint: "evaluate", timeoutMs: GENEROUS_MS });
      expect(result).toMatchObject({ ok: false, error: "invalid_output", detail: expect.stringMatching(/64 levels/) });
      const fine = await pool.run({ code: code.replace("5000", "20"), entrypoint: "evaluate", timeoutMs: GENEROUS_MS });
      expect(fine.ok).toBe(true);
      // Deeply nested arguments (a stored config from before the body limit) are refused up front.
      let config: unknown = {};
      for (let i = 0; i < 5000; i++) config = { config };
      const args = await pool.run({ code: TRIVIAL, entrypoint: "evaluate", args: ["g", "r", config] });
      expect(args).toMatchObject({ ok: false, error: "runtime", detail: expect.stringMatching(/64 levels deep/) });
    } finally {
      await pool.close();
    }
  });
});

function expectErrorKind(result: { ok: boolean; error?: string }, kind: string) {
  expect(result.ok).toBe(false);
  expect(result.error).toBe(kind);
}

describe("plugin config_schema patterns", () => {
  it("refuses the reported 30,000-step pattern at save, like a challenge pattern", () => {
    const schema = { type: "object", properties: { name: { type: "string", pattern: "[ab]{1000}".repeat(30) } } };
    const parsed = configSchemaSchema.safeParse(schema);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/too complex|too large/);
  });

  it("bounds a match by program size × value length instead of blocking the server", () => {
    const compiled = compileConfigSchema({
      type: "object",
      properties: { name: { type: "string", pattern: CATASTROPHIC } },
    });
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return;
    // Refused from its size alone, before any search runs.
    const res = compiled.validate({ name: "ab".repeat(15_000) });
    expect(res).toMatchObject({ ok: false, message: expect.stringMatching(/too long for it/) });
    // Short values are checked normally.
    expect(compiled.validate({ name: "ab".repeat(100) })).toMatchObject({ ok: false, message: expect.stringMatching(/must match pattern/) });
    const simple = compileConfigSchema({ type: "object", properties: { name: { type: "string", pattern: "^[a-z]+$" } } });
    expect(simple.ok && simple.validate({ name: "x".repeat(30_000) })).toEqual({ ok: true });
  });
});

describe("model output cap", () => {
  const huge = "x".repeat(1024 * 1024);
  const usage = { inputTokens: { total: 5 }, outputTokens: { total: 300_000 } };
  // A model that ignores maxOutputTokens and answers 1 MB.
  const model = {
    doGenerate: () =>
      Promise.resolve({ content: [{ type: "text", text: huge }], usage, finishReason: { unified: "stop" } }),
    doStream: () =>
      Promise.resolve({
        stream: new ReadableStream({
          start(controller) {
            for (let i = 0; i < huge.length; i += 4096) controller.enqueue({ type: "text-delta", id: "t", delta: huge.slice(i, i + 4096) });
            controller.enqueue({ type: "finish", usage, finishReason: { unified: "stop" } });
            controller.close();
          },
        }),
      }),
  } as unknown as LanguageModelV4;

  it("keeps at most maxOutputChars of a streamed or generated answer", async () => {
    let streamed = "";
    const out = await streamModelText({ model, prompt: "hi", maxOutputChars: 10_000, onText: (d) => (streamed += d) });
    expect(out.text).toHaveLength(10_000);
    expect(streamed).toBe(out.text);
    expect(out.finishReason).toBe("length");
    expect(out.outputTokens).toBeGreaterThan(0);
    const whole = await generateModelText({ model, prompt: "hi", maxOutputChars: 10_000 });
    expect(whole.text).toHaveLength(10_000);
    expect(whole.finishReason).toBe("length");
  });
});

describe("FairQueue", () => {
  it("serves tenants round-robin and skips tenants that may not run more", () => {
    const q = new FairQueue<string>();
    for (const item of ["a1", "a2", "a3"]) q.push("a", item);
    q.push("b", "b1");
    q.push("c", "c1");
    expect(q.shift()).toBe("a1");
    expect(q.shift((t) => t !== "b")).toBe("c1");
    expect(q.shift()).toBe("b1");
    expect(q.remove("a", "a3")).toBe(true);
    expect(q.size).toBe(1);
    expect(q.drain()).toEqual(["a2"]);
    expect(q.shift()).toBeUndefined();
  });
});
