import { getNodeDefinition, outputPortsOf } from "@/lib/workflow/registry";
import type { GraphNode, WorkflowGraph } from "@/lib/workflow/types";

// A deterministic left-to-right layered layout (pure, client-safe) for the builder's Auto-layout
// and the templates (lib/workflow/README.md, 'Auto-layout').

export interface LayoutSize {
  width: number;
  height: number;
}

export interface LayoutOptions {
  /** A node's box; the default estimates it from the node's ports. */
  sizeOf?: (node: GraphNode) => LayoutSize;
  /** Horizontal space between layers. */
  gapX?: number;
  /** Vertical space between the nodes of a layer. */
  gapY?: number;
}

export const LAYOUT_GAP_X = 96;
export const LAYOUT_GAP_Y = 48;

/** A canvas node's width at least and at most (its CSS min-width and max-width, 13rem and 28rem). */
export const NODE_MIN_WIDTH = 208;
export const NODE_MAX_WIDTH = 448;

/**
 * A node's height before the canvas has measured it, on the large side: a two-line header, one
 * row per port (the longer side), and room for a run status line.
 */
export function estimateLayoutHeight(ports: { inputs: number; outputs: number }): number {
  return 96 + 24 * Math.max(1, ports.inputs, ports.outputs);
}

/** A port row's width: its mono label (0.75rem), its type (0.7rem), padding and gaps, generously. */
const portRowWidth = (p: { id: string; type: string }) => 24 + 12 + 8 * p.id.length + 6.5 * p.type.length;

type Port = { id: string; type: string };

function portListsOf(node: GraphNode): { inputs: Port[]; outputs: Port[] } {
  const definition = getNodeDefinition(node.type);
  if (!definition) return { inputs: [], outputs: [] };
  let outputs = definition.outputs;
  if (definition.outputsFor) {
    const parsed = definition.configSchema.safeParse(node.data.config ?? {});
    if (parsed.success) outputs = outputPortsOf(definition, parsed.data);
  }
  return { inputs: definition.inputs, outputs };
}

interface Ports {
  inputs: string[];
  outputs: string[];
}

function portsOf(node: GraphNode): Ports {
  const lists = portListsOf(node);
  return { inputs: lists.inputs.map((p) => p.id), outputs: lists.outputs.map((p) => p.id) };
}

/**
 * A node's box before the canvas has measured it, on the large side: as wide as its two port
 * columns side by side (a node never wraps a port), as tall as estimateLayoutHeight.
 */
export function estimateNodeBox(node: GraphNode): LayoutSize {
  const { inputs, outputs } = portListsOf(node);
  const column = (ports: Port[]) => Math.max(0, ...ports.map(portRowWidth));
  const width = Math.min(NODE_MAX_WIDTH, Math.max(NODE_MIN_WIDTH, column(inputs) + 12 + column(outputs) + 2));
  return {
    width: Math.ceil(width),
    height: estimateLayoutHeight({ inputs: inputs.length, outputs: outputs.length }),
  };
}

/** Where along a node's side a port sits, as a fraction in (0, 1); the middle when unknown. */
function portFraction(list: string[], handle: string | null | undefined): number {
  const i = handle ? list.indexOf(handle) : -1;
  return i < 0 ? 0.5 : (i + 1) / (list.length + 1);
}

interface Link {
  from: number;
  to: number;
  /** Port fractions on the source's right side and the target's left side. */
  fromPort: number;
  toPort: number;
}

