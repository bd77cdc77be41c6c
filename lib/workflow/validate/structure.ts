import type { GraphIssue, WorkflowGraph } from "@/lib/workflow/types";

// Structure (cycles, reachability, upstream) follows the edges as drawn between existing nodes,
// so a node with a bad config or an edge with a bad port does not cut the graph in two.

interface StructuralNode {
  id: string;
  type: string;
  index: number;
}

export interface Structure {
  /** Each node id once, first occurrence (duplicates are reported separately). */
  allNodes: StructuralNode[];
  /** Targets of each node, per edge as drawn between existing nodes. */
  next: Map<string, string[]>;
}

export function structureOf(graph: WorkflowGraph, knownIds: Set<string>): Structure {
  const next = new Map<string, string[]>();
  const seenEdges = new Set<string>();
  for (const e of graph.edges) {
    if (seenEdges.has(e.id) || !knownIds.has(e.source) || !knownIds.has(e.target)) continue;
    seenEdges.add(e.id);
    push(next, e.source, e.target);
  }
  return { allNodes: uniqueNodes(graph), next };
}

/**
 * Cycles, then reachability from the start node. Returns the execution order (topological, ties
 * by graph order), complete only without cycles.
 */
export function checkCyclesAndReach(structure: Structure, startId: string | null, issues: GraphIssue[]): string[] {
  const { allNodes, next } = structure;
  const order = topologicalOrder(allNodes, next);
  if (order.length < allNodes.length) {
    const inOrder = new Set(order);
    for (const cycle of findCycles(
      allNodes.filter((n) => !inOrder.has(n.id)),
      next,
    )) {
      issues.push({ nodeId: cycle[0] ?? null, message: `Cycle: ${[...cycle, cycle[0]].join(" → ")}` });
    }
  }
  if (startId) {
    const reached = new Set<string>([startId]);
    const queue = [startId];
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      for (const target of next.get(id) ?? []) {
        if (!reached.has(target)) {
          reached.add(target);
          queue.push(target);
        }
      }
    }
    for (const node of allNodes) {
      // Extra start nodes are already reported as such.
      if (!reached.has(node.id) && node.type !== "start") {
        issues.push({ nodeId: node.id, message: `Node "${node.id}" cannot be reached from the start node` });
      }
    }
  }
  return order;
}

function uniqueNodes(graph: WorkflowGraph): StructuralNode[] {
  const seen = new Set<string>();
  const out: StructuralNode[] = [];
  graph.nodes.forEach((n, index) => {
    if (seen.has(n.id)) return;
    seen.add(n.id);
    out.push({ id: n.id, type: n.type, index });
  });
  return out;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Kahn's algorithm; among ready nodes the earliest in the graph goes first. */
function topologicalOrder(nodes: StructuralNode[], next: Map<string, string[]>): string[] {
  const indegree = new Map(nodes.map((n) => [n.id, 0]));
  for (const targets of next.values()) for (const t of targets) indegree.set(t, (indegree.get(t) ?? 0) + 1);
  const indexOf = new Map(nodes.map((n) => [n.id, n.index]));
  const ready = nodes.filter((n) => indegree.get(n.id) === 0).map((n) => n.id);
  const order: string[] = [];
  while (ready.length > 0) {
    ready.sort((a, b) => (indexOf.get(a) ?? 0) - (indexOf.get(b) ?? 0));
    const id = ready.shift()!;
    order.push(id);
    for (const target of next.get(id) ?? []) {
      const left = (indegree.get(target) ?? 0) - 1;
      indegree.set(target, left);
      if (left === 0) ready.push(target);
    }
  }
  return order;
}

/** One cycle per tangled group, as node ids in edge order. */
function findCycles(candidates: StructuralNode[], next: Map<string, string[]>): string[][] {
  const inCandidates = new Set(candidates.map((n) => n.id));
  const reported = new Set<string>();
  const cycles: string[][] = [];
  for (const node of candidates) {
    if (reported.has(node.id)) continue;
    // Depth-first search from this node; the first back edge closes a cycle.
    const path: string[] = [];
    const onPath = new Set<string>();
    const visited = new Set<string>();
    const dfs = (id: string): string[] | undefined => {
      path.push(id);
      onPath.add(id);
      visited.add(id);
      for (const target of next.get(id) ?? []) {
        if (!inCandidates.has(target)) continue;
        if (onPath.has(target)) return path.slice(path.indexOf(target));
        if (!visited.has(target)) {
          const found = dfs(target);
          if (found) return found;
        }
      }
      path.pop();
      onPath.delete(id);
      return undefined;
    };
    const cycle = dfs(node.id);
    if (cycle && !cycle.some((id) => reported.has(id))) {
      cycles.push(cycle);
      for (const id of cycle) reported.add(id);
    }
    reported.add(node.id);
  }
  return cycles;
}

/** For each node in `order`, every node upstream of it. */
export function ancestorSets(order: string[], next: Map<string, string[]>): Map<string, Set<string>> {
  const result = new Map<string, Set<string>>(order.map((id) => [id, new Set<string>()]));
  for (const id of order) {
    const mine = result.get(id)!;
    for (const target of next.get(id) ?? []) {
      const theirs = result.get(target);
      if (!theirs) continue;
      theirs.add(id);
      for (const a of mine) theirs.add(a);
    }
  }
  return result;
}
