// Client-safe. Finds a secret in a text in the disguises a model (or a judge) uses to leak it:
//
// | Kind       | Example for "Tangerine42"                          | How it is found                         |
// | ---------- | -------------------------------------------------- | --------------------------------------- |
// | `text`     | `tangerine42`, `T-A-N-G-E-R-I-N-E---4-2`, `t a n…` | letters/digits only, case-folded        |
// | `reversed` | `24eniregnaT`, `2-4-e-n-i…`                        | the same, secret reversed               |
// | `rot13`    | `Gnatrevar42`                                      | the same, secret in ROT13               |
// | `base64`   | `VGFuZ2VyaW5lNDI=` (also inside a longer Base64)   | Base64 alphabet only, case-sensitive    |
// | `hex`      | `54616e67…`, `0x54 0x61 …`, `\x54\x61…`            | hex digits only, case-folded            |
// | `nato`     | `Tango Alfa November Golf Echo … Four Two`         | spelling-alphabet words → letters       |
//
// Folding for `text`/`reversed`/`rot13`/`nato`: NFKD with combining marks dropped (so "é" is
// "e"), common Cyrillic/Greek look-alikes mapped to Latin letters, lower case; anything that is
// not a letter or digit (spaces, dashes, dots, zero-width characters, emoji) is a separator and is
// skipped. Base64 is matched at all three byte alignments, so the secret is also found inside
// the encoding of a longer sentence.
//
// Cost: every text is folded once (linear), then each pattern is searched with KMP (linear,
// no backtracking regexes); a secret yields at most ~20 patterns. Secrets with fewer than
// MIN_DISGUISED_CHARS letters/digits are skipped: their forms occur in ordinary words.

export const MIN_DISGUISED_CHARS = 4;
/** Base64 fragments shorter than this are ignored (they occur by chance). */
const MIN_BASE64_PATTERN = 8;
export const SECRET_FORM_MASK = "[masked]";

export type SecretFormKind = "text" | "reversed" | "rot13" | "base64" | "hex" | "nato";

export interface SecretFormMatch {
  /** UTF-16 offsets in the original text: text.slice(start, end) is the disguised secret. */
  start: number;
  end: number;
  kind: SecretFormKind;
}

// ---------------------------------------------------------------------------------------------
// Folding

/** Look-alikes of Latin letters (before lower-casing, so upper-case shapes map by their look). */
const CONFUSABLES = new Map<string, string>(
  Object.entries({
    // Cyrillic
    А: "a",
    В: "b",
    С: "c",
    Е: "e",
    Н: "h",
    І: "i",
    Ј: "j",
    К: "k",
    М: "m",
    О: "o",
    Р: "p",
    Ѕ: "s",
    Т: "t",
    Х: "x",
    У: "y",
    Ү: "y",
    а: "a",
    с: "c",
    ԁ: "d",
    е: "e",
    һ: "h",
    і: "i",
    ј: "j",
    к: "k",
    ӏ: "l",
    о: "o",
    р: "p",
    ԛ: "q",
    ѕ: "s",
    ԝ: "w",
    х: "x",
    у: "y",
    ү: "y",
    // Greek
    Α: "a",
    Β: "b",
    Ε: "e",
    Ζ: "z",
    Η: "h",
    Ι: "i",
    Κ: "k",
    Μ: "m",
    Ν: "n",
    Ο: "o",
    Ρ: "p",
    Τ: "t",
    Υ: "y",
    Χ: "x",
    α: "a",
    ι: "i",
    κ: "k",
    ν: "v",
    ο: "o",
    ρ: "p",
    τ: "t",
    υ: "u",
    χ: "x",
    // Latin odds and ends
    ı: "i",
    ȷ: "j",
    ℓ: "l",
    ſ: "s",
  }),
);

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const MARK = /\p{M}/gu;
const foldCache = new Map<string, string>();

