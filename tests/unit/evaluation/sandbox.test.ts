import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SIMPLE_EVALUATOR, WEIGHTED_SCORER } from "@/lib/evaluation/sandbox/examples";
import { resetEnvForTests } from "@/lib/env";
import { effectiveTimeoutMs, SandboxPool } from "@/lib/evaluation/sandbox/pool";
import type { SandboxResult } from "@/lib/evaluation/sandbox/types";

// Workers run plugins at a low priority, so on a busy machine a job can wait long for the CPU.
// Only the tests about the deadline itself use a short one; every other job gets the longest, so
// its outcome cannot turn into a timeout (the queue deadline likewise).
const GENEROUS_MS = 60_000;
const pool = new SandboxPool({ size: 2, queueDeadlineMs: GENEROUS_MS });
afterAll(() => pool.close());

const run = (code: string, entrypoint: string, args: unknown[] = [], extra: { timeoutMs?: number; memoryMb?: number } = {}) =>
  pool.run({ code, entrypoint, args, timeoutMs: GENEROUS_MS, ...extra });

function expectError(result: SandboxResult, kind: string): string {
  if (result.ok) throw new Error(`expected ${kind}, got value ${JSON.stringify(result.value)}`);
  expect(result.error).toBe(kind);
  return result.detail;
}

describe("values", () => {
  const metrics = { succeeded: true, tokens_total: 100, elapsed_ms: 2000, rating: 8, created_at: 0 };
  it.each([
    {
      name: "SimpleEvaluator passes with every required word",
      plugin: SIMPLE_EVALUATOR,
      entry: "evaluate",
      args: ["goal", "The PASSWORD is swordfish", { must_contain: ["password", "swordfish"] }, {}],
      value: { passed: true, feedback: "Meets criteria", rating: 8 },
    },
    {
      name: "SimpleEvaluator fails on banned content",
      plugin: SIMPLE_EVALUATOR,
      entry: "evaluate",
      args: ["goal", "I cannot share that secret", { must_contain: ["secret"], banned: ["CANNOT"] }, {}],
      value: { passed: false, feedback: "Banned content detected", rating: 2 },
    },
    {
      name: "SimpleEvaluator fails on a missing signal",
      plugin: SIMPLE_EVALUATOR,
      entry: "evaluate",
      args: ["goal", "hello", { must_contain: ["swordfish"] }, {}],
      value: { passed: false, feedback: "Missing required signal", rating: 5 },
    },
    {
      name: "WeightedScorer with defaults",
      plugin: WEIGHTED_SCORER,
      entry: "score",
      // 100 + 8*10 - 2s*1 - 100*0.01
      args: [metrics, {}, {}],
      value: { score: 177 },
    },
    {
      name: "WeightedScorer with config and a floor of zero",
      plugin: WEIGHTED_SCORER,
      entry: "score",
      args: [{ ...metrics, succeeded: false, rating: 0 }, { time_penalty: 100 }, {}],
      value: { score: 0 },
    },
  ])("$name", async ({ plugin, entry, args, value }) => {
    expect(await run(plugin.code, entry, args)).toEqual({ ok: true, value });
  });

  it.each([
    { name: "ES module export", code: "export function evaluate(a) { return { got: a }; }", entry: "evaluate" },
    { name: "module with a const export", code: "const k = 'got';\nexport const evaluate = (a) => ({ [k]: a });", entry: "evaluate" },
    { name: "top-level const arrow", code: "const evaluate = (a) => ({ got: a });", entry: "evaluate" },
    { name: "exports object", code: "exports.evaluate = function (a) { return { got: a }; };", entry: "evaluate" },
    { name: "module.exports", code: "module.exports = { evaluate: (a) => ({ got: a }) };", entry: "evaluate" },
    { name: "explicit exports path", code: "exports.evaluate = (a) => ({ got: a });", entry: "exports.evaluate" },
    {
      name: "method on an object, called with its this",
      code: "const Evaluator = { key: 'got', evaluate(a) { return { [this.key]: a }; } };",
      entry: "Evaluator.evaluate",
    },
    { name: "async function", code: "async function evaluate(a) { await null; return { got: a }; }", entry: "evaluate" },
    { name: "console calls are discarded", code: "function evaluate(a) { console.log('x', a); return { got: a }; }", entry: "evaluate" },
  ])("entrypoint style: $name", async ({ code, entry }) => {
    expect(await run(code, entry, [[1, "two"]])).toEqual({ ok: true, value: { got: [1, "two"] } });
  });

  it("clones arguments as JSON", async () => {
    const when = new Date(0);
    const result = await run("function f(x) { return [typeof x.when, x.when, 'gone' in x]; }", "f", [{ when, gone: undefined }]);
    expect(result).toEqual({ ok: true, value: ["string", when.toISOString(), false] });
  });

  it("uses the VM's own JSON even if the plugin replaces it", async () => {
    const code = "JSON.stringify = () => '\"forged\"'; JSON.parse = () => 'forged'; function f(x) { return { x }; }";
    expect(await run(code, "f", [{ a: 1 }])).toEqual({ ok: true, value: { x: { a: 1 } } });
  });

  it("gives each job a fresh instance", async () => {
    expect(await run("globalThis.leak = 42; function f() { return 1; }", "f")).toEqual({ ok: true, value: 1 });
    expect(await run("function f() { return typeof leak; }", "f")).toEqual({ ok: true, value: "undefined" });
  });

  it("checkOnly loads the code and checks the entrypoint without calling it", async () => {
    // Calling it would end in a timeout after 10 s instead of this value.
    const code = "function evaluate() { for (;;) {} }";
    expect(await pool.run({ code, entrypoint: "evaluate", checkOnly: true, timeoutMs: 10_000 })).toEqual({
      ok: true,
      value: { entrypoint: "evaluate" },
    });
  });
});