/** The top-left corner of every node, keyed by node id (whole numbers, the box's top-left at 0,0). */
export function layeredLayout(
  graph: WorkflowGraph,
  opts: LayoutOptions = {},
): Map<string, { x: number; y: number }> {
  const gapX = opts.gapX ?? LAYOUT_GAP_X;
  const gapY = opts.gapY ?? LAYOUT_GAP_Y;
  const sizeOf = opts.sizeOf ?? estimateNodeBox;
  const nodes = graph.nodes;
  const n = nodes.length;
  const out = new Map<string, { x: number; y: number }>();
  if (n === 0) return out;

  const index = new Map(nodes.map((node, i) => [node.id, i]));
  const ports = nodes.map(portsOf);
  const sizes = nodes.map((node) => sizeOf(node));
  const links: Link[] = [];
  const seen = new Set<string>();
  for (const e of graph.edges) {
    const from = index.get(e.source);
    const to = index.get(e.target);
    if (from === undefined || to === undefined || from === to) continue;
    const key = `${from}>${to}>${e.sourceHandle ?? ""}>${e.targetHandle ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    links.push({
      from,
      to,
      fromPort: portFraction(ports[from]!.outputs, e.sourceHandle),
      toPort: portFraction(ports[to]!.inputs, e.targetHandle),
    });
  }
  const incoming = nodes.map(() => [] as Link[]);
  const outgoing = nodes.map(() => [] as Link[]);
  for (const l of links) {
    incoming[l.to]!.push(l);
    outgoing[l.from]!.push(l);
  }

  // 1. Longest-path layers (Kahn's order, so each node is placed after all its predecessors).
  const layer = new Array<number>(n).fill(-1);
  const waiting = incoming.map((list) => list.length);
  const queue: number[] = [];
  for (let i = 0; i < n; i++) if (waiting[i] === 0) queue.push(i);
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head]!;
    layer[i] = Math.max(0, ...incoming[i]!.map((l) => layer[l.from]! + 1));
    for (const l of outgoing[i]!) if (--waiting[l.to]! === 0) queue.push(l.to);
  }
  const placed = layer.filter((l) => l >= 0);
  const beyond = placed.length > 0 ? Math.max(...placed) + 1 : 0;
  for (let i = 0; i < n; i++) if (layer[i]! < 0) layer[i] = beyond;

  const layerCount = Math.max(...layer) + 1;
  const layers: number[][] = Array.from({ length: layerCount }, () => []);
  for (let i = 0; i < n; i++) layers[layer[i]!]!.push(i);
  // Drop empty layers (a cycle's leftovers may leave a gap): keeps the layout compact.
  const rows = layers.filter((l) => l.length > 0);

  // 2. Order within layers by barycenters.
  const place = new Array<number>(n).fill(0);
  const renumber = () => rows.forEach((row) => row.forEach((i, p) => (place[i] = p)));
  renumber();
  const sortRow = (row: number[], key: (i: number) => number | null) => {
    const keyed = row.map((i) => ({ i, k: key(i) ?? place[i]!, p: place[i]! }));
    keyed.sort((a, b) => a.k - b.k || a.p - b.p);
    keyed.forEach((x, p) => (row[p] = x.i));
    row.forEach((i, p) => (place[i] = p));
  };
  const mean = (values: number[]) =>
    values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length;
  for (let sweep = 0; sweep < 4; sweep++) {
    if (sweep % 2 === 0) {
      for (const row of rows.slice(1)) {
        sortRow(row, (i) => mean(incoming[i]!.map((l) => place[l.from]! + l.fromPort - 0.5)));
      }
    } else {
      for (const row of rows.slice(0, -1).reverse()) {
        sortRow(row, (i) => mean(outgoing[i]!.map((l) => place[l.to]! + l.toPort - 0.5)));
      }
    }
  }
  // A last downward pass decides the order the coordinates follow.
  for (const row of rows.slice(1)) {
    sortRow(row, (i) => mean(incoming[i]!.map((l) => place[l.from]! + l.fromPort - 0.5)));
  }

  // 3. Coordinates.
  const xs = new Array<number>(n).fill(0);
  const ys = new Array<number>(n).fill(0);
  let x = 0;
  for (const row of rows) {
    const width = Math.max(...row.map((i) => sizes[i]!.width));
    for (const i of row) xs[i] = x;
    x += width + gapX;
  }
  rows.forEach((row, r) => {
    // Where each node would like its top: level with the ports that feed it.
    const want = row.map((i) => {
      const feeds = incoming[i]!.filter((l) => layer[l.from]! < layer[i]!);
      const target =
        r === 0 ? null : mean(feeds.map((l) => ys[l.from]! + sizes[l.from]!.height * l.fromPort));
      return target === null ? null : target - sizes[i]!.height / 2;
    });
    let bottom: number | null = null;
    const deltas: number[] = [];
    row.forEach((i, p) => {
      const aim = want[p] ?? null;
      const top = bottom === null ? (aim ?? 0) : Math.max(aim ?? bottom, bottom);
      ys[i] = top;
      if (aim !== null) deltas.push(aim - top);
      bottom = top + sizes[i]!.height + gapY;
    });
    // Pushing down moved some nodes below where they aimed: move the layer back up by the mean.
    const shift = mean(deltas) ?? 0;
    for (const i of row) ys[i] = ys[i]! + shift;
  });

  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  nodes.forEach((node, i) => {
    out.set(node.id, { x: Math.round(xs[i]! - minX), y: Math.round(ys[i]! - minY) });
  });
  return out;
}

/** The graph with every node moved to its place in the layered layout (nothing else changes). */
export function layoutGraph(graph: WorkflowGraph, opts: LayoutOptions = {}): WorkflowGraph {
  const at = layeredLayout(graph, opts);
  return { ...graph, nodes: graph.nodes.map((node) => ({ ...node, position: at.get(node.id)! })) };
}