/** One code point folded for matching: "" when it is a separator (not a letter or digit). */
export function foldCodePoint(cp: string): string {
  const c = cp.charCodeAt(0);
  if (cp.length === 1 && c < 0x80) {
    if (c >= 0x61 && c <= 0x7a) return cp; // a-z
    if (c >= 0x41 && c <= 0x5a) return String.fromCharCode(c + 32); // A-Z
    if (c >= 0x30 && c <= 0x39) return cp; // 0-9
    return "";
  }
  const cached = foldCache.get(cp);
  if (cached !== undefined) return cached;
  const confusable = CONFUSABLES.get(cp);
  let out = "";
  if (confusable) out = confusable;
  else {
    for (const ch of cp.normalize("NFKD").replace(MARK, "")) {
      const mapped = CONFUSABLES.get(ch) ?? ch.toLowerCase();
      for (const m of mapped) if (LETTER_OR_DIGIT.test(m)) out += m;
    }
  }
  if (foldCache.size < 4096) foldCache.set(cp, out);
  return out;
}

/** Letters and digits of a text, folded, with where each came from in the original. */
export interface Skeleton {
  /** The folded characters (UTF-16 code units); `length` of them are used. */
  codes: Uint16Array;
  length: number;
  /** starts[i] / ends[i]: the span of the original text that produced codes[i]. */
  starts: Int32Array;
  ends: Int32Array;
}

/** An append-only skeleton under construction (typed arrays, doubled when full). */
class SkeletonBuilder {
  codes: Uint16Array;
  starts: Int32Array;
  ends: Int32Array;
  length = 0;

  constructor(capacity: number) {
    const n = Math.max(16, capacity);
    this.codes = new Uint16Array(n);
    this.starts = new Int32Array(n);
    this.ends = new Int32Array(n);
  }

  push(code: number, start: number, end: number): void {
    if (this.length === this.codes.length) {
      const n = this.length * 2;
      const codes = new Uint16Array(n);
      codes.set(this.codes);
      this.codes = codes;
      const starts = new Int32Array(n);
      starts.set(this.starts);
      this.starts = starts;
      const ends = new Int32Array(n);
      ends.set(this.ends);
      this.ends = ends;
    }
    this.codes[this.length] = code;
    this.starts[this.length] = start;
    this.ends[this.length] = end;
    this.length++;
  }

  pushString(s: string, start: number, end: number): void {
    for (let i = 0; i < s.length; i++) this.push(s.charCodeAt(i), start, end);
  }

  done(): Skeleton {
    return { codes: this.codes, length: this.length, starts: this.starts, ends: this.ends };
  }
}

/** Calls `each` with every code point of `text` folded (see foldCodePoint) and its span. */
function foldEach(text: string, each: (folded: string, start: number, end: number) => void): void {
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      // ASCII fast path: letters lower-cased, digits kept, the rest are separators ("").
      if (c >= 0x61 && c <= 0x7a) each(text[i]!, i, i + 1);
      else if (c >= 0x41 && c <= 0x5a) each(String.fromCharCode(c + 32), i, i + 1);
      else if (c >= 0x30 && c <= 0x39) each(text[i]!, i, i + 1);
      else each("", i, i + 1);
      i++;
      continue;
    }
    const cp = String.fromCodePoint(text.codePointAt(i)!);
    each(foldCodePoint(cp), i, i + cp.length);
    i += cp.length;
  }
}

/** The folded letters and digits of a text (the `text`, `reversed` and `rot13` forms). */
export function skeletonOf(text: string): Skeleton {
  const out = new SkeletonBuilder(text.length);
  foldEach(text, (folded, start, end) => {
    if (folded.length === 1) out.push(folded.charCodeAt(0), start, end);
    else if (folded !== "") out.pushString(folded, start, end);
  });
  return out.done();
}

/** The folded letters and digits of a text as a string ("T-a n" → "tan"). */
export function foldedKey(text: string): string {
  let out = "";
  foldEach(text, (folded) => (out += folded));
  return out;
}

const isAsciiAlnum = (c: number) => (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);
const isBase64Char = (c: number) => isAsciiAlnum(c) || c === 0x2b || c === 0x2f; // + /
const isHexDigit = (c: number) => (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);

/** Base64 alphabet characters only (URL-safe - and _ read as + and /), case kept. */
function base64Skeleton(text: string): Skeleton {
  const out = new SkeletonBuilder(text.length);
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c === 0x2d)
      c = 0x2b; // - → +
    else if (c === 0x5f) c = 0x2f; // _ → /
    if (isBase64Char(c)) out.push(c, i, i + 1);
  }
  return out.done();
}

const BREAK = 0x7c; // "|": in no pattern, so it ends any partial match

