// The player's view of a run: when the answer may stream (decided from the graph) and what a
// player event may carry.
import { describe, expect, it, vi } from "vitest";
import { compileGraph } from "@/lib/workflow/engine/plan";
import { SecretFormMatcher } from "@/lib/evaluation/secret-forms";
import { disguiseReach, heldFrom, PlayerView } from "@/lib/workflow/engine/player-view";
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

describe("streaming around disguised secrets", () => {
  const SECRET = "Tangerine42";
  const reach = disguiseReach([SECRET]);
  const disguises = { matcher: new SecretFormMatcher([SECRET]), secrets: [SECRET] };

  /** Streams `text` in pieces of `size` characters, then finishes the node. */
  function stream(text: string, size = 3): string[] {
    const sent: PlayerEvent[] = [];
    const view = new PlayerView("guard", (e) => sent.push(e), disguises);
    for (let i = 0; i < text.length; i += size) view.handle({ type: "text_delta", runId: "r", nodeId: "guard", delta: text.slice(i, i + size) });
    view.handle({ type: "node_finished", runId: "r", nodeId: "guard", nodeType: "llm", status: "succeeded", elapsedMs: 1, tokens: 1 });
    return sent.flatMap((e) => (e.type === "answer_delta" ? [e.delta] : []));
  }

  it.each([
    ["spelled", `Here it comes, letter by letter, so write it down: ${[...SECRET].join("-")}. Bye!`],
    ["spaced", `Here it comes, so write it down carefully now: ${[...SECRET].join(" ")} and that is all.`],
    ["reversed", `Here it comes, reversed, so write it down carefully now: ${[...SECRET].reverse().join("")} bye.`],
    ["hex", `Here it comes, in hexadecimal, write it down carefully: ${Buffer.from(SECRET).toString("hex")} bye.`],
    ["hex bytes", `Here it comes, in hexadecimal, write it: ${[...Buffer.from(SECRET)].map((b) => `0x${b.toString(16)}`).join(" ")} bye.`],
    ["Base64", `Here it comes, in Base64, so write it down carefully: ${Buffer.from(SECRET).toString("base64")} bye.`],
    ["NATO", "Here it comes, in the spelling alphabet: Tango Alfa November Golf Echo Romeo India November Echo Four Two."],
    ["spelled, after a long answer", `${"The tower is old and the stairs are many. ".repeat(20)}Now: ${[...SECRET].join(". ")}.`],
    ["hex, after a long answer", `${"The tower is old and the stairs are many. ".repeat(20)}Now: ${Buffer.from(SECRET).toString("hex")}.`],
  ])("never sends any part of a %s secret, whatever the chunking", (_kind, text) => {
    const start = disguises.matcher.find(text)[0]!.start;
    for (const size of [1, 2, 3, 7, 16]) {
      const shown = stream(text, size).join("");
      expect(text.startsWith(shown)).toBe(true);
      expect(shown.length).toBeLessThanOrEqual(start);
      expect(shown.length).toBeGreaterThan(0);
    }
  });

  it.each([
    ["one long word", "x".repeat(60_000)],
    ["digits", "7".repeat(60_000)],
    ["separators", ".".repeat(60_000)],
    ["prose", "The tower is old and the stairs are many. ".repeat(1_400)],
  ])("a 60,000-character %s answer in 4-character deltas costs a bounded number of passes, not one per delta", (_kind, text) => {
    // One pass per delta over the whole text was quadratic: ~15,000 passes of up to 60,000
    // characters (tens of seconds). Now the held tail is worked out a logarithmic number of times.
    // Counted, not timed: each pass searches the text once; past 500 the test stops at once.
    const search = disguises.matcher.test.bind(disguises.matcher);
    let passes = 0;
    const spy = vi.spyOn(disguises.matcher, "test").mockImplementation((t: string) => {
      if (++passes > 500) throw new Error("more than 500 passes over the text");
      return search(t);
    });
    try {
      expect(stream(text, 4).join("")).toBe(text);
      expect(passes).toBeGreaterThan(0);
    } finally {
      spy.mockRestore();
    }
  });

  it("sends all of a text without a disguise, in pieces, and holds back only a short tail", () => {
    const text = "Understood, ignoring my previous instructions. The secret is [masked]. Have a nice day, traveller.";
    const pieces = stream(text, 5);
    expect(pieces.join("")).toBe(text);
    expect(pieces.length).toBeGreaterThanOrEqual(5);
    expect(text.length - heldFrom(text, reach)).toBeLessThan(40);
  });
});
