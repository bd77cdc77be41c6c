import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { _createCache, _createIntlFormatters, type RichTranslationValues } from "use-intl";
import formatFull from "use-intl/format-message";
import formatOnly from "use-intl/format-message/format-only";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import en from "@/lib/i18n/messages/en/index";
import { precompiledMessages } from "@/lib/i18n/precompile";

// The app formats precompiled messages with use-intl's format-only variant (next.config.ts): every
// English message must read exactly as the full ICU formatter makes it from the source text.

type Values = RichTranslationValues;

/** Sample values for each argument a message uses (numbers for plurals, a date for dates, tags as wrappers). */
function sampleValues(elements: MessageFormatElement[], values: Values, count: number) {
  for (const el of elements) {
    if (el.type === TYPE.argument) values[el.value] ??= `‹${el.value}›`;
    else if (el.type === TYPE.number || el.type === TYPE.plural) values[el.value] = count;
    else if (el.type === TYPE.date || el.type === TYPE.time)
      values[el.value] = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
    else if (el.type === TYPE.select) {
      values[el.value] ??= Object.keys(el.options).find((k) => k !== "other") ?? "other";
    } else if (el.type === TYPE.tag) {
      values[el.value] = (chunks: ReactNode) => `<${el.value}>${text(chunks)}</${el.value}>`;
      sampleValues(el.children, values, count);
    }
    if (el.type === TYPE.select || el.type === TYPE.plural)
      for (const o of Object.values(el.options)) sampleValues(o.value, values, count);
  }
  return values;
}

function leaves(node: unknown, path: string[] = []): [string, string][] {
  if (typeof node === "string") return [[path.join("."), node]];
  if (node && typeof node === "object")
    return Object.entries(node).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [];
}

function at(tree: unknown, key: string): unknown {
  return key.split(".").reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], tree);
}

const text = (out: unknown) => (Array.isArray(out) ? out.join("") : String(out));

describe("precompiled messages", () => {
  const compiled = precompiledMessages(en);
  const cache = _createCache();
  const options = { cache, formatters: _createIntlFormatters(cache), locale: "en", timeZone: "UTC" };

  it("format exactly like the source messages, for every English message", () => {
    let checked = 0;
    for (const [key, source] of leaves(en)) {
      let ast: MessageFormatElement[];
      try {
        ast = parse(source);
      } catch {
        // Not ICU: kept as typed, shown as typed (the full formatter shows it so when no values are given).
        expect(at(compiled, key), key).toBe(source);
        continue;
      }
      for (const count of [0, 1, 7]) {
        const values = sampleValues(ast, {}, count);
        const hasValues = Object.keys(values).length > 0;
        const want = text(formatFull(key, source, hasValues ? values : undefined, options));
        const got = text(
          formatOnly(key, at(compiled, key) as never, hasValues ? values : undefined, options),
        );
        expect(got, key).toBe(want);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(500);
  });

  it("compile each catalog once", () => {
    expect(precompiledMessages(en)).toBe(compiled);
  });
});

describe("precompiled messages as props", () => {
  it("are plain JSON (React passes only plain objects to client components)", () => {
    const compiled = precompiledMessages(en);
    const plain = (node: unknown): boolean =>
      node === null ||
      typeof node !== "object" ||
      ((Array.isArray(node) || Object.getPrototypeOf(node) === Object.prototype) &&
        Object.values(node).every(plain));
    expect(plain(compiled)).toBe(true);
  });
});
