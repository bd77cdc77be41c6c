import { describe, expect, it } from "vitest";
import type { NodeDefinition } from "@/lib/workflow/definition-types";
import { executors } from "@/lib/workflow/executors";
import { getNodeDefinition, NODE_TYPES, nodeDefinitions, outputPortsOf } from "@/lib/workflow/registry";

describe("node registry", () => {
  it("lists every node type exactly once", () => {
    expect(new Set(NODE_TYPES).size).toBe(nodeDefinitions.length);
  });

  it("the server executor map lists the same types", () => {
    expect(Object.keys(executors).sort()).toEqual([...NODE_TYPES].sort());
    for (const type of NODE_TYPES) expect(typeof executors[type].execute).toBe("function");
  });

  it("returns undefined for an unknown type", () => {
    expect(getNodeDefinition("sorcery")).toBeUndefined();
  });
});

// Widened to the common type: each definition is checked through the same interface.
const definitions: readonly NodeDefinition[] = nodeDefinitions;

describe.each(definitions.map((d) => ({ type: d.type, definition: d })))(
  "$type definition",
  ({ definition }) => {
    it("default config parses with its schema", () => {
      const parsed = definition.configSchema.safeParse(definition.defaultConfig);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    });

    it("an empty config gets the same values as the default config", () => {
      const fromEmpty = definition.configSchema.safeParse({});
      if (definition.type === "if-else") {
        // if-else needs at least one condition: an empty config is refused, not defaulted.
        expect(fromEmpty.success).toBe(false);
        return;
      }
      expect(fromEmpty.success).toBe(true);
      if (definition.type === "llm") {
        // A new LLM node starts as a gatekeeper with {{secret}} in its system prompt;
        // an omitted system_template keeps its old meaning, so stored graphs do not change.
        const { system_template: _fromDefault, ...rest } = definition.configSchema.parse(definition.defaultConfig) as Record<string, unknown>;
        expect(fromEmpty.data).toEqual({ ...rest, system_template: "You are a helpful assistant." });
        return;
      }
      expect(fromEmpty.data).toEqual(definition.configSchema.parse(definition.defaultConfig));
    });

    it("rejects unknown config keys (typos do not pass silently)", () => {
      expect(
        definition.configSchema.safeParse(Object.assign({}, definition.defaultConfig, { sytem_prompt: "x" }))
          .success,
      ).toBe(false);
    });

    it("has unique port ids, and no input named secret ({{secret}} is reserved)", () => {
      const config = definition.configSchema.parse(definition.defaultConfig);
      const outputs = outputPortsOf(definition, config).map((p) => p.id);
      const inputs = definition.inputs.map((p) => p.id);
      expect(new Set(outputs).size).toBe(outputs.length);
      expect(new Set(inputs).size).toBe(inputs.length);
      expect(inputs).not.toContain("secret");
    });

    it("declares its template fields from the parsed config", () => {
      const config = definition.configSchema.parse(definition.defaultConfig);
      for (const t of definition.templatesOf?.(config) ?? []) expect(typeof t.source).toBe("string");
    });
  },
);

describe("start outputs follow the declared variables", () => {
  it("one output port per variable, typed", () => {
    const definition = getNodeDefinition("start")!;
    const config = definition.configSchema.parse({
      variables: [
        { name: "prompt", type: "string", max_length: 100 },
        { name: "level", type: "number" },
      ],
    });
    expect(outputPortsOf(definition, config)).toEqual([
      { id: "prompt", label: "prompt", type: "string" },
      { id: "level", label: "level", type: "number" },
    ]);
  });

  it.each([
    {
      name: "no prompt variable",
      variables: [{ name: "question" }],
      message: 'Declare a "prompt" variable of type string',
    },
    {
      name: "prompt is a number",
      variables: [{ name: "prompt", type: "number" }],
      message: 'Declare a "prompt" variable of type string',
    },
    {
      name: "duplicate names",
      variables: [{ name: "prompt" }, { name: "prompt" }],
      message: 'Variable "prompt" is declared twice',
    },
    {
      name: "reserved name",
      variables: [{ name: "prompt" }, { name: "secret" }],
      message: "The name secret is reserved for {{secret}}",
    },
  ])("refuses $name", ({ variables, message }) => {
    const parsed = getNodeDefinition("start")!.configSchema.safeParse({ variables });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(message);
  });
});
