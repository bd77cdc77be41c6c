import "server-only";
import { createHash } from "node:crypto";
import { canonicalJson } from "@/lib/services/packs/manifest";
import type { WorkflowGraph } from "@/lib/workflow/types";

// What a calibration measured, as a fingerprint: the graph's nodes (id, type, config) and edges
// (ends and ports), without the editor's layout, labels or selection. Moving a node keeps a
// calibration valid; changing a rubric, a model or a wire does not.

export function graphFingerprint(graph: WorkflowGraph): string {
  const nodes = graph.nodes
    .map((n) => ({ id: n.id, type: n.type, config: n.data?.config ?? {} }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const edges = graph.edges
    .map((e) => [e.source, e.sourceHandle ?? null, e.target, e.targetHandle ?? null])
    .sort((a, b) => {
      const x = JSON.stringify(a);
      const y = JSON.stringify(b);
      return x < y ? -1 : x > y ? 1 : 0;
    });
  return createHash("sha256").update(canonicalJson({ nodes, edges }), "utf8").digest("hex");
}

const JUDGED_MODES = new Set(["llm-judge", "custom"]);

/**
 * Whether the graph's verdict comes from a model or a plugin (a judging-llm node, or an evaluator
 * in llm-judge or custom mode; an evaluator without a mode follows the challenge's evaluator
 * type). Such a challenge is held at the publish gate even before it has examples.
 */
export function isJudgedGraph(graph: WorkflowGraph, challengeEvaluatorType: string): boolean {
  return graph.nodes.some((n) => {
    if (n.type === "judging-llm") return true;
    if (n.type !== "challenge-evaluator") return false;
    const mode = (n.data?.config as Record<string, unknown> | undefined)?.evaluation_mode;
    return JUDGED_MODES.has(typeof mode === "string" ? mode : challengeEvaluatorType);
  });
}