describe("the default deadline", () => {
  it("is SANDBOX_TIMEOUT_MS (5 s) when the caller sets none, and a caller's own wins", () => {
    const saved = process.env.SANDBOX_TIMEOUT_MS;
    try {
      delete process.env.SANDBOX_TIMEOUT_MS;
      resetEnvForTests();
      expect(effectiveTimeoutMs()).toBe(5000);
      process.env.SANDBOX_TIMEOUT_MS = "30000";
      resetEnvForTests();
      expect(effectiveTimeoutMs()).toBe(30_000);
      expect(effectiveTimeoutMs(1000)).toBe(1000);
      expect(new SandboxPool()).toMatchObject({ queueDeadlineMs: 30_000 + 1500 });
    } finally {
      if (saved === undefined) delete process.env.SANDBOX_TIMEOUT_MS;
      else process.env.SANDBOX_TIMEOUT_MS = saved;
      resetEnvForTests();
    }
  });
});

describe("limits", () => {
  it("stops an infinite loop at the timeout", async () => {
    // The main thread's backstop is far away, so however slow the worker, only its interrupt
    // handler can stop the loop (a hang would fail on the test's own timeout).
    const local = new SandboxPool({ size: 1, graceMs: GENEROUS_MS, queueDeadlineMs: GENEROUS_MS });
    try {
      const result = await local.run({ code: "function evaluate() { for (;;) {} }", entrypoint: "evaluate", timeoutMs: 300 });
      expect(expectError(result, "timeout")).toBe("Stopped at the time limit");
    } finally {
      await local.close();
    }
  });

  it("stops an infinite loop in top-level code too", async () => {
    expectError(await run("while (true) {}\nfunction evaluate() {}", "evaluate", [], { timeoutMs: 300 }), "timeout");
  });

  it("stops a never-ending promise chain", async () => {
    const code = "async function evaluate() { for (;;) await null; }";
    expectError(await run(code, "evaluate", [], { timeoutMs: 300 }), "timeout");
  });

  it.each([
    { name: "growing array", code: "function f() { const a = []; for (;;) a.push(new Array(1e5).fill(a.length)); }" },
    { name: "growing array of strings", code: "function f() { const a = []; for (;;) a.push('x'.repeat(1 << 20) + a.length); }" },
    { name: "doubling string", code: "function f() { let s = 'x'; for (;;) s += s; }" },
    { name: "huge typed array", code: "function f() { return new Uint8Array(512 * 1024 * 1024).length; }" },
  ])("stops a memory bomb: $name", async ({ code }) => {
    expectError(await run(code, "f", [], { memoryMb: 32 }), "memory");
  });

  it("reports stack overflow as a runtime error", async () => {
    const detail = expectError(await run("function f() { return f() + 1; }", "f"), "runtime");
    expect(detail).toMatch(/stack overflow/);
    expect(detail.length).toBeLessThanOrEqual(501);
  });
});

