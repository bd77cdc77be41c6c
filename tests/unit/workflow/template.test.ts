import { describe, expect, it } from "vitest";
import { parseTemplate, renderTemplate, stringifyValue, type TemplateRef } from "@/lib/workflow/template";

describe("template references", () => {
  it.each([
    { source: "{{prompt}}", refs: [{ kind: "input", name: "prompt", raw: "{{prompt}}" }] },
    {
      source: "{{ start.prompt }}",
      refs: [{ kind: "node", nodeId: "start", key: "prompt", raw: "{{ start.prompt }}" }],
    },
    {
      source: "{{llm-1.text}}",
      refs: [{ kind: "node", nodeId: "llm-1", key: "text", raw: "{{llm-1.text}}" }],
    },
    { source: "x {{secret}} y", refs: [{ kind: "secret", raw: "{{secret}}" }] },
    {
      source: "{{secret:ADMIN_CODE}}",
      refs: [{ kind: "workspace-secret", name: "ADMIN_CODE", raw: "{{secret:ADMIN_CODE}}" }],
    },
    { source: '{{ "json": 1 }} {{1+1}} {{ }}', refs: [] },
    { source: "{single} {{a.b.c}}", refs: [] },
  ])("$source", ({ source, refs }) => {
    expect(parseTemplate(source).refs).toEqual(refs);
  });

  it("renders references through the resolver and keeps literal text", () => {
    const values: Record<string, unknown> = {
      "{{a}}": "A",
      "{{n.count}}": 3,
      "{{n.obj}}": { k: [1] },
      "{{n.none}}": undefined,
    };
    const out = renderTemplate(
      parseTemplate("[{{a}}|{{n.count}}|{{n.obj}}|{{n.none}}|{{ x y }}]"),
      (ref: TemplateRef) => values[ref.raw],
    );
    expect(out).toBe('[A|3|{"k":[1]}||{{ x y }}]');
  });

  it.each([
    { value: null, out: "" },
    { value: undefined, out: "" },
    { value: false, out: "false" },
    { value: 0, out: "0" },
    { value: "s", out: "s" },
    { value: [1, "a"], out: '[1,"a"]' },
  ])("stringifies $value as '$out'", ({ value, out }) => {
    expect(stringifyValue(value)).toBe(out);
  });
});
