// Acceptance, "hostile tenant": while workspace A runs looping plugins (attempts and console
// test runs), catastrophic rules patterns and 1 MB model answers, workspace B's attempts (a rules
// challenge and a plugin-evaluated one) and GET /api/ping are all answered while A's looping jobs
// still hold their sandbox worker: an order of events, not a time. Everything is real: the
// engine, SQLite/PostgreSQL, the sandbox pool and the regex worker, and HTTP to the local
// OpenAI-compatible test server (which ignores max_tokens, as a hostile or broken provider would).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { GET as pingRoute } from "@/app/api/ping/route";
import { getRegexRunner } from "@/lib/evaluation/rules-runner";
import { getSandboxPool } from "@/lib/evaluation/sandbox/pool";
import { submitAttempt } from "@/lib/services/attempts";
import { createProvider } from "@/lib/services/llm-providers";
import { testRunPlugin } from "@/lib/services/plugins";
import { makeAccount, makeApp, makePlayableChallenge, makePlugin } from "@/tests/helpers/factories";
import { startOpenAIServer, type OpenAITestServer } from "@/tests/helpers/openai-server";
import { call } from "@/tests/helpers/route";

const CATASTROPHIC = "a[ab]{999}[ab]{999}[ab]{999}[ab]{999}$";
const MEGABYTE = "ab".repeat(512 * 1024);
const LOOPING = "function evaluate() { for (;;) {} }";
const TRIVIAL = "function evaluate(goal, response) { return { passed: response.length > 0, rating: 5 }; }";
const ROUNDS = 3;

let server: OpenAITestServer;
beforeAll(async () => {
  // A costly search's budget far below what the catastrophic pattern needs on any machine, so it
  // is always stopped (on a quiet fast machine the default 1 s budget can be enough to finish it).
  process.env.RULES_REGEX_TIMEOUT_MS = "50";
  // The longest job a plugin may have: A's looping jobs hold their worker until the pool closes.
  // A job that had to wait for one of them is refused long before: B's would fail, not wait.
  process.env.SANDBOX_TIMEOUT_MS = "60000";
  process.env.SANDBOX_QUEUE_DEADLINE_MS = "20000";
  resetEnvForTests();
  server = await startOpenAIServer({ record: false });
  server.setReply((ctx) => (ctx.model === "huge" ? MEGABYTE : `A fair answer from ${ctx.model}.`));
});
afterAll(async () => {
  await server.close();
  await getRegexRunner().close();
  await getSandboxPool().close();
});

async function attempt(challengeId: string): Promise<string> {
  const account = await makeAccount();
  return (await submitAttempt({ challengeId, accountId: account.id, prompt: "Tell me a story." })).status;
}

/** A promise and whether it has settled yet. */
function tracked<T>(promise: Promise<T>): { promise: Promise<T>; settled: () => boolean } {
  let done = false;
  const p = promise.finally(() => (done = true));
  return { promise: p, settled: () => done };
}

describe("hostile tenant", () => {
  it("workspace A's abuse does not stall workspace B or the server", { timeout: 180_000 }, async () => {
    // Workspace A: a catastrophic pattern on 1 MB answers, and a looping plugin evaluator.
    const appA = await makeApp();
    await createProvider(appA.workspaceId, {
      name: "hostile",
      kind: "openai-compatible",
      baseUrl: server.url,
      models: ["huge"],
    });
    await makePlugin({ workspaceId: appA.workspaceId, pluginId: "looper", code: LOOPING });
    const regexBomb = await makePlayableChallenge(
      { successType: "regex", successPattern: CATASTROPHIC, maxAttempts: null },
      { appId: appA.id, model: "provider:hostile/huge" },
    );
    const loopingEval = await makePlayableChallenge(
      { evaluatorType: "custom", evaluatorPluginId: "looper", maxAttempts: null },
      { appId: appA.id, model: "provider:hostile/huge" },
    );

    // Workspace B: a rules challenge and a plugin-evaluated one, on a well-behaved model.
    const appB = await makeApp();
    await createProvider(appB.workspaceId, {
      name: "fair",
      kind: "openai-compatible",
      baseUrl: server.url,
      models: ["small"],
    });
    await makePlugin({ workspaceId: appB.workspaceId, pluginId: "fair-eval", code: TRIVIAL });
    const rulesB = await makePlayableChallenge(
      { maxAttempts: null },
      { appId: appB.id, model: "provider:fair/small" },
    );
    const pluginB = await makePlayableChallenge(
      { evaluatorType: "custom", evaluatorPluginId: "fair-eval", maxAttempts: null },
      { appId: appB.id, model: "provider:fair/small" },
    );
    // Warm up: workers, compiled programs, connections.
    for (const c of [rulesB, pluginB]) expect(await attempt(c.id)).toBe("completed");

    // The load: A keeps 3 catastrophic-pattern attempts in flight, each restarted as soon as it
    // ends, and starts 3 looping-plugin attempts and 2 looping console test runs, which never end.
    let stopLoad = false;
    const regexOutcomes: Record<string, number> = {};
    const regexLoop = async () => {
      while (!stopLoad) {
        const status = await attempt(regexBomb.id).catch(
          (err: unknown) => `threw ${err instanceof Error ? err.message.slice(0, 60) : "?"}`,
        );
        regexOutcomes[status] = (regexOutcomes[status] ?? 0) + 1;
        await new Promise((r) => setImmediate(r)); // never a microtask-only loop
      }
    };
    const regexLoad = Array.from({ length: 3 }, regexLoop);
    const loopingAttempts = Array.from({ length: 3 }, () => tracked(attempt(loopingEval.id)));
    const loopingRuns = Array.from({ length: 2 }, () =>
      tracked(
        testRunPlugin({
          workspaceId: appA.workspaceId,
          pluginId: "looper",
          input: { goal: "g", response: MEGABYTE.slice(0, 100_000) },
        }),
      ),
    );
    const looping = [...loopingAttempts, ...loopingRuns];
    // One of A's loops holds a sandbox worker (a workspace may hold all but one).
    await vi.waitFor(() => expect(getSandboxPool().stats().busy).toBeGreaterThanOrEqual(1), {
      timeout: 60_000,
      interval: 50,
    });
    const held = looping.filter((l) => !l.settled()).length;
    expect(held).toBeGreaterThan(0);

    for (let i = 0; i < ROUNDS; i++) {
      for (const c of [rulesB, pluginB]) {
        expect(await attempt(c.id)).toBe("completed");
        const ping = await call(() => Promise.resolve(pingRoute()), { path: "/api/ping" });
        expect(ping.status).toBe(200);
      }
    }
    // B was served while A's loop still held its worker: a loop only ends when the pool closes.
    expect(getSandboxPool().stats().busy).toBeGreaterThanOrEqual(1);
    expect(looping.filter((l) => !l.settled()).length).toBeGreaterThan(0);

    stopLoad = true;
    await Promise.all(regexLoad);
    await getSandboxPool().close();
    const attemptsA = await Promise.all(loopingAttempts.map((l) => l.promise));
    const runsA = await Promise.all(loopingRuns.map((l) => l.promise));

    // A really was hostile: its patterns were stopped by the regex worker's budget and its plugins
    // never passed.
    expect(regexOutcomes.judge_error ?? 0).toBeGreaterThan(0);
    expect(regexOutcomes.completed ?? 0).toBe(0);
    expect(attemptsA.every((status) => status !== "completed")).toBe(true);
    expect(runsA.every((r) => !r.ok)).toBe(true);
  });
});
