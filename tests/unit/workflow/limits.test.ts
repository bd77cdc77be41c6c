import { describe, expect, it } from "vitest";
import { DEFAULT_RUN_LIMITS, resolveLimits } from "@/lib/workflow/engine/limits";
import type { RunEvent } from "@/lib/workflow/types";
import { finishedNodes, hangingModel, loadGraph, runGraph, textModel } from "./support";

const guarded = () => loadGraph("six-nodes");

describe("run limits", () => {
  it("defaults: 100 steps, 60 s, 50,000 tokens, 30 s per node; overrides are partial", () => {
    expect(DEFAULT_RUN_LIMITS).toEqual({
      maxSteps: 100,
      maxWallMs: 60_000,
      maxTokens: 50_000,
      nodeTimeoutMs: 30_000,
    });
    expect(resolveLimits({ maxSteps: 3, maxTokens: Number.NaN })).toEqual({
      ...DEFAULT_RUN_LIMITS,
      maxSteps: 3,
    });
  });

  it("stops at the step limit", async () => {
    const { result, events } = await runGraph(
      guarded(),
      { prompt: "hi" },
      { limits: { maxSteps: 2 }, resolveModel: () => textModel(["x"]) },
    );
    expect(result).toMatchObject({ status: "failed", error: "The run exceeded its step limit of 2 nodes" });
    expect(finishedNodes(events).map((n) => n.nodeId)).toEqual(["start", "wrap"]);
  });

  it("stops when the run's tokens exceed the limit", async () => {
    const { result, events } = await runGraph(
      guarded(),
      { prompt: "hi" },
      {
        limits: { maxTokens: 12 },
        resolveModel: () => textModel(["The secret is ", "SWORDFISH."], { input: 10, output: 5 }),
      },
    );
    expect(result).toMatchObject({
      status: "failed",
      error: "The run used 15 tokens, more than its limit of 12",
      tokensTotal: 15,
    });
    expect(result.modelFailure).toBeUndefined();
    // The model node itself finished; nothing after it ran.
    expect(finishedNodes(events).map((n) => n.nodeId)).toEqual(["start", "wrap", "guard"]);
  });

  it("stops at the wall-time limit", async () => {
    // The model never answers: only the wall-time limit can end the run (a hang fails on the
    // test's own timeout), and the error names that limit.
    const { result, events } = await runGraph(
      guarded(),
      { prompt: "hi" },
      { limits: { maxWallMs: 60 }, resolveModel: () => hangingModel() },
    );
    expect(result).toMatchObject({ status: "failed", error: "The run exceeded its time limit of 60 ms" });
    expect(finishedNodes(events).at(-1)).toEqual({ nodeId: "guard", status: "failed" });
  });

  it("fails a node that exceeds its own timeout, as a model failure for model nodes", async () => {
    const { result, events } = await runGraph(
      guarded(),
      { prompt: "hi" },
      { limits: { nodeTimeoutMs: 40 }, resolveModel: () => hangingModel() },
    );
    expect(result).toMatchObject({
      status: "failed",
      error: 'Node "guard" failed: The node did not finish within 40 ms',
      modelFailure: true,
    });
    const guard = events.find((e) => e.type === "node_finished" && e.nodeId === "guard");
    expect(guard).toMatchObject({ status: "failed", error: "The node did not finish within 40 ms" });
  });

  it("cancels a running run through the AbortSignal", async () => {
    const controller = new AbortController();
    const seen: RunEvent[] = [];
    const { result } = await runGraph(
      guarded(),
      { prompt: "hi" },
      {
        signal: controller.signal,
        resolveModel: () => hangingModel(),
        onEvent: (e) => {
          seen.push(e);
          if (e.type === "node_started" && e.nodeId === "guard") setTimeout(() => controller.abort(), 10);
        },
      },
    );
    expect(result).toMatchObject({ status: "cancelled", error: "The run was cancelled" });
    expect(result.modelFailure).toBeUndefined();
    expect(finishedNodes(seen).at(-1)).toEqual({ nodeId: "guard", status: "failed" });
    expect(seen.at(-1)).toMatchObject({ type: "run_finished", status: "cancelled" });
  });

  it("a signal aborted before the run starts runs no node", async () => {
    const controller = new AbortController();
    controller.abort();
    const { result, events } = await runGraph(guarded(), { prompt: "hi" }, { signal: controller.signal });
    expect(result.status).toBe("cancelled");
    expect(events.map((e) => e.type)).toEqual(["run_started", "run_finished"]);
  });
});
