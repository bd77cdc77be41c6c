import type { NodeDefinition, PortDefinition, PortType } from "@/lib/workflow/definition-types";
import { getNodeDefinition, outputPortsOf } from "@/lib/workflow/registry";
import type { GraphEdge, GraphIssue, GraphNode, WorkflowGraph } from "@/lib/workflow/types";

// Pure graph helpers for the builder (client-safe, unit-tested): ids for new nodes, the ports a
// node shows, connection checks with a reason, and the graph JSON the builder saves.

export function newNodeId(type: string, existing: Iterable<string>): string {
  const taken = new Set(existing);
  // Short prefixes (definition.idPrefix), so templates read {{judge.text}}, not {{judging-llm_3.text}}.
  const prefix = getNodeDefinition(type)?.idPrefix ?? type.replace(/[^A-Za-z0-9_-]/g, "_");
  // Only the start node may be called "start" (validateGraph reserves it).
  if (!taken.has(prefix)) return prefix;
  for (let i = 2; ; i++) {
    const id = `${prefix}_${i}`;
    if (!taken.has(id)) return id;
  }
}

export function newEdgeId(
  edge: { source: string; sourceHandle?: string | null; target: string; targetHandle?: string | null },
  existing: Iterable<string>,
): string {
  const taken = new Set(existing);
  const base = `${edge.source}.${edge.sourceHandle ?? "out"}->${edge.target}.${edge.targetHandle ?? "in"}`;
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) {
    const id = `${base}#${i}`;
    if (!taken.has(id)) return id;
  }
}

/** A fresh node of a type with its definition's default config (deep-copied). */
export function createNode(
  type: string,
  existingIds: Iterable<string>,
  position: { x: number; y: number },
): GraphNode & { position: { x: number; y: number } } {
  const definition = getNodeDefinition(type);
  if (!definition) throw new Error(`Unknown node type ${type}`);
  return {
    id: newNodeId(type, existingIds),
    type,
    position: { x: Math.round(position.x), y: Math.round(position.y) },
    data: { config: structuredClone(definition.defaultConfig) as Record<string, unknown> },
  };
}

/** Output ports for the node's current config; falls back to the static list while it is invalid. */
export function outputPortsFor(definition: NodeDefinition, config: unknown): PortDefinition[] {
  if (!definition.outputsFor) return definition.outputs;
  const parsed = definition.configSchema.safeParse(config ?? {});
  return parsed.success ? outputPortsOf(definition, parsed.data) : definition.outputs;
}

export const portTypesMatch = (from: PortType, to: PortType) => from === to || from === "any" || to === "any";

export interface ConnectionAttempt {
  source: string | null;
  sourceHandle?: string | null;
  target: string | null;
  targetHandle?: string | null;
}

/** Why a connection is refused, as a message key and its values; null when it is allowed. */
export type ConnectionProblem =
  | { code: "incomplete" }
  | { code: "self" }
  | { code: "unknownPort" }
  | {
      code: "typeMismatch";
      sourcePort: string;
      sourceType: PortType;
      targetPort: string;
      targetType: PortType;
    }
  | { code: "duplicate" }
  | { code: "cycle"; source: string; target: string };

export function checkConnection(graph: WorkflowGraph, attempt: ConnectionAttempt): ConnectionProblem | null {
  const { source, target } = attempt;
  if (!source || !target) return { code: "incomplete" };
  if (source === target) return { code: "self" };
  const sourceNode = graph.nodes.find((n) => n.id === source);
  const targetNode = graph.nodes.find((n) => n.id === target);
  const sourceDef = sourceNode && getNodeDefinition(sourceNode.type);
  const targetDef = targetNode && getNodeDefinition(targetNode.type);
  if (!sourceNode || !targetNode || !sourceDef || !targetDef) return { code: "unknownPort" };
  const outputs = outputPortsFor(sourceDef, sourceNode.data.config);
  const sourcePort = attempt.sourceHandle
    ? outputs.find((p) => p.id === attempt.sourceHandle)
    : outputs.length === 1
      ? outputs[0]
      : undefined;
  const targetPort = targetDef.inputs.find((p) => p.id === attempt.targetHandle);
  if (!sourcePort || !targetPort) return { code: "unknownPort" };
  if (!portTypesMatch(sourcePort.type, targetPort.type)) {
    return {
      code: "typeMismatch",
      sourcePort: sourcePort.id,
      sourceType: sourcePort.type,
      targetPort: targetPort.id,
      targetType: targetPort.type,
    };
  }
  const duplicate = graph.edges.some(
    (e) =>
      e.source === source &&
      (e.sourceHandle ?? null) === sourcePort.id &&
      e.target === target &&
      (e.targetHandle ?? null) === targetPort.id,
  );
  if (duplicate) return { code: "duplicate" };
  if (reaches(graph.edges, target, source)) return { code: "cycle", source, target };
  return null;
}

/** True when `to` can be reached from `from` along the edges. */
function reaches(edges: GraphEdge[], from: string, to: string): boolean {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.source, [...(next.get(e.source) ?? []), e.target]);
  const seen = new Set([from]);
  const queue = [from];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    if (id === to) return true;
    for (const t of next.get(id) ?? []) {
      if (!seen.has(t)) {
        seen.add(t);
        queue.push(t);
      }
    }
  }
  return false;
}

