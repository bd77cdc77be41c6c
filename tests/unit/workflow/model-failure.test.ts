import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetModelCacheForTests } from "@/lib/ai";
import { resetEnvForTests } from "@/lib/env";
import { sleep } from "@/lib/sleep";
import type * as SleepModule from "@/lib/sleep";
import { startOpenAIServer, type OpenAITestServer } from "@/tests/helpers/openai-server";
import {
  deltasOf,
  finishedNodes,
  flakyModel,
  httpError,
  loadGraph,
  midStreamFailureModel,
  runGraph,
  withConfig,
} from "./support";

const graph = () => loadGraph("six-nodes");

// The real wait, recorded: a test reads which delays the retries asked for instead of timing them.
vi.mock("@/lib/sleep", async (importOriginal) => {
  const real = await importOriginal<typeof SleepModule>();
  return { sleep: vi.fn(real.sleep) };
});

describe("llm model failures (mock model)", () => {
  it.each([
    { name: "two 500s", failures: 2, status: 500 },
    { name: "two 429s", failures: 2, status: 429 },
    { name: "one 503", failures: 1, status: 503 },
    { name: "a network error", failures: 2, status: 0 },
  ])("retries $name, then succeeds", async ({ failures, status }) => {
    const model = flakyModel(failures, () => (status ? httpError(status) : new TypeError("fetch failed")));
    const { result } = await runGraph(graph(), { prompt: "hi" }, { resolveModel: () => model });
    expect(result.status).toBe("succeeded");
    expect(result.answerText).toBe("All good.");
    expect(model.doStreamCalls).toHaveLength(failures + 1);
  });

  it.each([500, 429])("gives up after 2 retries of %i: the run fails as a model failure", async (status) => {
    const model = flakyModel(99, () => httpError(status));
    const { result, events } = await runGraph(graph(), { prompt: "hi" }, { resolveModel: () => model });
    expect(model.doStreamCalls).toHaveLength(3);
    expect(result).toMatchObject({ status: "failed", modelFailure: true });
    expect(result.error).toBe(
      `Node "guard" failed: The model provider returned an error (HTTP ${status}): Upstream says ${status} (after 3 attempts)`,
    );
    expect(finishedNodes(events).at(-1)).toEqual({ nodeId: "guard", status: "failed" });
  });

  it.each([400, 401, 404])("does not retry a %i (a request or configuration error)", async (status) => {
    const model = flakyModel(99, () => httpError(status));
    const { result } = await runGraph(graph(), { prompt: "hi" }, { resolveModel: () => model });
    expect(model.doStreamCalls).toHaveLength(1);
    expect(result).toMatchObject({ status: "failed", modelFailure: true });
  });

  it("does not retry after text was streamed (the player would see it twice)", async () => {
    const model = midStreamFailureModel("Partial ans", () => httpError(500));
    const { result, events } = await runGraph(graph(), { prompt: "hi" }, { resolveModel: () => model });
    expect(model.doStreamCalls).toHaveLength(1);
    expect(deltasOf(events, "guard").join("")).toBe("Partial ans");
    expect(result).toMatchObject({ status: "failed", modelFailure: true });
  });

  it("waits with backoff between retries (base, then 4× base)", async () => {
    const model = flakyModel(2, () => httpError(500));
    const { sleep: realSleep } = await vi.importActual<typeof SleepModule>("@/lib/sleep");
    // Each wait as [its delay, model calls made before it]: a wait after each failed call.
    const waits: [number, number][] = [];
    vi.mocked(sleep).mockImplementation((ms, signal) => {
      waits.push([ms, model.doStreamCalls.length]);
      return realSleep(ms, signal);
    });
    try {
      const { result } = await runGraph(
        graph(),
        { prompt: "hi" },
        { resolveModel: () => model, modelRetry: { retries: 2, baseDelayMs: 30 } },
      );
      expect(result.status).toBe("succeeded");
    } finally {
      vi.mocked(sleep).mockImplementation(realSleep);
    }
    expect(waits).toEqual([
      [30, 1],
      [120, 2],
    ]);
    expect(model.doStreamCalls).toHaveLength(3);
  });

  it("honours a retry count of 0", async () => {
    const model = flakyModel(1, () => httpError(500));
    const { result } = await runGraph(
      graph(),
      { prompt: "hi" },
      { resolveModel: () => model, modelRetry: { retries: 0 } },
    );
    expect(model.doStreamCalls).toHaveLength(1);
    expect(result.modelFailure).toBe(true);
  });
});

describe("llm model failures over HTTP (local OpenAI-compatible server)", () => {
  let server: OpenAITestServer;
  const setEnv = (vars: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(vars)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvForTests();
    resetModelCacheForTests();
  };
  const httpGraph = () => withConfig(graph(), "guard", { model: "openai:gpt-test" });

  beforeAll(async () => {
    server = await startOpenAIServer();
    setEnv({ OPENAI_API_KEY: "sk-unit-workflow", OPENAI_BASE_URL: server.url });
  });
  afterAll(async () => {
    setEnv({ OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined });
    await server.close();
  });

  it.each([500, 429])("an HTTP %i twice is retried and the run succeeds", async (status) => {
    server.reset();
    server.failNext(2, { status });
    const { result, events } = await runGraph(httpGraph(), { prompt: "hi" });
    expect(result.status).toBe("succeeded");
    expect(server.requests).toHaveLength(3);
    expect(result.answerText).toContain("Hello from the test server");
    expect(deltasOf(events, "guard").length).toBeGreaterThanOrEqual(2);
  });

  it("an HTTP 500 on every try fails the run with modelFailure", async () => {
    server.reset();
    server.failNext(10, { status: 500 });
    const { result } = await runGraph(httpGraph(), { prompt: "hi" });
    expect(server.requests).toHaveLength(3);
    expect(result).toMatchObject({ status: "failed", modelFailure: true });
    expect(result.error).toMatch(/HTTP 500/);
  });

  it("an unconfigured provider is a model failure without any request", async () => {
    server.reset();
    setEnv({ OPENAI_API_KEY: undefined });
    try {
      const { result } = await runGraph(httpGraph(), { prompt: "hi" });
      expect(result).toMatchObject({ status: "failed", modelFailure: true });
      expect(result.error).toMatch(/OPENAI_API_KEY/);
      expect(server.requests).toHaveLength(0);
    } finally {
      setEnv({ OPENAI_API_KEY: "sk-unit-workflow" });
    }
  });
});
