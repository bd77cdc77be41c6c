import { describe, expect, it } from "vitest";
import type { WorkflowGraph } from "@/lib/workflow/types";
import { finishedNodes, loadGraph, runGraph } from "./support";

describe("if-else branch skipping", () => {
  it.each([
    {
      prompt: "hello there",
      answer: "Hello to you too (hello there)!",
      statuses: {
        start: "succeeded",
        greeting: "succeeded",
        greet: "succeeded",
        loud: "succeeded",
        refuse: "skipped",
        answer: "succeeded",
      },
    },
    {
      prompt: "HELLO (case-insensitive by default)",
      answer: "Hello to you too (HELLO (case-insensitive by default))!",
      statuses: { greet: "succeeded", loud: "succeeded", refuse: "skipped" },
    },
    {
      prompt: "goodbye",
      answer: "No greeting, no answer.",
      // Skipping propagates: loud's only input comes from the skipped greet.
      statuses: {
        start: "succeeded",
        greeting: "succeeded",
        greet: "skipped",
        loud: "skipped",
        refuse: "succeeded",
        answer: "succeeded",
      },
    },
  ])("$prompt", async ({ prompt, answer, statuses }) => {
    const { result, events } = await runGraph(loadGraph("branch"), { prompt });
    expect(result.status).toBe("succeeded");
    expect(result.answerText).toBe(answer);
    const byNode = Object.fromEntries(finishedNodes(events).map((n) => [n.nodeId, n.status]));
    expect(byNode).toMatchObject(statuses);
    expect(finishedNodes(events)).toHaveLength(6);
  });

  it("skipped nodes report zero time and tokens and are never started", async () => {
    const { events } = await runGraph(loadGraph("branch"), { prompt: "goodbye" });
    const skipped = events.filter((e) => e.type === "node_finished" && e.status === "skipped");
    expect(skipped.map((e) => (e.type === "node_finished" ? e.nodeId : ""))).toEqual(["greet", "loud"]);
    for (const e of skipped) expect(e).toMatchObject({ elapsedMs: 0, tokens: 0 });
    expect(events.some((e) => e.type === "node_started" && e.nodeId === "greet")).toBe(false);
  });

  it("the branch output carries the tested value", async () => {
    const { events } = await runGraph(loadGraph("branch"), { prompt: "hello" });
    const greeting = events.find((e) => e.type === "node_finished" && e.nodeId === "greeting");
    expect(greeting).toMatchObject({ outputs: { true: "hello" } });
  });

  it("a run whose answer sits on the untaken branch succeeds with no answer", async () => {
    const graph: WorkflowGraph = {
      nodes: [
        { id: "start", type: "start", data: { config: {} } },
        {
          id: "gate",
          type: "if-else",
          data: { config: { conditions: [{ operator: "equals", value: "open sesame" }] } },
        },
        { id: "answer", type: "answer", data: { config: {} } },
      ],
      edges: [
        { id: "e1", source: "start", sourceHandle: "prompt", target: "gate", targetHandle: "value" },
        { id: "e2", source: "gate", sourceHandle: "true", target: "answer", targetHandle: "text" },
      ],
    };
    const denied = await runGraph(graph, { prompt: "let me in" });
    expect(denied.result).toMatchObject({ status: "succeeded", outputs: {} });
    expect(denied.result.answerText).toBeUndefined();
    expect(finishedNodes(denied.events).at(-1)).toEqual({ nodeId: "answer", status: "skipped" });
    const opened = await runGraph(graph, { prompt: "Open Sesame" });
    expect(opened.result.answerText).toBe("Open Sesame");
  });

  it("independent branches both run, and a node waits for all its inputs", async () => {
    const graph: WorkflowGraph = {
      nodes: [
        { id: "start", type: "start", data: { config: {} } },
        { id: "left", type: "template", data: { config: { template: "L:{{input}}" } } },
        { id: "right", type: "template", data: { config: { template: "R:{{input}}" } } },
        { id: "join", type: "template", data: { config: { template: "{{left.text}}+{{right.text}}" } } },
        { id: "answer", type: "answer", data: { config: {} } },
      ],
      edges: [
        { id: "e1", source: "start", sourceHandle: "prompt", target: "left", targetHandle: "input" },
        { id: "e2", source: "start", sourceHandle: "prompt", target: "right", targetHandle: "input" },
        { id: "e3", source: "left", sourceHandle: "text", target: "join" },
        { id: "e4", source: "right", sourceHandle: "text", target: "join" },
        { id: "e5", source: "join", sourceHandle: "text", target: "answer", targetHandle: "text" },
      ],
    };
    const { result, events } = await runGraph(graph, { prompt: "x" });
    expect(result.answerText).toBe("L:x+R:x");
    expect(finishedNodes(events).map((n) => n.nodeId)).toEqual(["start", "left", "right", "join", "answer"]);
  });
});
