import {
  BREAK,
  isAsciiAlnum,
  isBase64Char,
  isHexDigit,
  LETTER_OR_DIGIT,
  SkeletonBuilder,
  type Skeleton,
} from "@/lib/evaluation/secret-forms/fold";

// The encoded forms: Base64 (matched at all three byte alignments, so the secret is also found
// inside the encoding of a longer sentence) and hex (with or without 0x / \x prefixes).

/** Base64 fragments shorter than this are ignored (they occur by chance). */
export const MIN_BASE64_PATTERN = 8;

/** Base64 alphabet characters only (URL-safe - and _ read as + and /), case kept. */
export function base64Skeleton(text: string): Skeleton {
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

/**
 * Hex digits only, lower-cased. Separators are skipped, `0x` and `\x` prefixes are dropped,
 * and any other letter breaks the run (so prose does not join into hex).
 */
export function hexSkeleton(text: string): Skeleton {
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

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/**
 * The Base64 characters fully determined by `bytes` when they start `offset` bytes (0–2) into
 * an encoded message: that fragment appears in any Base64 text that contains the bytes there.
 */
export function base64Fragment(bytes: Uint8Array, offset: number): string {
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

export const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

const isBase64RunChar = (c: number) =>
  isAsciiAlnum(c) || c === 0x2b || c === 0x2f || c === 0x3d || c === 0x2d || c === 0x5f; // + / = - _

export interface Base64Runs {
  /** For each offset inside a run of Base64 characters: where that run starts / ends. */
  start: Int32Array;
  end: Int32Array;
}

/** Run boundaries of Base64 characters (whitespace ends a run), in one pass each way. */
export function base64Runs(text: string): Base64Runs {
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
