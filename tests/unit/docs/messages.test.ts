import { createTranslator } from "next-intl";
import { isValidElement, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import docs from "@/lib/i18n/messages/en/docs.json";

// The docs pages format their messages with t.rich: every message must parse (ICU), and the
// code fragments passed as values (braces, angle brackets) must come out as text inside <code>.

const t = createTranslator({ locale: "en", messages: { docs }, namespace: "docs" });
const code = { c: (chunks: ReactNode) => ({ code: chunks }) as unknown as ReactNode };
const values: Record<string, string> = {
  header: "Authorization: Bearer <token>",
  shape: '{ "error": { "code": "…" } }',
  command: "npx promptfoo@latest eval",
  envToken: "{{env.GAUNTLET_TOKEN}}",
  transformVars: "transformVars",
  body: '{ "prompt": "{{prompt}}" }',
  output: "{ succeeded, status, judge_feedback, answer }",
  status: "201",
  count: "3",
  tag: "web",
  placeholder: "<id>",
};

function text(node: unknown): string {
  if (node == null || typeof node === "boolean") return "";
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(text).join("");
  if (isValidElement(node)) return text((node.props as { children?: unknown }).children);
  if (typeof node === "object" && "code" in node) return `[${text(node.code)}]`;
  return "";
}

describe("docs message catalog", () => {
  const keys = (prefix: string, o: Record<string, unknown>): string[] =>
    Object.entries(o).flatMap(([k, v]) =>
      typeof v === "string" ? [`${prefix}${k}`] : keys(`${prefix}${k}.`, v as Record<string, unknown>),
    );

  it("formats every message, code fragments verbatim inside <c>", () => {
    for (const key of keys("", docs)) {
      const out = text(t.rich(key as never, { ...code, ...values, count: 3 } as never));
      expect(out, key).not.toMatch(/^docs\./);
      expect(out.length, key).toBeGreaterThan(0);
    }
    expect(text(t.rich("api.authText", { ...code, header: values.header! }))).toContain(
      "[Authorization: Bearer <token>]",
    );
    expect(text(t.rich("promptfoo.fieldBody", { ...code, body: values.body! }))).toContain(
      '[{ "prompt": "{{prompt}}" }]',
    );
  });
});
