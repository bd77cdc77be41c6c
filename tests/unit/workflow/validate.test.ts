import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GRAPH_LIMITS, workflowGraphSchema } from "@/lib/workflow/graph-schema";
import { validateGraph } from "@/lib/workflow/validate";

const dir = join(process.cwd(), "tests/fixtures/graphs");
const load = (file: string): unknown => JSON.parse(readFileSync(join(dir, file), "utf8"));

// One fixture per message; `only` means the graph has no other issue (no cascading noise).
const cases = [
  { file: "unknown-type", nodeId: "magic", message: 'Unknown node type "sorcery"', only: true },
  {
    file: "invalid-config",
    nodeId: "guard",
    message: "Invalid config: temperature: Too big: expected number to be <=2",
    only: true,
  },
  {
    file: "dangling-node",
    nodeId: "guard",
    message: 'Edge "e9" is dangling: it connects guard → ghost, but there is no node "ghost"',
    only: true,
  },
  {
    file: "dangling-port",
    nodeId: "guard",
    message:
      'Edge "e3" is dangling: llm node "guard" has no output "answer" (outputs: text, tokens, finish_reason)',
    only: true,
  },
  {
    file: "dangling-input-port",
    nodeId: "check",
    message:
      'Edge "e2" is dangling: challenge-evaluator node "check" has no input "judge_verdict" (inputs: response, judge_passed, judge_rating, judge_feedback, judge_raw, judge_error)',
    only: false,
  },
  {
    file: "ambiguous-source-handle",
    nodeId: "guard",
    message: 'Edge "e2" must name which output of "guard" it uses (text, tokens, finish_reason)',
    only: true,
  },
  {
    file: "type-mismatch",
    nodeId: "check",
    message:
      'Edge "e4" connects boolean output "judge_passed" of "judge" to string input "response" of "check": the types do not match',
    only: true,
  },
  { file: "cycle", nodeId: "a", message: "Cycle: a → b → a", only: true },
  { file: "no-start", nodeId: null, message: "The workflow has no start node", only: true },
  {
    file: "two-starts",
    nodeId: "start2",
    message: 'A workflow has exactly one start node; "start2" is an extra one',
    only: true,
  },
  { file: "no-answer", nodeId: null, message: "The workflow has no answer node", only: true },
  {
    file: "two-answers",
    nodeId: "answer2",
    message: 'A workflow has exactly one answer node; "answer2" is an extra one',
    only: true,
  },
  {
    file: "unreachable",
    nodeId: "orphan",
    message: 'Node "orphan" cannot be reached from the start node',
    only: true,
  },
  {
    file: "required-input",
    nodeId: "check",
    message: 'Required input "response" is not connected',
    only: false,
  },
  {
    file: "template-unknown-node",
    nodeId: "guard",
    message: 'user_template uses {{ghost.text}}, but there is no node "ghost"',
    only: true,
  },
  {
    file: "template-unknown-output",
    nodeId: "guard",
    message:
      'user_template uses {{start.question}}, but node "start" has no output "question" (outputs: prompt)',
    only: true,
  },
  {
    file: "template-not-upstream",
    nodeId: "guard",
    message:
      'system_template uses {{check.message}}, but node "check" is not upstream of this node (connect it first)',
    only: true,
  },
  {
    file: "template-unknown-input",
    nodeId: "answer",
    message: 'template uses {{nothing}}, but this answer node has no input "nothing" (inputs: text)',
    only: true,
  },
  {
    file: "template-input-not-connected",
    nodeId: "answer",
    message: 'template uses {{text}}, but its input "text" is not connected',
    only: true,
  },
  {
    file: "unsafe-regex",
    nodeId: "check",
    message:
      "Invalid success_pattern: Lookbehind (?<=…) is not supported at position 1: patterns run on a linear-time engine (RE2). Match the text itself instead.",
    only: true,
  },
  {
    file: "duplicate-node-id",
    nodeId: "guard",
    message: 'Node id "guard" is used by more than one node',
    only: true,
  },
  {
    file: "reserved-start-id",
    nodeId: "start",
    message: 'The id "start" is reserved for the start node',
    only: true,
  },
  {
    file: "mask-unknown-variable",
    nodeId: "check",
    message: 'mask_variables entry "guard.reply" does not name an output of a node in this workflow',
    only: true,
  },
  {
    file: "bad-json",
    nodeId: "my node",
    message: "Invalid workflow JSON: nodes.1.id: A node id uses letters, digits, _ and - (64 at most)",
    only: true,
  },
];