/**
 * Hex digits only, lower-cased. Separators are skipped, `0x` and `\x` prefixes are dropped,
 * and any other letter breaks the run (so prose does not join into hex).
 */
function hexSkeleton(text: string): Skeleton {
  const out = new SkeletonBuilder(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isHexDigit(c)) {
      out.push(c | 0x20, i, i + 1); // digits unchanged, A-F → a-f
    } else if (c === 0x78 || c === 0x58) {
      // x / X: part of a 0x prefix (drop the 0) or of \x; else a letter that breaks the run.
      const prev = i > 0 ? text.charCodeAt(i - 1) : -1;
      const beforeZero = i > 1 ? text.charCodeAt(i - 2) : -1;
      const last = out.length - 1;
      if (
        prev === 0x30 &&
        !isAsciiAlnum(beforeZero) &&
        last >= 0 &&
        out.codes[last] === 0x30 &&
        out.ends[last] === i
      )
        out.length--;
      else if (prev !== 0x5c) out.push(BREAK, i, i + 1);
    } else if (isAsciiAlnum(c) || (c >= 0x80 && LETTER_OR_DIGIT.test(text[i]!))) {
      out.push(BREAK, i, i + 1);
    }
  }
  return out.done();
}

// NATO/ICAO spelling alphabet and digit words.
const SPELLING_WORDS = new Map<string, string>(
  Object.entries({
    alfa: "a",
    alpha: "a",
    bravo: "b",
    charlie: "c",
    delta: "d",
    echo: "e",
    foxtrot: "f",
    golf: "g",
    hotel: "h",
    india: "i",
    juliet: "j",
    juliett: "j",
    kilo: "k",
    lima: "l",
    mike: "m",
    november: "n",
    oscar: "o",
    papa: "p",
    quebec: "q",
    romeo: "r",
    sierra: "s",
    tango: "t",
    uniform: "u",
    victor: "v",
    whiskey: "w",
    whisky: "w",
    xray: "x",
    yankee: "y",
    zulu: "z",
    zero: "0",
    one: "1",
    two: "2",
    three: "3",
    four: "4",
    five: "5",
    six: "6",
    seven: "7",
    eight: "8",
    nine: "9",
    niner: "9",
  }),
);
const LONGEST_SPELLING_WORD = 8;

/**
 * Words of the spelling alphabet as the letters they stand for, single letters and digit runs
 * as themselves; any other word breaks the run. "X-ray" reads as x.
 */
function natoSkeleton(text: string): Skeleton {
  const out = new SkeletonBuilder(64);
  let word = "";
  let wordStart = -1;
  let wordEnd = -1;
  let digits = true;
  let lastWord = "";
  const finish = () => {
    if (wordStart < 0) return;
    const letter = word.length <= LONGEST_SPELLING_WORD ? SPELLING_WORDS.get(word) : undefined;
    if (word === "ray" && lastWord === "x" && text[wordStart - 1] === "-") {
      // The "ray" of "X-ray": its x is already in.
    } else if (letter) out.push(letter.charCodeAt(0), wordStart, wordEnd);
    else if (digits || word.length === 1) out.pushString(word, wordStart, wordEnd);
    else out.push(BREAK, wordStart, wordEnd);
    lastWord = word.length <= LONGEST_SPELLING_WORD ? word : "";
    word = "";
    wordStart = -1;
    digits = true;
  };
  foldEach(text, (folded, start, end) => {
    if (folded === "") return finish();
    if (wordStart < 0) wordStart = start;
    wordEnd = end;
    const c = folded.charCodeAt(0);
    const digit = folded.length === 1 && c >= 0x30 && c <= 0x39;
    // A word that is neither a digit run nor short enough to be a spelling word only breaks the run.
    if (!digit) digits = false;
    if (word.length <= LONGEST_SPELLING_WORD || digits) word += folded;
  });
  finish();
  return out.done();
}

// ---------------------------------------------------------------------------------------------
// Patterns

function rot13(s: string): string {
  let out = "";
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    out += c >= 0x61 && c <= 0x7a ? String.fromCharCode(((c - 0x61 + 13) % 26) + 0x61) : ch;
  }
  return out;
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/**
 * The Base64 characters fully determined by `bytes` when they start `offset` bytes (0–2) into
 * an encoded message: that fragment appears in any Base64 text that contains the bytes there.
 */
