// Shared helpers of the node tests (nodes.test.ts, nodes-ai.test.ts).
import type { WorkflowGraph } from "@/lib/workflow/types";
import type { runGraph } from "./support";

// Small graphs around one node: start → node → answer.
export function around(
  node: { type: string; config: Record<string, unknown> },
  wiring: { from: string; to: string }[],
  answerTemplate: string,
  startConfig: Record<string, unknown> = {},
): WorkflowGraph {
  return {
    nodes: [
      { id: "start", type: "start", data: { config: startConfig } },
      { id: "n", type: node.type, data: { config: node.config } },
      { id: "answer", type: "answer", data: { config: { template: answerTemplate } } },
    ],
    edges: [
      ...wiring.map((w, i) => ({
        id: `in${i}`,
        source: "start",
        sourceHandle: w.from,
        target: "n",
        targetHandle: w.to,
      })),
      { id: "out", source: "n", sourceHandle: null, target: "answer" },
    ],
  };
}

export function nodeOutputs(events: Awaited<ReturnType<typeof runGraph>>["events"], nodeId = "n") {
  const e = events.find((x) => x.type === "node_finished" && x.nodeId === nodeId);
  return e?.type === "node_finished" ? e.outputs : undefined;
}
