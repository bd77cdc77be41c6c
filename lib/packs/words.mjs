// Plain words for what a pack's YAML holds and what a field expects, shared by the bundle decoder
// (decode.mjs, shape.mjs) and the evaluation spec's strict decode, so that a type error reads
// `expected a list of cases, got a mapping` whichever part of the pack it is in.
//
// Plain .mjs (types in words.d.mts): the pack parse worker imports it through decode.mjs.

const MAX_SHOWN = 40;

/** A value's text, quoted and cut to 40 characters. */
export function quoteShort(text) {
  const shown = text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
  return JSON.stringify(shown);
}

/** What a decoded value is, in words: `a mapping`, `a list`, `the text "x"`, `the number 1.5`, `true`. */
export function describeValue(value) {
  if (value === null || value === undefined) return "nothing";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return `the text ${quoteShort(value)}`;
  if (typeof value === "number") {
    if (Number.isNaN(value)) return "the number .nan";
    if (!Number.isFinite(value)) return value > 0 ? "the number .inf" : "the number -.inf";
    return `the number ${value}`;
  }
  if (typeof value === "boolean") return String(value);
  if (typeof value === "object") return "a mapping";
  return typeof value;
}

/** A word's plural for "a list of …" (`case` → `cases`, `policy` → `policies`). */
export function plural(noun) {
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(noun)) return `${noun}es`;
  return `${noun}s`;
}