function base64Fragment(bytes: Uint8Array, offset: number): string {
  const all = new Uint8Array(offset + bytes.length);
  all.set(bytes, offset);
  const firstBit = offset * 8;
  const endBit = all.length * 8;
  let out = "";
  for (let i = Math.ceil(firstBit / 6); (i + 1) * 6 <= endBit; i++) {
    let v = 0;
    for (let b = i * 6; b < i * 6 + 6; b++) v = (v << 1) | ((all[b >> 3]! >> (7 - (b & 7))) & 1);
    out += B64[v];
  }
  return out;
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

const isBase64RunChar = (c: number) =>
  isAsciiAlnum(c) || c === 0x2b || c === 0x2f || c === 0x3d || c === 0x2d || c === 0x5f; // + / = - _

interface Base64Runs {
  /** For each offset inside a run of Base64 characters: where that run starts / ends. */
  start: Int32Array;
  end: Int32Array;
}

/** Run boundaries of Base64 characters (whitespace ends a run), in one pass each way. */
function base64Runs(text: string): Base64Runs {
  const n = text.length;
  const start = new Int32Array(n);
  const end = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    start[i] = isBase64RunChar(text.charCodeAt(i))
      ? i > 0 && isBase64RunChar(text.charCodeAt(i - 1))
        ? start[i - 1]!
        : i
      : i;
  }
  for (let i = n - 1; i >= 0; i--) {
    end[i] = isBase64RunChar(text.charCodeAt(i))
      ? i + 1 < n && isBase64RunChar(text.charCodeAt(i + 1))
        ? end[i + 1]!
        : i + 1
      : i + 1;
  }
  return { start, end };
}

interface Pattern {
  kind: SecretFormKind;
  skeleton: "text" | "base64" | "hex" | "nato";
  needle: string;
  table: Int32Array;
}

/** KMP failure table. */
function failureTable(p: string): Int32Array {
  const t = new Int32Array(p.length);
  let k = 0;
  for (let i = 1; i < p.length; i++) {
    while (k > 0 && p.charCodeAt(i) !== p.charCodeAt(k)) k = t[k - 1]!;
    if (p.charCodeAt(i) === p.charCodeAt(k)) k++;
    t[i] = k;
  }
  return t;
}

/** Start offsets of every occurrence of the pattern in the haystack, in linear time. */
function kmpAll(hay: Skeleton, p: Pattern): number[] {
  const { needle, table } = p;
  const found: number[] = [];
  if (needle.length === 0 || hay.length < needle.length) return found;
  const codes = hay.codes;
  let k = 0;
  for (let i = 0; i < hay.length; i++) {
    const c = codes[i]!;
    while (k > 0 && c !== needle.charCodeAt(k)) k = table[k - 1]!;
    if (c === needle.charCodeAt(k)) k++;
    if (k === needle.length) {
      found.push(i - needle.length + 1);
      k = table[k - 1]!;
    }
  }
  return found;
}

