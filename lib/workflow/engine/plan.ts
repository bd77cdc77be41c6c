import type { ChallengeEvaluatorConfig } from "@/lib/workflow/nodes/challenge-evaluator/definition";
import type { TeamChallengeConfig } from "@/lib/workflow/nodes/team-challenge/definition";
import type { GraphIssue, WorkflowGraph } from "@/lib/workflow/types";
import { analyzeGraph, resolveRefNodeId } from "@/lib/workflow/validate";
import { answerStreamSource } from "@/lib/workflow/engine/player-view";
import type { ExecutionPlan, MaskRef, PlanEdge, PlanNode } from "@/lib/workflow/engine/plan-types";

// A validated graph turned into what the engine walks: nodes in topological order with their
// edges as array positions, plus everything the run must prepare before the first node (which
// challenges and secrets to load, which variables to mask). Compiled once per workflow version.

export type CompileResult = { ok: true; plan: ExecutionPlan } | { ok: false; issues: GraphIssue[] };

export function compileGraph(graph: WorkflowGraph): CompileResult {
  const analysis = analyzeGraph(graph);
  if (analysis.issues.length > 0 || !analysis.startId || !analysis.answerId) {
    return { ok: false, issues: analysis.issues };
  }
  const byAnalyzedId = new Map(analysis.nodes.map((n) => [n.id, n]));
  const nodes: PlanNode[] = analysis.order.map((id, pos) => {
    const n = byAnalyzedId.get(id)!;
    return {
      pos,
      id,
      type: n.type,
      definition: n.definition,
      config: n.config,
      outputs: n.outputs,
      templates: n.templates,
      incoming: [],
      outgoing: [],
      requiredInputs: n.inputs.filter((p) => p.required).map((p) => p.id),
      branchOutputs: n.definition.branchOutputs ? new Set(n.definition.branchOutputs) : null,
    };
  });
  const byId = new Map(nodes.map((n) => [n.id, n]));
  for (const e of analysis.edges) {
    const source = byId.get(e.source)!;
    const target = byId.get(e.target)!;
    const edge: PlanEdge = {
      id: e.id,
      source: source.pos,
      target: target.pos,
      sourcePort: e.sourcePort,
      targetPort: e.targetPort,
    };
    source.outgoing.push(edge);
    target.incoming.push(edge);
  }
  const startId = analysis.startId;
  const answerNode = byId.get(analysis.answerId)!;
  const resolveNodeId = (nodeId: string) => resolveRefNodeId(nodeId, (id) => byId.has(id), startId);

  const maskRefs: MaskRef[] = [];
  const challengeIds = new Set<string>();
  const secretNames = new Set<string>();
  const redBlueChallengeIds = new Set<string>();
  for (const node of nodes) {
    for (const template of node.templates.values()) {
      for (const ref of template.refs) if (ref.kind === "workspace-secret") secretNames.add(ref.name);
    }
    if (node.type === "team-challenge") {
      const id = (node.config as TeamChallengeConfig).red_blue_challenge_id;
      if (id) redBlueChallengeIds.add(id);
    }
    if (node.type !== "challenge-evaluator") continue;
    const config = node.config as ChallengeEvaluatorConfig;
    if (config.challenge_id) challengeIds.add(config.challenge_id);
    for (const entry of config.mask_variables) {
      const ref = parseMaskRef(entry, resolveNodeId, startId);
      if (ref) maskRefs.push(ref);
    }
  }

  return {
    ok: true,
    plan: {
      nodes,
      byId,
      start: byId.get(startId)!,
      answer: answerNode,
      maskRefs,
      challengeIds: [...challengeIds],
      secretNames: [...secretNames],
      redBlueChallengeIds: [...redBlueChallengeIds],
      resolveNodeId,
      answerStream: answerStreamSource(nodes, answerNode),
    },
  };
}

/** `node_id.key`, or a bare start input name. Unknown nodes give null (validation reports them). */
export function parseMaskRef(
  entry: string,
  resolveNodeId: (id: string) => string | null,
  startId: string,
): MaskRef | null {
  const dot = entry.lastIndexOf(".");
  if (dot < 0) return { nodeId: startId, key: entry };
  const nodeId = resolveNodeId(entry.slice(0, dot));
  return nodeId ? { nodeId, key: entry.slice(dot + 1) } : null;
}

// Compiled plans are cached by workflow version id (versions are immutable) and, for drafts, by
// graph object: callers must not mutate a graph after passing it to the engine.
const MAX_CACHED_VERSIONS = 256;
const byVersion = new Map<string, CompileResult>();
const byGraph = new WeakMap<WorkflowGraph, CompileResult>();

export function getCompiledGraph(graph: WorkflowGraph, versionId?: string | null): CompileResult {
  if (versionId) {
    const hit = byVersion.get(versionId);
    if (hit) {
      // Refresh LRU position.
      byVersion.delete(versionId);
      byVersion.set(versionId, hit);
      return hit;
    }
    const result = compileGraph(graph);
    byVersion.set(versionId, result);
    if (byVersion.size > MAX_CACHED_VERSIONS) {
      const oldest = byVersion.keys().next();
      if (!oldest.done) byVersion.delete(oldest.value);
    }
    return result;
  }
  const cached = byGraph.get(graph);
  if (cached) return cached;
  const result = compileGraph(graph);
  byGraph.set(graph, result);
  return result;
}

export function clearCompiledGraphCache(): void {
  byVersion.clear();
}
