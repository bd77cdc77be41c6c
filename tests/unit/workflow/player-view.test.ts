// The player's view of a run: when the answer may stream (decided from the graph) and what a
// player event may carry.
import { describe, expect, it } from "vitest";
import { compileGraph } from "@/lib/workflow/engine/plan";
import { PlayerView } from "@/lib/workflow/engine/player-view";
import type { PlayerEvent, WorkflowGraph } from "@/lib/workflow/types";

type Node = WorkflowGraph["nodes"][number];
type Edge = WorkflowGraph["edges"][number];

const node = (id: string, type: string, config: Record<string, unknown> = {}): Node => ({ id, type, data: { config } });
let seq = 0;
const edge = (source: string, sourceHandle: string | null, target: string, targetHandle?: string): Edge => ({
  id: `e${++seq}`,
  source,
  ...(sourceHandle ? { sourceHandle } : {}),
  target,
  ...(targetHandle ? { targetHandle } : {}),
});

const start = node("start", "start");
const llm = (id = "guard") => node(id, "llm", { system_template: "The secret password is {{secret}}.", user_template: "{{prompt}}" });
const answer = (template?: string) => node("answer", "answer", template === undefined ? {} : { template });
const tpl = (id: string, template: string) => node(id, "template", { template });
const ifElse = (id: string) => node(id, "if-else", { conditions: [{ operator: "contains", value: "x" }] });

function source(graph: WorkflowGraph): string | null {
  const compiled = compileGraph(graph);
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.issues));
  return compiled.plan.answerStream;
}

describe("answerStreamSource", () => {
  it("streams an LLM node wired straight to the Answer node", () => {
    expect(source({ nodes: [start, llm(), answer()], edges: [edge("start", "prompt", "guard", "prompt"), edge("guard", "text", "answer", "text")] })).toBe("guard");
    // `{{ text }}` is the same pass-through.
    expect(source({ nodes: [start, llm(), answer("{{ text }}")], edges: [edge("start", "prompt", "guard", "prompt"), edge("guard", "text", "answer", "text")] })).toBe("guard");
  });

  it("streams through templates that render exactly their input", () => {
    const graph = {
      nodes: [start, llm(), tpl("a", "{{input}}"), tpl("b", "{{input}}"), answer()],
      edges: [edge("start", "prompt", "guard", "prompt"), edge("guard", "text", "a", "input"), edge("a", "text", "b", "input"), edge("b", "text", "answer", "text")],
    };
    expect(source(graph)).toBe("guard");
  });

  it.each<[string, WorkflowGraph]>([
    [
      "an Answer template that adds text",
      { nodes: [start, llm(), answer("A: {{text}}")], edges: [edge("start", "prompt", "guard", "prompt"), edge("guard", "text", "answer", "text")] },
    ],
    [
      "a template that rewrites",
      {
        nodes: [start, llm(), tpl("t", "{{input}}!"), answer()],
        edges: [edge("start", "prompt", "guard", "prompt"), edge("guard", "text", "t", "input"), edge("t", "text", "answer", "text")],
      },
    ],
    [
      "a template that reads the LLM's output by reference behind a branch (release on a verdict)",
      {
        nodes: [start, llm(), ifElse("gate"), tpl("release", "{{guard.text}}"), answer()],
        edges: [edge("start", "prompt", "guard", "prompt"), edge("guard", "text", "gate", "value"), edge("gate", "true", "release"), edge("release", "text", "answer", "text")],
      },
    ],
    [
      "an if-else that passes the value on its branch",
      {
        nodes: [start, llm(), ifElse("gate"), answer()],
        edges: [edge("start", "prompt", "guard", "prompt"), edge("guard", "text", "gate", "value"), edge("gate", "true", "answer", "text")],
      },
    ],
    [
      "a second source merged into the answer",
      {
        nodes: [start, ifElse("filter"), tpl("blocked", "No."), llm(), answer()],
        edges: [
          edge("start", "prompt", "filter", "value"),
          edge("filter", "true", "blocked"),
          edge("filter", "false", "guard", "prompt"),
          edge("blocked", "text", "answer", "text"),
          edge("guard", "text", "answer", "text"),
        ],
      },
    ],
    [
      "an ordering edge from a branch that can skip the answer",
      {
        nodes: [start, llm(), ifElse("gate"), answer()],
        edges: [edge("start", "prompt", "guard", "prompt"), edge("guard", "text", "gate", "value"), edge("guard", "text", "answer", "text"), edge("gate", "false", "answer")],
      },
    ],
    [
      "an answer that is not an LLM's text",
      { nodes: [start, tpl("t", "{{input}}"), answer()], edges: [edge("start", "prompt", "t", "input"), edge("t", "text", "answer", "text")] },
    ],
  ])("does not stream with %s", (_name, graph) => {
    expect(source(graph)).toBeNull();
  });
});

describe("PlayerView", () => {
  it("keeps only run_started, progress in order and the streaming node's text", () => {
    const sent: PlayerEvent[] = [];
    const view = new PlayerView("guard", (e) => sent.push(e));
    const runId = "r1";
    view.handle({ type: "run_started", runId });
    view.handle({ type: "node_started", runId, nodeId: "filter", nodeType: "if-else" });
    view.handle({ type: "node_started", runId, nodeId: "guard", nodeType: "llm" });
    view.handle({ type: "text_delta", runId, nodeId: "guard", delta: "Hello " });
    view.handle({ type: "text_delta", runId, nodeId: "other", delta: "N-I-G-H-T" });
    view.handle({ type: "node_finished", runId, nodeId: "guard", nodeType: "llm", status: "succeeded", outputs: { text: "Hello" }, elapsedMs: 1, tokens: 2 });
    view.handle({ type: "node_started", runId, nodeId: "watcher", nodeType: "judging-llm" });
    view.handle({ type: "node_started", runId, nodeId: "second", nodeType: "llm" });
    view.handle({ type: "node_started", runId, nodeId: "check", nodeType: "challenge-evaluator" });
    view.handle({ type: "run_finished", runId, status: "succeeded", outputs: { text: "x" }, elapsedMs: 1, tokensTotal: 1, judgeTokensTotal: 1 });
    expect(sent).toEqual([
      { type: "run_started" },
      { type: "progress", stage: "answering", message: "The model is answering…" },
      { type: "answer_delta", delta: "Hello " },
      { type: "progress", stage: "checking", message: "Checking your answer…" },
    ]);
  });

  it("streams nothing when the graph can withhold the answer", () => {
    const sent: PlayerEvent[] = [];
    const view = new PlayerView(null, (e) => sent.push(e));
    view.handle({ type: "text_delta", runId: "r", nodeId: "guard", delta: "N-I-G-H-T" });
    expect(sent).toEqual([]);
  });
});
