// YAML text → plain JSON value (../shared/PACKS-FORMAT.md §1 steps 1–2). Anchors, aliases and
// merge keys work; a duplicate mapping key, a syntax error, an alias bomb, too deep a nesting or a
// type error in one of the bundle's known structs is a decode error naming its line, as the
// reference's `yaml.v3` decoder does. Unknown keys are kept here and ignored by the validators.
import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Document,
  type Node,
} from "yaml";
import { checkBundleShape } from "./shape";
import type { Json, PackError } from "./types";

export const MAX_BUNDLE_BYTES = 1024 * 1024;
/** Deepest nesting of mappings and sequences a bundle may have. */
export const MAX_DEPTH = 64;
/** Aliases a document may expand, relative to its size (the `yaml` library's own guard). */
const MAX_ALIAS_COUNT = 100;
const DECODE = "decode challenge-pack bundle yaml: ";

export type ParseResult = { ok: true; value: Json } | { ok: false; error: PackError };

function decodeError(reason: string): ParseResult {
  return { ok: false, error: { field: "bundle", message: DECODE + reason } };
}

/**
 * An upper bound on flow nesting (`[[[…`), found before the parser sees the text: the parser
 * recurses per level, so a megabyte of brackets must never reach it. Quoted scalars and comments
 * inside flow collections are skipped so that they cannot hide brackets.
 */
function flowDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "[" || c === "{") {
      depth++;
      if (depth > limit) return true;
    } else if (c === "]" || c === "}") {
      if (depth > 0) depth--;
    } else if (depth > 0 && c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
    } else if (depth > 0 && c === "'") {
      for (i++; i < text.length; i++) {
        if (text[i] === "'") {
          if (text[i + 1] === "'") i++;
          else break;
        }
      }
    } else if (depth > 0 && c === "#" && (i === 0 || /\s/.test(text[i - 1] ?? ""))) {
      while (i < text.length && text[i] !== "\n") i++;
    }
  }
  return false;
}

/** Compact block sequences (`- - - x`) nest on one line; bound them the same way. */
function compactDepthExceeds(text: string, limit: number): boolean {
  for (const line of text.split("\n")) {
    let count = 0;
    let i = 0;
    for (;;) {
      while (line[i] === " " || line[i] === "\t") i++;
      if ((line[i] === "-" || line[i] === "?") && (line[i + 1] === " " || line[i + 1] === "\t")) {
        count++;
        i += 2;
        if (count > limit) return true;
      } else break;
    }
  }
  return false;
}

function nodeDepth(node: unknown, depth: number): number {
  if (depth > MAX_DEPTH) return depth;
  if (isMap(node)) {
    let max = depth;
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      max = Math.max(max, nodeDepth(pair.key, depth + 1), nodeDepth(pair.value, depth + 1));
      if (max > MAX_DEPTH) break;
    }
    return max;
  }
  if (isSeq(node)) {
    let max = depth;
    for (const item of node.items) {
      max = Math.max(max, nodeDepth(item, depth + 1));
      if (max > MAX_DEPTH) break;
    }
    return max;
  }
  return depth;
}

function keyText(key: unknown): string {
  if (isScalar(key)) return String(key.value);
  return String(key);
}

/** Every duplicate key of every mapping, worded as yaml.v3 words it (both lines). */
function duplicateKeys(node: unknown, lines: LineCounter, out: string[]): void {
  if (isMap(node)) {
    const seen = new Map<string, number>();
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const key = keyText(pair.key);
      const offset = (pair.key as Node | null)?.range?.[0] ?? 0;
      const line = lines.linePos(offset).line;
      const first = seen.get(key);
      if (first !== undefined && key !== "<<") {
        out.push(`line ${line}: mapping key ${JSON.stringify(key)} already defined at line ${first}`);
      } else seen.set(key, line);
      duplicateKeys(pair.value, lines, out);
    }
  } else if (isSeq(node)) {
    for (const item of node.items) duplicateKeys(item, lines, out);
  }
}

function syntaxReason(doc: Document, lines: LineCounter): string {
  const parts = doc.errors.map((error) => {
    const line = lines.linePos(error.pos[0]).line;
    return `line ${line}: ${error.message.split("\n")[0]}`;
  });
  return `yaml: ${parts.join("; ")}`;
}

/** Decodes the bundle text; the value is plain JSON-compatible data (numbers may be ±Inf/NaN). */
export function parseBundleYaml(text: string): ParseResult {
  // UTF-8 takes at least one byte per UTF-16 unit: only a text short enough needs encoding.
  if (text.length > MAX_BUNDLE_BYTES || new TextEncoder().encode(text).length > MAX_BUNDLE_BYTES) {
    return { ok: false, error: { field: "bundle", message: "must be at most 1 MiB" } };
  }
  if (text.trim() === "") return { ok: false, error: { field: "bundle", message: "is required" } };
  // A generous bound before parsing; the exact limit is checked on the parsed tree below.
  if (flowDepthExceeds(text, 4 * MAX_DEPTH) || compactDepthExceeds(text, 4 * MAX_DEPTH)) {
    return decodeError(`yaml: nesting is deeper than ${MAX_DEPTH} levels`);
  }

  const lines = new LineCounter();
  let doc: Document;
  try {
    doc = parseDocument(text, { uniqueKeys: true, merge: true, prettyErrors: false, lineCounter: lines });
  } catch (error) {
    return decodeError(`yaml: ${error instanceof Error ? error.message : String(error)}`);
  }
  // Duplicate keys are reported with the type errors (yaml.v3's "unmarshal errors"); any other
  // error is a syntax error.
  const duplicates: string[] = [];
  if (doc.errors.some((error) => error.code !== "DUPLICATE_KEY"))
    return decodeError(syntaxReason(doc, lines));
  if (doc.errors.length > 0) {
    duplicateKeys(doc.contents, lines, duplicates);
    if (duplicates.length === 0) return decodeError(syntaxReason(doc, lines));
  }
  if (nodeDepth(doc.contents, 1) > MAX_DEPTH) {
    return decodeError(`yaml: nesting is deeper than ${MAX_DEPTH} levels`);
  }

  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    return decodeError(`yaml: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (value === null || value === undefined) value = {};
  if (isAlias(doc.contents) || typeof value !== "object" || Array.isArray(value)) {
    const line = lines.linePos(doc.contents?.range?.[0] ?? 0).line;
    return decodeError(
      `yaml: unmarshal errors:\n  line ${line}: cannot unmarshal ${tagOf(value)} into challengepack.Bundle`,
    );
  }

  const unmarshal = [...duplicates, ...checkBundleShape(doc, lines)].sort((a, b) => lineOf(a) - lineOf(b));
  if (unmarshal.length > 0)
    return decodeError(`yaml: unmarshal errors:\n${unmarshal.map((e) => `  ${e}`).join("\n")}`);
  return { ok: true, value: value as Json };
}

function lineOf(error: string): number {
  return Number(/^line (\d+)/.exec(error)?.[1] ?? 0);
}

function tagOf(value: unknown): string {
  if (Array.isArray(value)) return "!!seq";
  if (typeof value === "string") return "!!str";
  if (typeof value === "boolean") return "!!bool";
  if (typeof value === "number") return Number.isInteger(value) ? "!!int" : "!!float";
  return "!!map";
}