/** The outputs of other nodes that may feed an input port (type-compatible, no cycle). */
export function connectableSources(
  graph: WorkflowGraph,
  targetId: string,
  targetPort: string,
): { nodeId: string; port: PortDefinition }[] {
  const out: { nodeId: string; port: PortDefinition }[] = [];
  for (const node of graph.nodes) {
    const definition = getNodeDefinition(node.type);
    if (!definition || node.id === targetId) continue;
    for (const port of outputPortsFor(definition, node.data.config)) {
      const problem = checkConnection(graph, {
        source: node.id,
        sourceHandle: port.id,
        target: targetId,
        targetHandle: targetPort,
      });
      if (!problem || problem.code === "duplicate") out.push({ nodeId: node.id, port });
    }
  }
  return out;
}

/**
 * The graph JSON to save: only the fields the engine reads plus the position. The canvas keeps
 * its own state (selection, measured size…) out of the saved workflow.
 */
export function toGraph(
  nodes: readonly {
    id: string;
    type?: string | undefined;
    position: { x: number; y: number };
    data: GraphNode["data"];
  }[],
  edges: readonly GraphEdge[],
): WorkflowGraph {
  return {
    nodes: nodes.map((n) => ({
      id: n.id,
      type: n.type ?? "",
      position: { x: Math.round(n.position.x), y: Math.round(n.position.y) },
      data: n.data.label ? { label: n.data.label, config: n.data.config } : { config: n.data.config },
    })),
    edges: edges.map((e) => ({
      id: e.id,
      source: e.source,
      sourceHandle: e.sourceHandle ?? null,
      target: e.target,
      targetHandle: e.targetHandle ?? null,
    })),
  };
}

/** Reads a stored graph defensively: a malformed draft opens as an empty canvas part, not a crash. */
export function fromStoredGraph(input: unknown): WorkflowGraph {
  const value = (input ?? {}) as { nodes?: unknown; edges?: unknown };
  const nodes = Array.isArray(value.nodes) ? value.nodes : [];
  const edges = Array.isArray(value.edges) ? value.edges : [];
  return {
    nodes: nodes
      .filter(
        (n): n is GraphNode => typeof n === "object" && n !== null && typeof (n as GraphNode).id === "string",
      )
      .map((n, i) => ({
        id: n.id,
        type: typeof n.type === "string" ? n.type : "",
        position:
          n.position && typeof n.position.x === "number" && typeof n.position.y === "number"
            ? { x: n.position.x, y: n.position.y }
            : { x: i * 260, y: 0 },
        data: {
          ...(typeof n.data?.label === "string" ? { label: n.data.label } : {}),
          config:
            n.data?.config && typeof n.data.config === "object" && !Array.isArray(n.data.config)
              ? n.data.config
              : {},
        },
      })),
    edges: edges.filter(
      (e): e is GraphEdge =>
        typeof e === "object" &&
        e !== null &&
        typeof (e as GraphEdge).id === "string" &&
        typeof (e as GraphEdge).source === "string" &&
        typeof (e as GraphEdge).target === "string",
    ),
  };
}

/** Issues grouped by node id; graph-wide ones (nodeId null) under "". */
export function issuesByNode(issues: readonly GraphIssue[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const issue of issues) {
    const key = issue.nodeId ?? "";
    map.set(key, [...(map.get(key) ?? []), issue.message]);
  }
  return map;
}

/** Same issues (order-insensitive)? Used to tell whether the server agrees with the canvas. */
export function sameIssues(a: readonly GraphIssue[], b: readonly GraphIssue[]): boolean {
  const key = (i: GraphIssue) => `${i.nodeId ?? ""}\u0000${i.message}`;
  const left = a.map(key).sort();
  const right = b.map(key).sort();
  return left.length === right.length && left.every((k, i) => k === right[i]);
}

/** Undo/redo over whole-graph snapshots. */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

export const HISTORY_LIMIT = 100;

/** Records the present as an undo step; changes that follow replace the present. */
export function historyCheckpoint<T>(h: History<T>): History<T> {
  return { past: [...h.past, h.present].slice(-HISTORY_LIMIT), present: h.present, future: [] };
}

/** A change that is its own undo step. */
export function historyPush<T>(h: History<T>, next: T): History<T> {
  if (Object.is(next, h.present)) return h;
  return { ...historyCheckpoint(h), present: next };
}

/** Replaces the present without a new undo step (e.g. further keystrokes in the same field). */
export function historyReplace<T>(h: History<T>, next: T): History<T> {
  return { ...h, present: next };
}

export function historyUndo<T>(h: History<T>): History<T> {
  const previous = h.past.at(-1);
  if (previous === undefined) return h;
  return { past: h.past.slice(0, -1), present: previous, future: [h.present, ...h.future] };
}

export function historyRedo<T>(h: History<T>): History<T> {
  const [next, ...rest] = h.future;
  if (next === undefined) return h;
  return { past: [...h.past, h.present], present: next, future: rest };
}
