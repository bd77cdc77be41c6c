import type { PortType } from "@/lib/workflow/definition-types";
import { getNodeDefinition } from "@/lib/workflow/registry";
import { START_ALIAS } from "@/lib/workflow/template";
import type { WorkflowGraph } from "@/lib/workflow/types";
import { outputPortsFor } from "./graph-model";

// The variable picker's model (pure, client-safe, unit-tested): the template references a node may
// use, spelled exactly as lib/workflow/validate/ accepts them — its connected inputs as {{name}},
// every upstream node's real outputs as {{node_id.key}} (the start node as {{start.key}}) and the
// challenge's {{secret}}. Nothing else is offered, so whatever the picker inserts validates.

export interface TemplateVariable {
  /** The text to insert, e.g. `{{llm.text}}`. */
  ref: string;
  kind: "input" | "output" | "secret";
  /** The node the value comes from (outputs only). */
  nodeId?: string;
  /** Port id (inputs and outputs). */
  port?: string;
  type?: PortType;
}

/** The ids of nodes with a path of edges to `nodeId` (its ancestors), as the edges are drawn. */
function ancestorsOf(graph: WorkflowGraph, nodeId: string): Set<string> {
  const incoming = new Map<string, string[]>();
  for (const e of graph.edges) {
    const list = incoming.get(e.target);
    if (list) list.push(e.source);
    else incoming.set(e.target, [e.source]);
  }
  const seen = new Set<string>();
  const queue = [...(incoming.get(nodeId) ?? [])];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    if (seen.has(id) || id === nodeId) continue;
    seen.add(id);
    queue.push(...(incoming.get(id) ?? []));
  }
  return seen;
}

/** How other nodes refer to an output of this node: `{{start.prompt}}`, `{{llm.text}}`. */
export function outputRef(graph: WorkflowGraph, nodeId: string, port: string): string {
  const node = graph.nodes.find((n) => n.id === nodeId);
  // `start` means the start node whatever its id, unless another node took that id.
  const alias =
    node?.type === "start" && (nodeId === START_ALIAS || !graph.nodes.some((n) => n.id === START_ALIAS));
  return `{{${alias ? START_ALIAS : nodeId}.${port}}}`;
}

/** The references the node with this id may use in its templates, in graph order. */
export function templateVariables(graph: WorkflowGraph, nodeId: string): TemplateVariable[] {
  const node = graph.nodes.find((n) => n.id === nodeId);
  if (!node) return [];
  const out: TemplateVariable[] = [];
  const definition = getNodeDefinition(node.type);
  const connected = new Set(
    graph.edges.filter((e) => e.target === nodeId && e.targetHandle).map((e) => e.targetHandle),
  );
  for (const port of definition?.inputs ?? []) {
    if (connected.has(port.id))
      out.push({ ref: `{{${port.id}}}`, kind: "input", port: port.id, type: port.type });
  }
  const ancestors = ancestorsOf(graph, nodeId);
  for (const upstream of graph.nodes) {
    if (!ancestors.has(upstream.id)) continue;
    // A node called "start" that is not the start node is refused by validation: offer nothing.
    if (upstream.id === START_ALIAS && upstream.type !== "start") continue;
    const upDef = getNodeDefinition(upstream.type);
    if (!upDef) continue;
    for (const port of outputPortsFor(upDef, upstream.data.config)) {
      out.push({
        ref: outputRef(graph, upstream.id, port.id),
        kind: "output",
        nodeId: upstream.id,
        port: port.id,
        type: port.type,
      });
    }
  }
  out.push({ ref: "{{secret}}", kind: "secret" });
  return out;
}

/**
 * The value with `ref` put at the selection [start, end) (the caret when equal); returns the new
 * value and where the caret goes after the insertion.
 */
export function insertAt(
  value: string,
  ref: string,
  start: number,
  end: number = start,
): { value: string; caret: number } {
  const from = Math.max(0, Math.min(start, value.length));
  const to = Math.max(from, Math.min(end, value.length));
  return { value: value.slice(0, from) + ref + value.slice(to), caret: from + ref.length };
}

/**
 * The `{{` the creator is typing a reference after, if any: where it starts and what follows it up
 * to the caret (letters, digits, `_ - . :` only; a closed `}}` or a space ends it). Null when the
 * caret is not inside an unfinished reference.
 */
export function templateTrigger(value: string, caret: number): { start: number; query: string } | null {
  const before = value.slice(0, Math.max(0, Math.min(caret, value.length)));
  const open = before.lastIndexOf("{{");
  if (open < 0) return null;
  const query = before.slice(open + 2);
  if (!/^[A-Za-z0-9_.:-]{0,64}$/.test(query)) return null;
  return { start: open, query };
}

/** The variables whose reference contains the query (case-insensitive), those starting with it first. */
export function filterVariables(variables: readonly TemplateVariable[], query: string): TemplateVariable[] {
  const q = query.toLowerCase();
  if (q === "") return [...variables];
  const body = (v: TemplateVariable) => v.ref.slice(2, -2).toLowerCase();
  const starts = variables.filter((v) => body(v).startsWith(q) || body(v).split(".")[1]?.startsWith(q));
  const contains = variables.filter((v) => !starts.includes(v) && body(v).includes(q));
  return [...starts, ...contains];
}

/** The value with the unfinished `{{query` (from `start` to the caret) replaced by `ref`. */
export function completeAt(
  value: string,
  ref: string,
  start: number,
  caret: number,
): { value: string; caret: number } {
  // A `}}` right after the caret (typed by the creator or an editor) is part of what is replaced.
  const end = value.startsWith("}}", caret) ? caret + 2 : caret;
  return insertAt(value, ref, start, end);
}