describe("no host access", () => {
  it.each(["process", "require", "fetch", "setTimeout", "XMLHttpRequest", "WebAssembly", "Buffer", "globalThis.process"])(
    "%s is undefined inside the sandbox",
    async (name) => {
      expect(await run(`function f() { return typeof ${name}; }`, "f")).toEqual({ ok: true, value: "undefined" });
    },
  );

  it("the Function constructor escape finds no process", async () => {
    const code = "function f() { return typeof this.constructor.constructor('return typeof process')(); }";
    expect(await run(code, "f")).toEqual({ ok: true, value: "string" });
    const probe = "function f() { return this.constructor.constructor('return typeof process')(); }";
    expect(await run(probe, "f")).toEqual({ ok: true, value: "undefined" });
  });

  it("dynamic import() is refused", async () => {
    const code = `async function f() {
      try { await import("node:fs"); return "imported"; } catch (e) { return "blocked"; }
    }`;
    expect(await run(code, "f")).toEqual({ ok: true, value: "blocked" });
  });

  it("a static import fails to load", async () => {
    const detail = expectError(await run('import fs from "node:fs";\nexport function f() { return 1; }', "f"), "runtime");
    expect(detail).toMatch(/node:fs|module/i);
  });
});

describe("errors", () => {
  it.each([
    { name: "a thrown Error", code: "function f() { throw new Error('boom'); }", match: /^Error: boom \(.*plugin\.js:1/ },
    { name: "a thrown string", code: "function f() { throw 'bare'; }", match: /bare/ },
    { name: "a syntax error", code: "function f( {", match: /^SyntaxError/ },
    { name: "a missing entrypoint", code: "function g() {}", match: /"f" is not a function/ },
    { name: "an entrypoint that is not a function", code: "const f = 3;", match: /"f" is not a function/ },
    { name: "a rejected promise", code: "async function f() { throw new TypeError('nope'); }", match: /^TypeError: nope/ },
    { name: "a never-settling promise", code: "function f() { return new Promise(() => {}); }", match: /never settled/ },
  ])("$name is a runtime error with a short detail and no host paths", async ({ code, match }) => {
    const detail = expectError(await run(code, "f"), "runtime");
    expect(detail).toMatch(match);
    expect(detail).not.toMatch(/node_modules|node:internal|worker\.mjs|\/work\//);
  });

  it("rejects an entrypoint that is not a plain name", async () => {
    const detail = expectError(await run("function f() {}", "f(); globalThis.x = 1; f"), "runtime");
    expect(detail).toMatch(/Invalid entrypoint/);
  });

  it.each([
    { name: "undefined", body: "return undefined;" },
    { name: "nothing", body: "" },
    { name: "a function", body: "return () => 1;" },
    { name: "a symbol", body: "return Symbol('s');" },
    { name: "a cyclic object", body: "const o = {}; o.o = o; return o;" },
    { name: "a BigInt", body: "return { n: 10n };" },
    { name: "a throwing toJSON", body: "return { toJSON() { throw new Error('no'); } };" },
    { name: "an oversized value", body: "return 'x'.repeat(300 * 1024);" },
  ])("returning $name is invalid_output", async ({ body }) => {
    expectError(await run(`function f() { ${body} }`, "f"), "invalid_output");
  });

  it("refuses arguments that are not JSON", async () => {
    expectError(await run("function f() { return 1; }", "f", [{ n: 1n }]), "runtime");
  });
});

describe("the main thread stays responsive", () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end("pong"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const ping = () =>
    new Promise<void>((resolve, reject) => {
      request({ host: "127.0.0.1", port, path: "/", agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve());
      })
        .on("error", reject)
        .end();
    });

  it("answers HTTP requests while a plugin spins", async () => {
    // Structural rather than timed: every request is answered while the endless job is still
    // running (it only ends when cancelled below), which a plugin on the main thread would prevent.
    await ping(); // warm up the server path
    const controller = new AbortController();
    let settled = false;
    const spinning = pool
      .run({ code: "function f() { for (;;) {} }", entrypoint: "f", timeoutMs: GENEROUS_MS }, { signal: controller.signal })
      .finally(() => (settled = true));
    await vi.waitFor(() => expect(pool.stats().busy).toBeGreaterThanOrEqual(1), { timeout: 15_000 });
    await new Promise((r) => setTimeout(r, 300)); // usually inside the loop by now; the pings pass either way
    for (let i = 0; i < 10; i++) await ping();
    expect(settled).toBe(false);
    controller.abort();
    expect(await spinning).toEqual({ ok: false, error: "timeout", detail: "Cancelled" });
  });
});

describe("concurrency", () => {
  it("completes 8 concurrent jobs on 2 workers", async () => {
    const local = new SandboxPool({ size: 2, queueDeadlineMs: GENEROUS_MS });
    try {
      const code = "function f(n) { let s = 0; for (let i = 0; i < 200000; i++) s += i % n; return { n, s }; }";
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => local.run({ code, entrypoint: "f", args: [i + 1], timeoutMs: GENEROUS_MS })),
      );
      results.forEach((result, i) => {
        const n = i + 1;
        let s = 0;
        for (let k = 0; k < 200000; k++) s += k % n;
        expect(result).toEqual({ ok: true, value: { n, s } });
      });
      expect(local.stats()).toMatchObject({ spawned: 2, queued: 0, busy: 0 });
    } finally {
      await local.close();
    }
  });

  it("cancels a queued job without running it", async () => {
    const local = new SandboxPool({ size: 1 });
    try {
      const first = local.run({ code: "function f() { for (;;) {} }", entrypoint: "f", timeoutMs: 500 });
      const controller = new AbortController();
      const second = local.run({ code: "function f() { return 1; }", entrypoint: "f" }, { signal: controller.signal });
      controller.abort();
      expect(await second).toEqual({ ok: false, error: "timeout", detail: "Cancelled" });
      expectError(await first, "timeout");
    } finally {
      await local.close();
    }
  });
});