describe("validateGraph: one message per problem", () => {
  it("every invalid fixture has a case (and every case a fixture)", () => {
    const files = readdirSync(join(dir, "invalid")).map((f) => f.replace(/\.json$/, ""));
    expect(files.sort()).toEqual(cases.map((c) => c.file).sort());
  });

  it("the messages are distinct", () => {
    expect(new Set(cases.map((c) => c.message)).size).toBe(cases.length);
  });

  it.each(cases)("$file", ({ file, nodeId, message, only }) => {
    const result = validateGraph(load(`invalid/${file}.json`));
    expect(result.ok).toBe(false);
    const issues = result.ok ? [] : result.issues;
    expect(issues).toContainEqual({ nodeId, message });
    if (only) expect(issues).toHaveLength(1);
  });
});

describe("validateGraph: valid graphs", () => {
  const valid = readdirSync(dir).filter((f) => f.endsWith(".json"));

  it("has valid fixtures to check", () => {
    expect(valid.length).toBeGreaterThanOrEqual(3);
  });

  it.each(valid)("%s is valid", (file) => {
    expect(validateGraph(load(file))).toEqual({ ok: true });
  });

  it("{{start.prompt}} means the start node whatever its id", () => {
    const graph = load("practice-literal.json") as {
      nodes: { id: string; data: { config: Record<string, unknown> } }[];
      edges: { source: string }[];
    };
    const start = graph.nodes.find((n) => n.id === "start")!;
    start.id = "entry";
    for (const e of graph.edges) if (e.source === "start") e.source = "entry";
    graph.nodes.find((n) => n.id === "guard")!.data.config.user_template =
      "{{start.prompt}} / {{entry.prompt}}";
    expect(validateGraph(graph)).toEqual({ ok: true });
  });

  it("accepts ordering-only edges (no targetHandle) and merged branches into one input", () => {
    const graph = {
      nodes: [
        { id: "start", type: "start", data: { config: {} } },
        {
          id: "branch",
          type: "if-else",
          data: { config: { conditions: [{ operator: "contains", value: "hi" }] } },
        },
        { id: "yes", type: "template", data: { config: { template: "Hello! {{start.prompt}}" } } },
        { id: "no", type: "template", data: { config: { template: "Bye" } } },
        { id: "answer", type: "answer", data: { config: {} } },
      ],
      edges: [
        { id: "e1", source: "start", sourceHandle: "prompt", target: "branch", targetHandle: "value" },
        { id: "e2", source: "branch", sourceHandle: "true", target: "yes" },
        { id: "e3", source: "branch", sourceHandle: "false", target: "no" },
        { id: "e4", source: "yes", sourceHandle: "text", target: "answer", targetHandle: "text" },
        { id: "e5", source: "no", sourceHandle: "text", target: "answer", targetHandle: "text" },
      ],
    };
    expect(validateGraph(graph)).toEqual({ ok: true });
  });
});

describe("graph JSON schema", () => {
  const node = (i: number) => ({ id: `n${i}`, type: "template", data: { config: {} } });

  it.each([
    {
      name: "201 nodes",
      graph: { nodes: Array.from({ length: GRAPH_LIMITS.maxNodes + 1 }, (_, i) => node(i)), edges: [] },
      message: "A workflow has at most 200 nodes",
    },
    {
      name: "1001 edges",
      graph: {
        nodes: [node(0)],
        edges: Array.from({ length: GRAPH_LIMITS.maxEdges + 1 }, (_, i) => ({
          id: `e${i}`,
          source: "n0",
          target: "n0",
        })),
      },
      message: "A workflow has at most 1000 edges",
    },
    {
      name: "over 512 KB",
      graph: {
        nodes: [{ ...node(0), data: { config: { template: "x".repeat(GRAPH_LIMITS.maxBytes) } } }],
        edges: [],
      },
      message: "at most 512 KB is allowed",
    },
    { name: "no nodes array", graph: { edges: [] }, message: "expected array" },
  ])("refuses $name", ({ graph, message }) => {
    const parsed = workflowGraphSchema.safeParse(graph);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message).join(" | ")).toContain(message);
  });

  it("keeps the editor's own fields (loose objects)", () => {
    const parsed = workflowGraphSchema.parse({
      nodes: [{ ...node(0), selected: true, measured: { width: 1 } }],
      edges: [],
    });
    expect(parsed.nodes[0]).toMatchObject({ selected: true, measured: { width: 1 } });
  });
});
