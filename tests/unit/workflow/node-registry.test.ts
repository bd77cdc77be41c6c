// Adding a node type is one folder (definition, executor, editor, messages) plus one line in each
// registry: registry.ts (client-safe), executors.ts (server) and editors.ts (client). This checks
// that every registered type is complete and that the three registries agree.
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import type { NodeEditorContext } from "@/components/builder/node-editor-kit";
import { locales } from "@/lib/i18n/config";
import messages from "@/lib/i18n/messages/en/index";
import { nodeEditors } from "@/lib/workflow/editors";
import { executors } from "@/lib/workflow/executors";
import { getNodeDefinition, NODE_TYPES, nodeTypeMessages } from "@/lib/workflow/registry";
import { renderInEnglish } from "@/tests/helpers/render-intl";

const sorted = (list: Iterable<string>) => [...list].sort();

describe("node type registries", () => {
  it("the client editors and the server executors list the registered types", () => {
    expect(sorted(Object.keys(nodeEditors))).toEqual(sorted(NODE_TYPES));
    expect(sorted(Object.keys(executors))).toEqual(sorted(NODE_TYPES));
  });

  it("puts every type's messages in the catalog under builder.nodeTypes", () => {
    expect(messages.builder.nodeTypes).toEqual(nodeTypeMessages("en"));
    expect(sorted(Object.keys(messages.builder.nodeTypes))).toEqual(sorted(NODE_TYPES));
  });
});

describe.each(NODE_TYPES.map((type) => ({ type })))("$type", ({ type }) => {
  it("has a definition, an editor and an executor", () => {
    expect(getNodeDefinition(type)?.type).toBe(type);
    expect(typeof nodeEditors[type]).toBe("function");
    expect(typeof executors[type].execute).toBe("function");
  });

  it("has a label and a description in every locale", () => {
    const definition = getNodeDefinition(type)!;
    for (const locale of locales) {
      expect(definition.messages[locale].label.trim()).not.toBe("");
      expect(definition.messages[locale].description.trim()).not.toBe("");
    }
  });

  it("its editor renders its default config with no missing message", () => {
    const definition = getNodeDefinition(type)!;
    const ctx: NodeEditorContext = {
      nodeId: "n",
      config: structuredClone(definition.defaultConfig) as Record<string, unknown>,
      issues: new Map(),
      set: () => {},
      fieldId: (path) => `n-${path.join("-")}`,
      errors: () => [],
      options: {
        challenge: {
          id: "c",
          name: "C",
          evaluatorType: "rules",
          scoringStrategy: "first",
          scoringPlugin: null,
        },
        challenges: [],
        plugins: [],
        models: [],
      },
      graph: { nodes: [{ id: "n", type, data: { config: {} } }], edges: [] },
    };
    const { html, missing } = renderInEnglish(createElement(nodeEditors[type], { ctx }));
    expect(missing).toEqual([]);
    expect(html).not.toBe("");
  });
});
