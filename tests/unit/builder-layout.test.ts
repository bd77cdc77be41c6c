// The builder's auto-layout and the templates' graphs: every node in its own box (no two boxes
// overlap, at the estimated size a node may grow to), every edge pointing right, and the same graph
// always laid out the same way.
import { describe, expect, it } from "vitest";
import { estimateNodeBox, layeredLayout, layoutGraph } from "@/lib/workflow/layout";
import { CHALLENGE_TEMPLATES } from "@/lib/workflow/templates";
import type { GraphNode, WorkflowGraph } from "@/lib/workflow/types";

type Box = { id: string; x: number; y: number; width: number; height: number };

const boxesOf = (graph: WorkflowGraph, sizeOf = estimateNodeBox): Box[] =>
  graph.nodes.map((n) => {
    expect(n.position, `${n.id} has a position`).toBeDefined();
    return { id: n.id, ...n.position!, ...sizeOf(n) };
  });

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

function overlappingPairs(boxes: Box[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      if (overlaps(boxes[i]!, boxes[j]!)) pairs.push(`${boxes[i]!.id} × ${boxes[j]!.id}`);
    }
  }
  return pairs;
}

const node = (id: string, type: string, config: Record<string, unknown> = {}): GraphNode => ({
  id,
  type,
  position: { x: 0, y: 0 },
  data: { config },
});

const edge = (source: string, sourceHandle: string, target: string, targetHandle: string) => ({
  id: `${source}.${sourceHandle}->${target}.${targetHandle}`,
  source,
  sourceHandle,
  target,
  targetHandle,
});

describe("template graphs", () => {
  it.each(CHALLENGE_TEMPLATES.map((t) => [t.id, t] as const))(
    "%s: no two nodes' boxes overlap and every edge points right",
    (_id, template) => {
      const graph = template.graph();
      const boxes = boxesOf(graph);
      expect(overlappingPairs(boxes)).toEqual([]);
      const at = new Map(boxes.map((b) => [b.id, b]));
      for (const e of graph.edges) {
        const s = at.get(e.source)!;
        const t = at.get(e.target)!;
        expect(s.x + s.width, `${e.id} points right`).toBeLessThan(t.x);
      }
    },
  );

  it("the combined template keeps the judge, its verdict and both branches clear of each other", () => {
    const graph = CHALLENGE_TEMPLATES.find((t) => t.id === "combined")!.graph();
    const boxes = boxesOf(graph);
    const pick = (id: string) => boxes.find((b) => b.id === id)!;
    // The two branches of the watcher's verdict are one above the other, "true" (release) first.
    expect(pick("release").x).toBe(pick("watcher_blocked").x);
    expect(pick("release").y + pick("release").height).toBeLessThan(pick("watcher_blocked").y);
    // The evaluator and the answer, both fed by every final output, share the last column.
    expect(pick("check").x).toBe(pick("answer").x);
    expect(Math.max(...boxes.map((b) => b.x))).toBe(pick("check").x);
    // Starts at the origin.
    expect(Math.min(...boxes.map((b) => b.x))).toBe(0);
    expect(Math.min(...boxes.map((b) => b.y))).toBe(0);
  });

  it("a template's graph is the same every time it is made", () => {
    for (const t of CHALLENGE_TEMPLATES) expect(t.graph()).toEqual(t.graph());
  });
});

describe("layeredLayout", () => {
  // A fan-out and fan-in with tall nodes all piled on one spot, as a careless graph might be.
  const piled: WorkflowGraph = {
    nodes: [
      node("answer", "answer"),
      node("check", "challenge-evaluator"),
      node("judge", "judging-llm"),
      node("llm", "llm"),
      node("start", "start"),
      node("route", "if-else", { conditions: [{ operator: "contains", value: "x" }] }),
      node("a", "template", { template: "A" }),
      node("b", "template", { template: "B" }),
    ],
    edges: [
      edge("start", "prompt", "llm", "prompt"),
      edge("llm", "text", "judge", "response"),
      edge("judge", "judge_rating", "route", "value"),
      edge("route", "false", "b", "input"),
      edge("route", "true", "a", "input"),
      edge("a", "text", "check", "response"),
      edge("b", "text", "check", "response"),
      edge("a", "text", "answer", "text"),
      edge("b", "text", "answer", "text"),
    ],
  };

  it("puts each node one layer right of its furthest predecessor (longest path)", () => {
    const at = layeredLayout(piled);
    const column = (id: string) => at.get(id)!.x;
    const xs = [...new Set([...at.values()].map((p) => p.x))].sort((a, b) => a - b);
    expect(xs).toHaveLength(6);
    expect(column("start")).toBe(xs[0]);
    expect(column("llm")).toBe(xs[1]);
    expect(column("judge")).toBe(xs[2]);
    expect(column("route")).toBe(xs[3]);
    expect(column("a")).toBe(xs[4]);
    expect(column("b")).toBe(xs[4]);
    expect(column("check")).toBe(xs[5]);
    expect(column("answer")).toBe(xs[5]);
  });

  it("orders a branch by its port: the if-else's true output above its false one", () => {
    const at = layeredLayout(piled);
    expect(at.get("a")!.y).toBeLessThan(at.get("b")!.y);
  });

  it("leaves no two boxes overlapping, with the sizes it is given", () => {
    const big = () => ({ width: 300, height: 400 });
    const laid = layoutGraph(piled, { sizeOf: big });
    expect(overlappingPairs(boxesOf(laid, big))).toEqual([]);
    expect(overlappingPairs(boxesOf(layoutGraph(piled)))).toEqual([]);
  });

  it("is deterministic: the same graph gives the same places, whatever the old positions", () => {
    const moved: WorkflowGraph = {
      ...piled,
      nodes: piled.nodes.map((n, i) => ({ ...n, position: { x: i * 37, y: -i * 91 } })),
    };
    expect(layeredLayout(moved)).toEqual(layeredLayout(piled));
    expect(layeredLayout(piled)).toEqual(layeredLayout(structuredClone(piled)));
  });

  it("lays out unconnected nodes and a cycle without failing or overlapping", () => {
    const graph: WorkflowGraph = {
      nodes: [node("x", "template"), node("y", "template"), node("lonely", "answer"), node("start", "start")],
      edges: [edge("x", "text", "y", "input"), edge("y", "text", "x", "input")],
    };
    const laid = layoutGraph(graph);
    expect(overlappingPairs(boxesOf(laid))).toEqual([]);
    expect(layoutGraph({ nodes: [], edges: [] })).toEqual({ nodes: [], edges: [] });
  });
});
