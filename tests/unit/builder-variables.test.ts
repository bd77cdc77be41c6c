// The builder told creators outputs are {{llm.output}} / {{start.output}}, which the
// validator refuses. The variable picker offers the real references; each one it offers must pass
// validation where it is offered, on a palette-built graph and on every demo ladder level.
import { describe, expect, it } from "vitest";
import { createNode } from "@/components/builder/graph-model";
import {
  completeAt,
  filterVariables,
  insertAt,
  outputRef,
  templateTrigger,
  templateVariables,
} from "@/components/builder/variables";
import { DEMO_LADDER } from "@/lib/seed/ladder";
import { DEFAULT_GATEKEEPER_PROMPT } from "@/lib/workflow/nodes/llm/definition";
import { getNodeDefinition } from "@/lib/workflow/registry";
import { analyzeGraph, graphWarnings, SECRET_UNUSED_WARNING, validateGraph } from "@/lib/workflow/validate";
import type { WorkflowGraph } from "@/lib/workflow/types";

/** The template field the picker fills on each node type. */
const FIELD: Record<string, string> = { llm: "system_template", template: "template", answer: "template" };

function paletteGraph(): WorkflowGraph {
  const ids: string[] = [];
  const add = (type: string, x: number) => {
    const node = createNode(type, ids, { x, y: 0 });
    ids.push(node.id);
    return node;
  };
  const nodes = [
    add("start", 0),
    add("llm", 300),
    add("template", 600),
    add("challenge-evaluator", 900),
    add("answer", 1200),
  ];
  return {
    nodes,
    edges: [
      { id: "e1", source: "start", sourceHandle: "prompt", target: "llm", targetHandle: "prompt" },
      { id: "e2", source: "llm", sourceHandle: "text", target: "template", targetHandle: "input" },
      { id: "e3", source: "template", sourceHandle: "text", target: "challenge", targetHandle: "response" },
      { id: "e4", source: "template", sourceHandle: "text", target: "answer", targetHandle: "text" },
    ],
  };
}

function withTemplate(graph: WorkflowGraph, nodeId: string, field: string, value: string): WorkflowGraph {
  return {
    ...graph,
    nodes: graph.nodes.map((n) =>
      n.id === nodeId ? { ...n, data: { ...n.data, config: { ...n.data.config, [field]: value } } } : n,
    ),
  };
}

