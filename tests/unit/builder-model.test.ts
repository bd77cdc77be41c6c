import { describe, expect, it } from "vitest";
import { configIssues, getAt, issuesUnder, setAt } from "@/components/builder/config-model";
import {
  checkConnection,
  connectableSources,
  createNode,
  fromStoredGraph,
  historyCheckpoint,
  historyPush,
  historyRedo,
  historyReplace,
  historyUndo,
  issuesByNode,
  newNodeId,
  sameIssues,
  toGraph,
  type History,
} from "@/components/builder/graph-model";
import { applyRunEvent, asRunEvent, emptyTrace, verdictFromResult } from "@/components/builder/run-state";
import { runEventJson } from "@/lib/contracts/workflows";
import { getNodeDefinition } from "@/lib/workflow/registry";
import { validateGraph } from "@/lib/workflow/validate";
import type { RunEvent, WorkflowGraph } from "@/lib/workflow/types";

function chain(): WorkflowGraph {
  const ids: string[] = [];
  const add = (type: string, x: number) => {
    const node = createNode(type, ids, { x, y: 0 });
    ids.push(node.id);
    return node;
  };
  const nodes = [add("start", 0), add("llm", 300), add("challenge-evaluator", 600), add("answer", 900)];
  return {
    nodes,
    edges: [
      { id: "e1", source: "start", sourceHandle: "prompt", target: "llm", targetHandle: "prompt" },
      { id: "e2", source: "llm", sourceHandle: "text", target: "challenge", targetHandle: "response" },
      { id: "e3", source: "llm", sourceHandle: "text", target: "answer", targetHandle: "text" },
    ],
  };
}

