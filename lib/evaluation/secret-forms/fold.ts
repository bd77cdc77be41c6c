import { CONFUSABLES } from "@/lib/evaluation/secret-forms/confusables";

// Folding for the letter forms (`text`, `reversed`, `rot13`, `nato`): NFKD with combining marks
// dropped, common Cyrillic/Greek look-alikes mapped to Latin letters, lower case; anything that
// is not a letter or digit is a separator. Also the skeleton type every form is searched in.

export const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
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
export class SkeletonBuilder {
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
export function foldEach(text: string, each: (folded: string, start: number, end: number) => void): void {
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

export const isAsciiAlnum = (c: number) =>
  (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);
export const isBase64Char = (c: number) => isAsciiAlnum(c) || c === 0x2b || c === 0x2f; // + /
export const isHexDigit = (c: number) =>
  (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);

export const BREAK = 0x7c; // "|": in no pattern, so it ends any partial match
