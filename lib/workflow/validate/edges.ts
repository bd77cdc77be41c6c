import type { PortDefinition, PortType } from "@/lib/workflow/definition-types";
import type { GraphIssue, WorkflowGraph } from "@/lib/workflow/types";
import { portList } from "@/lib/workflow/validate/messages";
import type { AnalyzedEdge, AnalyzedNode, IsConnected } from "@/lib/workflow/validate/types";

const typesMatch = (from: PortType, to: PortType) => from === to || from === "any" || to === "any";

/** Edges: unique ids, existing endpoints, existing ports, matching port types. */
export function analyzeEdges(
  graph: WorkflowGraph,
  nodes: Map<string, AnalyzedNode>,
  knownIds: Set<string>,
  issues: GraphIssue[],
): AnalyzedEdge[] {
  const edges: AnalyzedEdge[] = [];
  const edgeIds = new Set<string>();
  for (const edge of graph.edges) {
    if (edgeIds.has(edge.id)) {
      issues.push({ nodeId: edge.source, message: `Edge id "${edge.id}" is used by more than one edge` });
      continue;
    }
    edgeIds.add(edge.id);
    const missing = [edge.source, edge.target].filter((id) => !knownIds.has(id));
    if (missing.length > 0) {
      const nodeId = knownIds.has(edge.source) ? edge.source : knownIds.has(edge.target) ? edge.target : null;
      issues.push({
        nodeId,
        message: `Edge "${edge.id}" is dangling: it connects ${edge.source} → ${edge.target}, but there is no node "${missing[0]}"`,
      });
      continue;
    }
    const source = nodes.get(edge.source);
    const target = nodes.get(edge.target);
    if (!source || !target) continue; // already reported (unknown type or bad config)

    let sourcePort: PortDefinition | undefined;
    if (edge.sourceHandle) {
      sourcePort = source.outputs.find((p) => p.id === edge.sourceHandle);
      if (!sourcePort) {
        issues.push({
          nodeId: source.id,
          message: `Edge "${edge.id}" is dangling: ${source.type} node "${source.id}" has no output "${edge.sourceHandle}" (outputs: ${portList(source.outputs)})`,
        });
        continue;
      }
    } else if (source.outputs.length === 1) {
      sourcePort = source.outputs[0];
    } else if (!edge.targetHandle) {
      // Ordering only: no value flows, so no output needs to be named.
      sourcePort = undefined;
    } else {
      issues.push({
        nodeId: source.id,
        message: `Edge "${edge.id}" must name which output of "${source.id}" it uses (${portList(source.outputs)})`,
      });
      continue;
    }
    let targetPort: PortDefinition | null = null;
    if (edge.targetHandle) {
      targetPort = target.inputs.find((p) => p.id === edge.targetHandle) ?? null;
      if (!targetPort) {
        issues.push({
          nodeId: target.id,
          message: `Edge "${edge.id}" is dangling: ${target.type} node "${target.id}" has no input "${edge.targetHandle}" (inputs: ${portList(target.inputs)})`,
        });
        continue;
      }
    }
    if (sourcePort && targetPort && !typesMatch(sourcePort.type, targetPort.type)) {
      issues.push({
        nodeId: target.id,
        message: `Edge "${edge.id}" connects ${sourcePort.type} output "${sourcePort.id}" of "${source.id}" to ${targetPort.type} input "${targetPort.id}" of "${target.id}": the types do not match`,
      });
      continue;
    }
    edges.push({
      id: edge.id,
      source: source.id,
      target: target.id,
      sourcePort: sourcePort?.id ?? null,
      targetPort: targetPort?.id ?? null,
    });
  }
  return edges;
}

/**
 * Connections as drawn, even when the other end is broken, so one bad node does not also make
 * its neighbours report "not connected".
 */
export function connectionsAsDrawn(graph: WorkflowGraph): IsConnected {
  const connected = new Set(
    graph.edges.filter((e) => e.targetHandle).map((e) => `${e.target}\u0000${e.targetHandle}`),
  );
  return (nodeId, port) => connected.has(`${nodeId}\u0000${port}`);
}