describe("builder graph model", () => {
  it("gives new nodes short, unique, template-friendly ids", () => {
    expect(newNodeId("llm", [])).toBe("llm");
    expect(newNodeId("llm", ["llm", "llm_2"])).toBe("llm_3");
    expect(newNodeId("challenge-evaluator", [])).toBe("challenge");
    expect(newNodeId("judging-llm", ["judge"])).toBe("judge_2");
    expect(newNodeId("if-else", [])).toBe("branch");
    expect(newNodeId("template", ["template"])).toBe("template_2");
    expect(newNodeId("no such/type", [])).toBe("no_such_type");
  });

  it("creates nodes with a copy of the definition's default config", () => {
    const a = createNode("start", [], { x: 1.4, y: 2.6 });
    const b = createNode("start", [], { x: 0, y: 0 });
    expect(a.position).toEqual({ x: 1, y: 3 });
    expect(a.data.config).toEqual(getNodeDefinition("start")!.defaultConfig);
    (a.data.config.variables as unknown[]).push({ name: "x" });
    expect(b.data.config.variables).toHaveLength(1);
  });

  it("a graph built from the palette's defaults validates once connected", () => {
    expect(validateGraph(chain())).toEqual({ ok: true });
  });

  it("refuses connections whose port types differ, with both types in the reason", () => {
    const graph = chain();
    graph.nodes.push(
      createNode(
        "judging-llm",
        graph.nodes.map((n) => n.id),
        { x: 0, y: 300 },
      ),
    );
    expect(
      checkConnection(graph, {
        source: "judge",
        sourceHandle: "judge_rating",
        target: "challenge",
        targetHandle: "judge_passed",
      }),
    ).toEqual({
      code: "typeMismatch",
      sourcePort: "judge_rating",
      sourceType: "number",
      targetPort: "judge_passed",
      targetType: "boolean",
    });
    // any accepts everything; matching types are fine.
    expect(
      checkConnection(graph, {
        source: "judge",
        sourceHandle: "judge_rating",
        target: "answer",
        targetHandle: "text",
      }),
    ).toBeNull();
    expect(
      checkConnection(graph, {
        source: "judge",
        sourceHandle: "judge_passed",
        target: "challenge",
        targetHandle: "judge_passed",
      }),
    ).toBeNull();
  });

  it("refuses self-loops, cycles, duplicates and unknown ports", () => {
    const graph = chain();
    expect(
      checkConnection(graph, { source: "llm", sourceHandle: "text", target: "llm", targetHandle: "prompt" }),
    ).toEqual({
      code: "self",
    });
    expect(
      checkConnection(graph, {
        source: "challenge",
        sourceHandle: "output",
        target: "llm",
        targetHandle: "prompt",
      }),
    ).toEqual({ code: "cycle", source: "challenge", target: "llm" });
    expect(
      checkConnection(graph, { source: "llm", sourceHandle: "text", target: "answer", targetHandle: "text" }),
    ).toEqual({
      code: "duplicate",
    });
    expect(
      checkConnection(graph, { source: "llm", sourceHandle: "nope", target: "answer", targetHandle: "text" }),
    ).toEqual({
      code: "unknownPort",
    });
    expect(checkConnection(graph, { source: null, target: "answer", targetHandle: "text" })).toEqual({
      code: "incomplete",
    });
  });

  it("lists only compatible, acyclic sources for an input", () => {
    const graph = chain();
    const sources = connectableSources(graph, "challenge", "judge_passed").map(
      (s) => `${s.nodeId}.${s.port.id}`,
    );
    // Booleans only: the challenge's own outputs are excluded (self), answer.text is a string.
    expect(sources).toEqual([]);
    const forAnswer = connectableSources(graph, "answer", "text").map((s) => `${s.nodeId}.${s.port.id}`);
    expect(forAnswer).toContain("challenge.message");
    expect(forAnswer).toContain("start.prompt");
  });

  it("start outputs follow its declared variables", () => {
    const graph = chain();
    const start = graph.nodes[0]!;
    start.data.config = { variables: [{ name: "prompt" }, { name: "count", type: "number" }] };
    expect(
      checkConnection(graph, {
        source: "start",
        sourceHandle: "count",
        target: "llm",
        targetHandle: "prompt",
      }),
    ).toMatchObject({ code: "typeMismatch", sourceType: "number", targetType: "string" });
  });

  it("saves only the engine's fields and reads stored graphs defensively", () => {
    const graph = toGraph(
      [
        {
          id: "a",
          type: "start",
          position: { x: 1.2, y: 2 },
          data: { config: {} },
          selected: true,
          measured: { width: 5 },
        } as never,
      ],
      [{ id: "e", source: "a", target: "b", selected: true } as never],
    );
    expect(graph).toEqual({
      nodes: [{ id: "a", type: "start", position: { x: 1, y: 2 }, data: { config: {} } }],
      edges: [{ id: "e", source: "a", sourceHandle: null, target: "b", targetHandle: null }],
    });
    expect(fromStoredGraph(null)).toEqual({ nodes: [], edges: [] });
    expect(fromStoredGraph({ nodes: [{ id: "x", data: { config: [] } }, 5], edges: [{ id: 1 }] })).toEqual({
      nodes: [{ id: "x", type: "", position: { x: 0, y: 0 }, data: { config: {} } }],
      edges: [],
    });
  });

  it("groups issues by node and compares issue lists without order", () => {
    const issues = [
      { nodeId: null, message: "The workflow has no answer node" },
      { nodeId: "llm", message: "a" },
      { nodeId: "llm", message: "b" },
    ];
    expect(issuesByNode(issues)).toEqual(
      new Map([
        ["", ["The workflow has no answer node"]],
        ["llm", ["a", "b"]],
      ]),
    );
    expect(sameIssues(issues, [...issues].reverse())).toBe(true);
    expect(sameIssues(issues, issues.slice(1))).toBe(false);
  });

  it("undo and redo walk whole-graph snapshots; a new change drops the redo branch", () => {
    let h: History<number> = { past: [], present: 0, future: [] };
    h = historyPush(h, 1);
    h = historyPush(h, 2);
    h = historyReplace(h, 3); // coalesced into the last step
    expect(h).toEqual({ past: [0, 1], present: 3, future: [] });
    h = historyUndo(h);
    expect(h.present).toBe(1);
    h = historyUndo(h);
    h = historyUndo(h); // nothing left
    expect(h).toEqual({ past: [], present: 0, future: [1, 3] });
    h = historyRedo(h);
    expect(h.present).toBe(1);
    h = historyCheckpoint(h);
    expect(h).toEqual({ past: [0, 1], present: 1, future: [] });
  });
});