describe("worker replacement", () => {
  const dir = mkdtempSync(join(tmpdir(), "gauntlet-sandbox-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const realWorker = new URL("../../../lib/evaluation/sandbox/worker.mjs", import.meta.url).href;

  // A worker that misbehaves on demand and otherwise is the real one.
  function faultyWorker(): URL {
    const file = join(dir, "faulty-worker.mjs");
    writeFileSync(
      file,
      `import { parentPort } from "node:worker_threads";
parentPort.on("message", (job) => {
  if (job.code === "HANG") for (;;) {}
  if (job.code === "EXIT") process.exit(3);
  if (job.code === "THROW") throw new Error("worker blew up");
});
await import(${JSON.stringify(realWorker)});
`,
    );
    return pathToFileURL(file);
  }

  it("replaces a worker terminated mid-job and runs the next job", async () => {
    const local = new SandboxPool({ size: 1 });
    try {
      const spinning = local.run({ code: "function f() { for (;;) {} }", entrypoint: "f", timeoutMs: GENEROUS_MS });
      await vi.waitFor(() => expect(local.stats().busy).toBe(1), { timeout: 15_000 });
      await local.terminateWorkers();
      expectError(await spinning, "crashed");
      expect(await local.run({ code: "function f() { return 'alive'; }", entrypoint: "f" })).toEqual({ ok: true, value: "alive" });
      expect(local.stats().spawned).toBe(2);
    } finally {
      await local.close();
    }
  });

  // Only HANG is meant to meet the hard deadline (200 ms + 300 ms grace); the others get a far
  // one, so a slow exit or error event cannot be overtaken by it.
  it.each([
    { code: "EXIT", kind: "crashed", detail: /exited \(code 3\)/, timeoutMs: GENEROUS_MS },
    { code: "THROW", kind: "crashed", detail: /worker blew up/, timeoutMs: GENEROUS_MS },
    { code: "HANG", kind: "timeout", detail: /hard deadline/, timeoutMs: 200 },
  ])("a worker that does $code is replaced", async ({ code, kind, detail, timeoutMs }) => {
    const local = new SandboxPool({ size: 1, workerUrl: faultyWorker(), graceMs: 300, queueDeadlineMs: GENEROUS_MS });
    try {
      const fine = (value: number) => local.run({ code: `function f() { return ${value}; }`, entrypoint: "f", timeoutMs: GENEROUS_MS });
      expect(await fine(1)).toEqual({ ok: true, value: 1 });
      expect(expectError(await local.run({ code, entrypoint: "f", timeoutMs }), kind)).toMatch(detail);
      expect(await fine(2)).toEqual({ ok: true, value: 2 });
      expect(local.stats().spawned).toBe(2);
    } finally {
      await local.close();
    }
  });

  it("fails waiting jobs when the worker cannot start", async () => {
    const file = join(dir, "broken-worker.mjs");
    writeFileSync(file, "throw new Error('cannot load');\n");
    const local = new SandboxPool({ size: 2, workerUrl: pathToFileURL(file) });
    try {
      const results = await Promise.all([1, 2, 3].map(() => local.run({ code: "function f() {}", entrypoint: "f" })));
      for (const result of results) expect(expectError(result, "crashed")).toMatch(/cannot load|exited/);
    } finally {
      await local.close();
    }
  });
});
