import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { LanguageModelV4GenerateResult, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { APICallError, simulateReadableStream } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import {
  runWorkflowForWorkspace as runWorkflow,
  type WorkspaceRunOptions as RunWorkflowOptions,
} from "@/lib/services/runs/run-workflow";
import type { RunEvent, RunResult, WorkflowGraph } from "@/lib/workflow/types";

// Shared helpers for the engine's unit tests: fixture graphs and mock models at the AI SDK edge.

export function loadGraph(name: string): WorkflowGraph {
  return JSON.parse(
    readFileSync(join(process.cwd(), "tests/fixtures/graphs", `${name}.json`), "utf8"),
  ) as WorkflowGraph;
}

/** Sets a config field of a node in a (fresh) graph. */
export function withConfig(
  graph: WorkflowGraph,
  nodeId: string,
  config: Record<string, unknown>,
): WorkflowGraph {
  const node = graph.nodes.find((n) => n.id === nodeId);
  if (!node) throw new Error(`no node ${nodeId}`);
  node.data.config = { ...node.data.config, ...config };
  return graph;
}

export function streamParts(
  deltas: string[],
  inputTokens = 10,
  outputTokens = 5,
): LanguageModelV4StreamPart[] {
  return [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id: "t" },
    ...deltas.map((delta) => ({ type: "text-delta" as const, id: "t", delta })),
    { type: "text-end", id: "t" },
    {
      type: "finish",
      finishReason: { unified: "stop", raw: "stop" },
      usage: {
        inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: outputTokens, text: outputTokens, reasoning: 0 },
      },
    },
  ];
}

/** The same answer as streamParts, in one piece (what doGenerate returns). */
export function generateResult(deltas: string[], inputTokens = 10, outputTokens = 5): LanguageModelV4GenerateResult {
  return {
    content: [{ type: "text", text: deltas.join("") }],
    finishReason: { unified: "stop", raw: "stop" },
    usage: {
      inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: outputTokens, text: outputTokens, reasoning: 0 },
    },
    warnings: [],
  };
}

/**
 * A model that answers with the given deltas instantly: streamed when the engine streams (someone
 * listens to the run's events), in one piece otherwise.
 */
export function textModel(
  deltas: string[],
  tokens: { input?: number; output?: number } = {},
): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doGenerate: () => Promise.resolve(generateResult(deltas, tokens.input, tokens.output)),
    doStream: () =>
      Promise.resolve({
        stream: simulateReadableStream({
          chunks: streamParts(deltas, tokens.input, tokens.output),
          initialDelayInMs: null,
          chunkDelayInMs: null,
        }),
      }),
  });
}

export function httpError(status: number): APICallError {
  return new APICallError({
    message: `Upstream says ${status}`,
    url: "https://model.test/v1/chat/completions",
    requestBodyValues: {},
    statusCode: status,
    isRetryable: status === 408 || status === 409 || status === 429 || status >= 500,
  });
}

/** Fails the first `failures` calls with the given error, then streams `deltas`. */
export function flakyModel(
  failures: number,
  error: () => Error,
  deltas = ["All ", "good."],
): MockLanguageModelV4 {
  let calls = 0;
  const ok = textModel(deltas);
  return new MockLanguageModelV4({
    doGenerate: (options) => {
      calls++;
      if (calls <= failures) return Promise.reject(error());
      return ok.doGenerate(options);
    },
    doStream: (options) => {
      calls++;
      if (calls <= failures) return Promise.reject(error());
      return ok.doStream(options);
    },
  });
}

/** Streams `before`, then errors inside the stream (a failure after text went out). */
export function midStreamFailureModel(before: string, error: () => Error): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doStream: () =>
      Promise.resolve({
        stream: simulateReadableStream<LanguageModelV4StreamPart>({
          chunks: [
            { type: "text-start", id: "t" },
            { type: "text-delta", id: "t", delta: before },
            { type: "error", error: error() },
          ],
          initialDelayInMs: null,
          chunkDelayInMs: null,
        }),
      }),
  });
}

/** Never answers until its call is aborted. */
export function hangingModel(): MockLanguageModelV4 {
  const hang = ({ abortSignal }: { abortSignal?: AbortSignal }) =>
    new Promise<never>((_, reject) => {
      abortSignal?.addEventListener("abort", () => reject(abortSignal.reason as Error), { once: true });
    });
  return new MockLanguageModelV4({ doGenerate: hang, doStream: hang });
}

export interface TestRun {
  result: RunResult;
  events: RunEvent[];
}

export async function runGraph(
  graph: WorkflowGraph,
  inputs: Record<string, unknown>,
  opts: Partial<RunWorkflowOptions> = {},
): Promise<TestRun> {
  const events: RunEvent[] = [];
  const result = await runWorkflow({
    workspaceId: "ws-unit",
    workflowId: "wf-unit",
    graph,
    inputs,
    triggeredFrom: "test-run",
    persist: false,
    modelRetry: { retries: 2, baseDelayMs: 1 },
    onEvent: (e) => events.push(e),
    ...opts,
  });
  return { result, events };
}

export const finishedNodes = (events: RunEvent[]) =>
  events.flatMap((e) => (e.type === "node_finished" ? [{ nodeId: e.nodeId, status: e.status }] : []));

export const deltasOf = (events: RunEvent[], nodeId?: string) =>
  events.flatMap((e) => (e.type === "text_delta" && (!nodeId || e.nodeId === nodeId) ? [e.delta] : []));
