// YAML text → plain JSON value, with decode errors naming their line and field path. Plain .mjs
// and linear in the text: it runs on the parse worker (lib/packs/README.md, 'Decoding').
import { Buffer } from "node:buffer";
import { CST, isAlias, isMap, isPair, isScalar, isSeq, Lexer, LineCounter, parseDocument } from "yaml";
import { checkBundleShape, childPath, describeNode, keyText } from "./shape.mjs";

export const MAX_BUNDLE_BYTES = 1024 * 1024;
/** Deepest nesting of mappings and sequences a bundle may have. */
export const MAX_DEPTH = 64;
/** Nodes (scalars, aliases, list items, collections) the YAML text may have. */
export const MAX_NODES = 20_000;
/** Values (objects, lists and scalars) the decoded bundle may have once aliases are expanded. */
export const MAX_VALUES = 50_000;
/** Aliases a document may expand, relative to its size (the `yaml` library's own guard). */
const MAX_ALIAS_COUNT = 100;
/** A refusal of the whole text (field `bundle`). */
function decodeError(message, limit) {
  return { ok: false, errors: [{ field: "bundle", message }], ...(limit ? { limit } : {}) };
}

/**
 * An upper bound on flow nesting (`[[[…`), found before the parser sees the text: the parser
 * recurses per level, so a megabyte of brackets must never reach it. Quoted scalars and comments
 * inside flow collections are skipped so that they cannot hide brackets.
 */
function flowDepthExceeds(text, limit) {
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
function compactDepthExceeds(text, limit) {
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

const NODE_TOKENS = new Set([
  "scalar",
  "single-quoted-scalar",
  "double-quoted-scalar",
  "block-scalar-header",
  "alias",
  "flow-map-start",
  "flow-seq-start",
  "seq-item-ind",
  "explicit-key-ind",
]);

/** Nodes of the text by the library's lexer (linear; no document is built), stopping past `limit`. */
export function countYamlNodes(text, limit = Infinity) {
  let count = 0;
  for (const token of new Lexer().lex(text)) {
    if (NODE_TOKENS.has(CST.tokenType(token)) && ++count > limit) break;
  }
  return count;
}

function nodeDepth(node, depth) {
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

/**
 * Every duplicate key of every mapping, with its path and both lines. Keys are equal when both
 * are scalars of the same value, as the library compares them. A doubled merge key `<<` is
 * reported on its own (as the library does, as a syntax error) when nothing else is duplicated.
 */
function duplicateKeys(root, lines) {
  const out = [];
  let merge;
  const stack = [[root, ""]];
  while (stack.length > 0) {
    const [node, path] = stack.pop();
    if (isMap(node)) {
      const seen = new Map();
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = keyText(pair.key);
        stack.push([pair.value, childPath(path, key)]);
        if (!isScalar(pair.key)) continue;
        const value = pair.key.value;
        const id = `${typeof value}:${key}`;
        const line = lines.linePos(pair.key.range?.[0] ?? 0).line;
        const first = seen.get(id);
        if (first === undefined) seen.set(id, line);
        else if (key === "<<") merge ??= { line, field: path === "" ? "bundle" : path };
        else {
          out.push({
            line,
            field: childPath(path, key),
            message: `is defined twice (lines ${first} and ${line}): a duplicate key is an error; keep one`,
          });
        }
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => stack.push([item, `${path}[${i}]`]));
    }
  }
  return { duplicates: out, merge };
}

/** Values of the decoded tree with aliases expanded (shared objects counted each time), up to `limit`. */
function valuesExceed(value, limit) {
  let count = 0;
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (++count > limit) return true;
    if (Array.isArray(v)) for (const item of v) stack.push(item);
    else if (v !== null && typeof v === "object") for (const key in v) stack.push(v[key]);
  }
  return false;
}

function syntaxReason(doc, lines) {
  const parts = doc.errors.map((error) => {
    const line = lines.linePos(error.pos[0]).line;
    return `line ${line}: ${error.message.split("\n")[0]}`;
  });
  return `is not valid YAML: ${parts.join("; ")}`;
}

/** Decodes the bundle text; the value is plain JSON-compatible data (numbers may be ±Inf/NaN). */
export function parseBundleYaml(text) {
  // UTF-8 takes at least one byte per UTF-16 unit: only a text short enough needs encoding.
  if (text.length > MAX_BUNDLE_BYTES || Buffer.byteLength(text, "utf8") > MAX_BUNDLE_BYTES) {
    return decodeError("must be at most 1 MiB", "bytes");
  }
  if (text.trim() === "") return decodeError("is required");
  // A generous bound before parsing; the exact limit is checked on the parsed tree below.
  if (flowDepthExceeds(text, 4 * MAX_DEPTH) || compactDepthExceeds(text, 4 * MAX_DEPTH)) {
    return decodeError(`is nested deeper than ${MAX_DEPTH} levels`);
  }
  if (countYamlNodes(text, MAX_NODES) > MAX_NODES) {
    return decodeError(`has more than ${MAX_NODES} nodes (keys, values and list items)`, "nodes");
  }

  const lines = new LineCounter();
  let doc;
  try {
    doc = parseDocument(text, { uniqueKeys: false, merge: true, prettyErrors: false, lineCounter: lines });
  } catch (error) {
    return decodeError(`is not valid YAML: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (doc.errors.length > 0) return decodeError(syntaxReason(doc, lines));
  // Duplicate keys are reported with the type errors, by line.
  const { duplicates, merge } = duplicateKeys(doc.contents, lines);
  if (merge !== undefined && duplicates.length === 0) {
    const message = `has two merge keys (<<) at line ${merge.line}; merge several with one list: <<: [*a, *b]`;
    return { ok: false, errors: [{ field: merge.field, message }] };
  }
  if (nodeDepth(doc.contents, 1) > MAX_DEPTH) {
    return decodeError(`is nested deeper than ${MAX_DEPTH} levels`);
  }

  let value;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    // The library's alias guard (an alias bomb), or another failure to build the value.
    return decodeError(`could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (value === null || value === undefined) value = {};
  if (isAlias(doc.contents) || typeof value !== "object" || Array.isArray(value)) {
    const line = lines.linePos(doc.contents?.range?.[0] ?? 0).line;
    return decodeError(
      `expected a mapping of the bundle's top-level keys (pack, version, challenges, input_sets, …), got ${describeNode(doc.contents)} (line ${line})`,
    );
  }
  if (valuesExceed(value, MAX_VALUES)) {
    return decodeError(`has more than ${MAX_VALUES} values once aliases are expanded`, "nodes");
  }

  const problems = [...duplicates, ...checkBundleShape(doc, lines)].sort((a, b) => a.line - b.line);
  if (problems.length > 0) return { ok: false, errors: problems.slice(0, 50).map(({ field, message }) => ({ field, message })) };
  return { ok: true, value };
}