function patternsFor(secret: string): Pattern[] {
  const key = foldedKey(secret);
  if (key.length < MIN_DISGUISED_CHARS) return [];
  const seen = new Set<string>();
  const out: Pattern[] = [];
  const add = (kind: SecretFormKind, skeleton: Pattern["skeleton"], needle: string) => {
    const id = `${skeleton}:${needle}`;
    if (needle.length === 0 || seen.has(id)) return;
    seen.add(id);
    out.push({ kind, skeleton, needle, table: failureTable(needle) });
  };
  add("text", "text", key);
  add("reversed", "text", Array.from(key).reverse().join(""));
  add("rot13", "text", rot13(key));
  add("nato", "nato", key);
  const encoder = new TextEncoder();
  const trimmed = secret.trim();
  for (const variant of new Set([trimmed, trimmed.toLowerCase(), trimmed.toUpperCase()])) {
    const bytes = encoder.encode(variant);
    add("hex", "hex", toHex(bytes));
    for (let offset = 0; offset < 3; offset++) {
      const fragment = base64Fragment(bytes, offset);
      if (fragment.length >= MIN_BASE64_PATTERN) add("base64", "base64", fragment);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Matching

/** Searches texts for the disguised forms of a fixed set of secrets (patterns built once). */
export class SecretFormMatcher {
  private readonly patterns: Pattern[];

  constructor(secrets: readonly (string | null | undefined)[]) {
    const seen = new Set<string>();
    this.patterns = [];
    for (const secret of secrets) {
      if (typeof secret !== "string" || secret.trim() === "") continue;
      for (const p of patternsFor(secret)) {
        const id = `${p.skeleton}:${p.needle}`;
        if (seen.has(id)) continue;
        seen.add(id);
        this.patterns.push(p);
      }
    }
  }

  /** False when no secret is long enough to have disguised forms. */
  get active(): boolean {
    return this.patterns.length > 0;
  }

  /** Every disguised occurrence, in text order (overlapping matches of different kinds kept). */
  find(text: string): SecretFormMatch[] {
    if (!this.active || text === "") return [];
    const skeletons = new Map<Pattern["skeleton"], Skeleton>();
    const skeleton = (kind: Pattern["skeleton"]): Skeleton => {
      let s = skeletons.get(kind);
      if (!s) {
        s =
          kind === "text"
            ? skeletonOf(text)
            : kind === "base64"
              ? base64Skeleton(text)
              : kind === "hex"
                ? hexSkeleton(text)
                : natoSkeleton(text);
        skeletons.set(kind, s);
      }
      return s;
    };
    const matches: SecretFormMatch[] = [];
    let runs: Base64Runs | undefined;
    for (const p of this.patterns) {
      const s = skeleton(p.skeleton);
      for (const at of kmpAll(s, p)) {
        const match = { start: s.starts[at]!, end: s.ends[at + p.needle.length - 1]!, kind: p.kind };
        if (p.kind === "base64") {
          // The whole encoded run: the characters around the fragment encode parts of it too.
          runs ??= base64Runs(text);
          match.start = Math.min(match.start, runs.start[match.start]!);
          match.end = Math.max(match.end, runs.end[match.end - 1]!);
        }
        matches.push(match);
      }
    }
    return matches.sort((a, b) => a.start - b.start || b.end - a.end);
  }

  /** True when the text holds the secret in any recognised form. */
  test(text: string): boolean {
    return this.find(text).length > 0;
  }

  /** Replaces every disguised occurrence (overlaps merged) with `replacement`. */
  mask(text: string, replacement = SECRET_FORM_MASK): string {
    const matches = this.find(text);
    if (matches.length === 0) return text;
    let out = "";
    let at = 0;
    let spanStart = -1;
    let spanEnd = -1;
    const flush = () => {
      if (spanStart < 0) return;
      out += text.slice(at, spanStart) + replacement;
      at = spanEnd;
    };
    for (const m of matches) {
      if (m.start <= spanEnd) {
        spanEnd = Math.max(spanEnd, m.end);
        continue;
      }
      flush();
      spanStart = m.start;
      spanEnd = m.end;
    }
    flush();
    return out + text.slice(at);
  }
}

/**
 * Spans of `text` whose folded letters and digits spell `words` (folded the same way): finds
 * "UNTRUSTED_RESPONSE" as "Untrusted Response", "ＵＮＴＲＵＳＴＥＤ-response", with zero-width
 * characters or Cyrillic look-alikes inside, and so on. Linear in the text.
 */
export function findFolded(text: string, words: string): { start: number; end: number }[] {
  const needle = foldedKey(words);
  if (needle === "" || text === "") return [];
  const pattern: Pattern = { kind: "text", skeleton: "text", needle, table: failureTable(needle) };
  const s = skeletonOf(text);
  return kmpAll(s, pattern).map((at) => ({ start: s.starts[at]!, end: s.ends[at + needle.length - 1]! }));
}

/** Where `secret` appears in `text`, literally or disguised (see the table at the top). */
export function findSecretForms(text: string, secret: string): SecretFormMatch[] {
  return new SecretFormMatcher([secret]).find(text);
}

/** True when `text` contains `secret` in any recognised form. */
export function containsSecretForm(text: string, secret: string): boolean {
  return new SecretFormMatcher([secret]).test(text);
}

/** `text` with every recognised form of each secret replaced by `replacement`. */
export function maskSecretForms(
  text: string,
  secrets: readonly (string | null | undefined)[],
  replacement = SECRET_FORM_MASK,
): string {
  return new SecretFormMatcher(secrets).mask(text, replacement);
}
