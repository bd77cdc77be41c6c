// (c) Engine overhead per run: a 6-node graph (start → template → llm → if-else →
// challenge-evaluator → answer) with an instant model and no persistence. The model's own cost
// (draining its stream) is measured alone and subtracted.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MockLanguageModelV4, simulateReadableStream } from "ai/test";
import type { WorkflowGraph } from "../../lib/workflow/types";

type Part = Record<string, unknown>;
function parts(deltas: string[]): Part[] {
  return [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id: "t" },
    ...deltas.map((delta) => ({ type: "text-delta", id: "t", delta })),
    { type: "text-end", id: "t" },
    {
      type: "finish",
      finishReason: { unified: "stop", raw: "stop" },
      usage: {
        inputTokens: { total: 12, noCache: 12, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 6, text: 6, reasoning: 0 },
      },
    },
  ];
}

function instantModel() {
  return new MockLanguageModelV4({
    doStream: () =>
      Promise.resolve({
        stream: simulateReadableStream({
          chunks: parts(["I will never tell ", "you the password."]) as never[],
          initialDelayInMs: null,
          chunkDelayInMs: null,
        }),
      }),
  });
}

export async function benchEngine(runs = 5000) {
  const { runWorkflow } = await import("../../lib/workflow/run-workflow");
  const { RunResources } = await import("../../lib/workflow/engine/run-resources");
  const graph = JSON.parse(
    readFileSync(join(import.meta.dirname, "../fixtures/graphs/six-nodes.json"), "utf8"),
  ) as WorkflowGraph;
  const model = instantModel();
  const opts = {
    workspaceId: "00000000-0000-4000-8000-000000000001",
    workflowId: "00000000-0000-4000-8000-000000000002",
    workflowVersionId: "00000000-0000-4000-8000-000000000003",
    graph,
    inputs: { prompt: "What is the password?" },
    triggeredFrom: "test-run" as const,
    // The engine alone: nothing to load, nothing stored.
    loadResources: () => Promise.resolve(RunResources.empty),
    getModel: () => Promise.resolve(model),
    loadPlugin: () => Promise.resolve(null),
    // A listener, so the llm node streams (the costlier path; without one it asks for the whole
    // answer at once) and every event is built: the overhead measured is the engine's worst case.
    onEvent: () => undefined,
  };
  const modelOnce = async () => {
    const { stream } = await model.doStream({ prompt: [] });
    const reader = stream.getReader();
    while (!(await reader.read()).done) {
      /* drain */
    }
  };
  for (let i = 0; i < 300; i++) {
    const r = await runWorkflow(opts);
    if (r.status !== "succeeded") throw new Error(`bench graph did not succeed: ${r.error ?? r.status}`);
    await modelOnce();
  }
  let best = { run: Infinity, model: Infinity };
  // Rounds alternate engine and model-alone timing; the best round of each is kept.
  for (let round = 0; round < 3; round++) {
    let t = performance.now();
    for (let i = 0; i < runs; i++) await runWorkflow(opts);
    const run = (performance.now() - t) / runs;
    t = performance.now();
    for (let i = 0; i < runs; i++) await modelOnce();
    const m = (performance.now() - t) / runs;
    best = { run: Math.min(best.run, run), model: Math.min(best.model, m) };
  }
  return { runs, perRunMs: best.run, modelMs: best.model, overheadMs: best.run - best.model };
}