function expectEveryOfferedRefValidates(graph: WorkflowGraph) {
  expect(validateGraph(graph)).toEqual({ ok: true });
  let checked = 0;
  for (const node of graph.nodes) {
    const field = FIELD[node.type];
    if (!field) continue;
    for (const v of templateVariables(graph, node.id)) {
      const result = validateGraph(withTemplate(graph, node.id, field, `before ${v.ref} after`));
      expect(result, `${v.ref} in ${node.id}.${field}`).toEqual({ ok: true });
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(0);
}

describe("variable picker", () => {
  it("offers the real output names of upstream nodes, the connected inputs and {{secret}}", () => {
    const graph = paletteGraph();
    expect(templateVariables(graph, "template").map((v) => v.ref)).toEqual([
      "{{input}}",
      "{{start.prompt}}",
      "{{llm.text}}",
      "{{llm.tokens}}",
      "{{llm.finish_reason}}",
      "{{secret}}",
    ]);
    // Nothing downstream, nothing of its own, never the made-up `.output`.
    expect(templateVariables(graph, "llm").map((v) => v.ref)).toEqual([
      "{{prompt}}",
      "{{start.prompt}}",
      "{{secret}}",
    ]);
    const all = graph.nodes.flatMap((n) => templateVariables(graph, n.id).map((v) => v.ref));
    expect(all.some((r) => r.endsWith(".output}}"))).toBe(false);
  });

  it("what the old hint told creators is refused, what the picker offers is accepted", () => {
    const graph = paletteGraph();
    for (const old of ["{{llm.output}}", "{{start.output}}"]) {
      expect(validateGraph(withTemplate(graph, "template", "template", old)).ok).toBe(false);
    }
    expectEveryOfferedRefValidates(graph);
  });

  it.each(DEMO_LADDER.map((l) => [l.number, l] as const))(
    "every reference offered on ladder level %i validates",
    (_n, level) => {
      expectEveryOfferedRefValidates(level.graph);
    },
  );

  it("names the start node `start` whatever its id, and other nodes by id", () => {
    const graph = paletteGraph();
    const renamed: WorkflowGraph = {
      nodes: graph.nodes.map((n) => (n.id === "start" ? { ...n, id: "entry" } : n)),
      edges: graph.edges.map((e) => (e.source === "start" ? { ...e, source: "entry" } : e)),
    };
    expect(outputRef(renamed, "entry", "prompt")).toBe("{{start.prompt}}");
    expect(outputRef(renamed, "llm", "text")).toBe("{{llm.text}}");
    expectEveryOfferedRefValidates(renamed);
  });

  it("inserts at the caret or over the selection", () => {
    expect(insertAt("ab", "{{x}}", 1)).toEqual({ value: "a{{x}}b", caret: 6 });
    expect(insertAt("abcd", "{{x}}", 1, 3)).toEqual({ value: "a{{x}}d", caret: 6 });
    expect(insertAt("ab", "{{x}}", 99)).toEqual({ value: "ab{{x}}", caret: 7 });
  });
});

describe("typing {{ in a template field", () => {
  it("finds the unfinished reference before the caret, and nothing outside one", () => {
    expect(templateTrigger("Hello {{", 8)).toEqual({ start: 6, query: "" });
    expect(templateTrigger("Hello {{sta", 11)).toEqual({ start: 6, query: "sta" });
    expect(templateTrigger("Hello {{start.pr and more", 16)).toEqual({ start: 6, query: "start.pr" });
    expect(templateTrigger("{{secret}} done", 15)).toBeNull();
    expect(templateTrigger("{{a b", 5)).toBeNull();
    expect(templateTrigger("no braces", 9)).toBeNull();
    expect(templateTrigger("{", 1)).toBeNull();
  });

  it("narrows the node's variables by what was typed, those starting with it first", () => {
    const variables = templateVariables(paletteGraph(), "template");
    expect(filterVariables(variables, "").map((v) => v.ref)).toEqual(variables.map((v) => v.ref));
    expect(filterVariables(variables, "llm.t").map((v) => v.ref)).toEqual(["{{llm.text}}", "{{llm.tokens}}"]);
    expect(filterVariables(variables, "SEC").map((v) => v.ref)).toEqual(["{{secret}}"]);
    // A port name finds the outputs of that name on any node.
    expect(filterVariables(variables, "prompt").map((v) => v.ref)).toEqual(["{{start.prompt}}"]);
    expect(filterVariables(variables, "text")[0]?.ref).toBe("{{llm.text}}");
    expect(filterVariables(variables, "nothing-like-this")).toEqual([]);
  });

  it("replaces the typed {{query (and a closing }} after the caret) with the chosen reference", () => {
    expect(completeAt("Say {{sta", "{{start.prompt}}", 4, 9)).toEqual({
      value: "Say {{start.prompt}}",
      caret: 20,
    });
    expect(completeAt("A {{}} B", "{{secret}}", 2, 4)).toEqual({ value: "A {{secret}} B", caret: 12 });
    // Whatever the picker completes validates where it is offered.
    const graph = paletteGraph();
    for (const v of templateVariables(graph, "llm")) {
      const typed = "Said: {{";
      const done = completeAt(typed, v.ref, 6, typed.length).value;
      expect(validateGraph(withTemplate(graph, "llm", "system_template", done)), done).toEqual({ ok: true });
    }
  });
});

describe("secret warning and the default gatekeeper prompt", () => {
  it("a new LLM node's system prompt uses {{secret}}", () => {
    const config = getNodeDefinition("llm")!.defaultConfig as { system_template: string };
    expect(config.system_template).toBe(DEFAULT_GATEKEEPER_PROMPT);
    expect(config.system_template).toContain("{{secret}}");
  });

  it("a palette-built graph is valid and draws no warning", () => {
    const graph = paletteGraph();
    expect(validateGraph(graph)).toEqual({ ok: true });
    expect(graphWarnings(graph)).toEqual([]);
  });

  it("warns (without refusing) when no LLM or Template node uses {{secret}}", () => {
    const graph = withTemplate(paletteGraph(), "llm", "system_template", "You are a helpful assistant.");
    expect(validateGraph(graph)).toEqual({ ok: true });
    expect(graphWarnings(graph)).toEqual([{ nodeId: "llm", message: SECRET_UNUSED_WARNING }]);
    // The secret in a Template node that feeds a model counts too.
    const viaTemplate = withTemplate(graph, "template", "template", "{{input}} (password: {{secret}})");
    expect(graphWarnings(viaTemplate)).toEqual([]);
    // Workspace secrets or the secret only in the answer do not teach the model the challenge's secret.
    expect(graphWarnings(withTemplate(graph, "answer", "template", "{{text}} {{secret}}"))).toHaveLength(1);
    expect(
      graphWarnings(withTemplate(graph, "llm", "system_template", "Key: {{secret:OTHER}}")),
    ).toHaveLength(1);
  });

  it("analyzeGraph works out the same warnings from its own parse, issues or not", () => {
    const plain = withTemplate(paletteGraph(), "llm", "system_template", "You are a helpful assistant.");
    const duplicated = {
      ...plain,
      nodes: [
        ...plain.nodes,
        { ...plain.nodes.find((n) => n.type === "template")!, data: { config: { template: "{{secret}}" } } },
      ],
    };
    const broken = { ...plain, nodes: plain.nodes.filter((n) => n.type !== "start") };
    for (const graph of [paletteGraph(), plain, duplicated, broken, { nodes: "not a list" }]) {
      expect(analyzeGraph(graph).warnings).toEqual(graphWarnings(graph));
    }
    expect(analyzeGraph(duplicated).issues).not.toEqual([]);
    expect(analyzeGraph(duplicated).warnings).toEqual([]);
    expect(analyzeGraph(broken).warnings).toHaveLength(1);
  });

  it.each(DEMO_LADDER.map((l) => [l.number, l] as const))("ladder level %i draws no warning", (_n, level) => {
    expect(graphWarnings(level.graph)).toEqual([]);
  });
});
