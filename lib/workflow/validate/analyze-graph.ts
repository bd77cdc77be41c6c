import { workflowGraphSchema } from "@/lib/workflow/graph-schema";
import type { GraphIssue, ValidationResult, WorkflowGraph } from "@/lib/workflow/types";
import { analyzeEdges, connectionsAsDrawn } from "@/lib/workflow/validate/edges";
import { describeZodIssue } from "@/lib/workflow/validate/messages";
import { analyzeNodes } from "@/lib/workflow/validate/nodes";
import { checkEvaluator, checkRequiredInputs, checkTemplateRefs } from "@/lib/workflow/validate/references";
import { ancestorSets, checkCyclesAndReach, structureOf } from "@/lib/workflow/validate/structure";
import type { GraphAnalysis } from "@/lib/workflow/validate/types";
import { warningsOf } from "@/lib/workflow/validate/warnings";

// Graph validation returns issues, never throws: the editor shows them on the canvas, saving and
// running refuse a graph with any. analyzeGraph() also returns what it worked out (parsed configs,
// ports, topological order) so the engine compiles a graph with one pass. The passes run in a
// fixed order, which is also the order of the issues.

export function analyzeGraph(input: unknown): GraphAnalysis {
  const issues: GraphIssue[] = [];
  const parsed = workflowGraphSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [kind, i] = issue.path;
      const nodeId = kind === "nodes" && typeof i === "number" ? (graphNodeId(input, i) ?? null) : null;
      issues.push({ nodeId, message: `Invalid workflow JSON: ${describeZodIssue(issue)}` });
    }
    return withIssues(issues, []);
  }
  const graph = parsed.data as WorkflowGraph;

  const { nodes, starts, answers } = analyzeNodes(graph, issues);
  // Unparseable nodes are still known by id, so edges to them are not reported as dangling.
  const knownIds = new Set(graph.nodes.map((n) => n.id));
  const edges = analyzeEdges(graph, nodes, knownIds, issues);
  const isConnected = connectionsAsDrawn(graph);
  const structure = structureOf(graph, knownIds);
  checkRequiredInputs(nodes, isConnected, issues);
  const startId = starts[0] ?? null;
  const answerId = answers[0] ?? null;
  const order = checkCyclesAndReach(structure, startId, issues);
  const ordered = [...nodes.values()].sort((a, b) => a.index - b.index);
  if (order.length === structure.allNodes.length) {
    checkTemplateRefs(ordered, nodes, startId, ancestorSets(order, structure.next), isConnected, issues);
  }
  for (const node of ordered) {
    if (node.type === "challenge-evaluator") checkEvaluator(node, nodes, startId, issues);
  }

  const warnings = warningsOf(graph, (index) => {
    const node = nodes.get(graph.nodes[index]!.id);
    return node?.index === index ? node.templates.values() : undefined;
  });
  if (issues.length > 0) return withIssues(issues, warnings);
  return { issues, nodes: ordered, edges, order, startId, answerId, warnings };
}

function withIssues(issues: GraphIssue[], warnings: GraphIssue[]): GraphAnalysis {
  return { issues, nodes: [], edges: [], order: [], startId: null, answerId: null, warnings };
}

export function validateGraph(graph: unknown): ValidationResult {
  const { issues } = analyzeGraph(graph);
  return issues.length === 0 ? { ok: true } : { ok: false, issues };
}

function graphNodeId(input: unknown, index: number): string | undefined {
  const nodes = (input as { nodes?: unknown } | null)?.nodes;
  if (!Array.isArray(nodes)) return undefined;
  const id = (nodes[index] as { id?: unknown } | undefined)?.id;
  return typeof id === "string" ? id : undefined;
}