describe("builder config model", () => {
  it("sets and removes values by path without touching the original", () => {
    const config = { variables: [{ name: "prompt" }], keep: 1 };
    const next = setAt(config, ["variables", 0, "name"], "q");
    expect(next).toEqual({ variables: [{ name: "q" }], keep: 1 });
    expect(config.variables[0]!.name).toBe("prompt");
    expect(setAt(next, ["keep"], undefined)).toEqual({ variables: [{ name: "q" }] });
    expect(setAt({}, ["conditions", 0, "value"], "x")).toEqual({ conditions: [{ value: "x" }] });
    expect(getAt(next, ["variables", 0, "name"])).toBe("q");
    expect(getAt(next, ["missing", "deep"])).toBeUndefined();
  });

  it("reports the definition's messages by field path, prefixed with the path", () => {
    const issues = configIssues(getNodeDefinition("judging-llm")!, { rating_scale: 4, pass_threshold: 9 });
    expect(issues.get("pass_threshold")).toEqual([
      "pass_threshold: pass_threshold must not be above rating_scale",
    ]);
    const start = configIssues(getNodeDefinition("start")!, { variables: [{ name: "secret" }] });
    expect(issuesUnder(start, ["variables", 0])).toEqual([
      "variables.0.name: The name secret is reserved for {{secret}}",
    ]);
    expect(issuesUnder(start, ["variables"]).length).toBe(2);
    expect(configIssues(getNodeDefinition("llm")!, {}).size).toBe(0);
  });
});

describe("builder test-run stream", () => {
  it("folds run events into node traces, streamed text and the verdict", () => {
    const events: RunEvent[] = [
      { type: "run_started", runId: "r" },
      { type: "node_started", runId: "r", nodeId: "llm", nodeType: "llm" },
      { type: "text_delta", runId: "r", nodeId: "llm", delta: "The word is " },
      { type: "text_delta", runId: "r", nodeId: "llm", delta: "[masked]" },
      {
        type: "node_finished",
        runId: "r",
        nodeId: "llm",
        nodeType: "llm",
        status: "succeeded",
        elapsedMs: 3,
        tokens: 7,
      },
      {
        type: "node_finished",
        runId: "r",
        nodeId: "challenge",
        nodeType: "challenge-evaluator",
        status: "succeeded",
        outputs: { challenge_succeeded: true, message: "Success!" },
        elapsedMs: 1,
        tokens: 0,
      },
      {
        type: "run_finished",
        runId: "r",
        status: "succeeded",
        outputs: { text: "x" },
        elapsedMs: 9,
        tokensTotal: 7,
        judgeTokensTotal: 0,
      },
    ];
    let trace = emptyTrace;
    // As the test-run endpoint sends them.
    for (const e of events) trace = applyRunEvent(trace, asRunEvent(runEventJson(e))!);
    expect(trace.status).toBe("succeeded");
    expect(trace.nodes.map((n) => [n.nodeId, n.status, n.text])).toEqual([
      ["llm", "succeeded", "The word is [masked]"],
      ["challenge", "succeeded", ""],
    ]);
    expect(trace.verdict).toEqual({ succeeded: true, feedback: "Success!" });
    expect(asRunEvent({ type: "attempt" })).toBeNull();
    expect(verdictFromResult({ evaluation: { outcome: "error", rating: null, feedback: "x" } })).toEqual({
      succeeded: null,
      outcome: "error",
      feedback: "x",
    });
    expect(verdictFromResult({ evaluation: { outcome: "fail", rating: 3, feedback: null } })).toEqual({
      succeeded: false,
      outcome: "fail",
      rating: 3,
    });
  });
});
