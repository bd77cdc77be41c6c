import { RE2JS, RE2JSSyntaxException } from "re2js";

// Client-safe: the console can validate a pattern as the creator types it, with the same code
// the server uses. Creator patterns only ever run on re2js (RE2): matching is linear in the
// text, so no pattern can freeze the server on hostile input. A JS RegExp is never built from
// a creator's pattern.

export const MAX_PATTERN_LENGTH = 2000;
/** RE2 "program size" ceiling: a match costs up to text length × program size steps. */
export const MAX_PROGRAM_SIZE = 5000;
/**
 * Worst-case RE2 steps (program size × characters) a search may take on the request thread
 * (~15 ms); a costlier one runs on the regex worker with a time budget (rules-runner.ts).
 */
export const INLINE_REGEX_COST = 2_000_000;
/** Flags a creator may set besides inline (?i)(?m)(?s): i, m, s. */
export const CREATOR_REGEX_FLAGS = "ims";

export type RegexValidation = { ok: true } | { ok: false; message: string };

/** Thrown by compileCreatorRegex; the message is plain words a creator can act on. */
export class CreatorRegexError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CreatorRegexError";
  }
}

const FLAG_BITS: Record<string, number> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
};

function parseFlags(flags: string): number {
  let bits = 0;
  for (const f of flags) {
    const bit = FLAG_BITS[f];
    if (bit === undefined) {
      throw new CreatorRegexError(
        `Unknown regex flag "${f}": use i (ignore case), m (^ and $ match at line breaks) or s (. matches line breaks).`,
      );
    }
    bits |= bit;
  }
  return bits;
}

/** True when the character at i is escaped by an odd run of backslashes before it. */
function isEscaped(pattern: string, i: number): boolean {
  let n = 0;
  for (let j = i - 1; j >= 0 && pattern[j] === "\\"; j--) n++;
  return n % 2 === 1;
}

/** 1-based position of the first unescaped occurrence of fragment, or undefined. */
function positionOf(pattern: string, fragment: string | null | undefined): number | undefined {
  if (!fragment) return undefined;
  for (let i = pattern.indexOf(fragment); i >= 0; i = pattern.indexOf(fragment, i + 1)) {
    if (!isEscaped(pattern, i)) return i + 1;
  }
  return undefined;
}

/**
 * Walks the pattern's parentheses (skipping escapes and character classes) and returns the
 * 1-based position of the first unmatched ")" or of the innermost "(" left open.
 */
function parenProblem(pattern: string): { unexpected?: number; unclosed?: number } {
  const open: number[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") {
      inClass = true;
      // A "]" right after "[" or "[^" is a literal member of the class.
      if (pattern[i + 1] === "^") i++;
      if (pattern[i + 1] === "]") i++;
    } else if (c === "(") open.push(i + 1);
    else if (c === ")" && open.pop() === undefined) return { unexpected: i + 1 };
  }
  return { unclosed: open.at(-1) };
}

const at = (pos: number | undefined) => (pos === undefined ? "" : ` at position ${pos}`);

// RE2's error codes (RE2JSSyntaxException.error); re2js does not export them as constants.
/** Turns an RE2 syntax error into a sentence that names the problem and where it is. */
function describeSyntaxError(pattern: string, err: RE2JSSyntaxException): string {
  const code = err.error;
  const frag = err.input ?? "";
  const pos = positionOf(pattern, frag);
  const linear = "patterns run on a linear-time engine (RE2)";

  if (frag.startsWith("(?=") || frag.startsWith("(?!")) {
    return `Lookahead ${frag.slice(0, 3)}…) is not supported${at(pos)}: ${linear}. Match the text itself instead.`;
  }
  if (frag.startsWith("(?<=") || frag.startsWith("(?<!")) {
    return `Lookbehind ${frag.slice(0, 4)}…) is not supported${at(pos)}: ${linear}. Match the text itself instead.`;
  }
  if (frag.startsWith("(?>")) {
    return `Atomic groups (?>…) are not supported${at(pos)}: ${linear}, which never backtracks, so they are not needed.`;
  }
  if (frag.startsWith("(?P=") || frag.startsWith("(?P>") || (frag === "(?P" && /\(\?P[=>]/.test(pattern))) {
    return `Backreferences like (?P=name) are not supported${at(pos)}: ${linear}. Repeat the text or group instead.`;
  }
  if (frag.startsWith("(?#")) {
    return `Comments (?#…) are not supported${at(pos)}.`;
  }
  switch (code) {
    case "invalid escape sequence":
      if (/^\\[1-9]/.test(frag)) {
        return `Backreferences like \\1 are not supported${at(pos)}: ${linear}. Repeat the text or group instead.`;
      }
      if (frag.startsWith("\\k")) {
        return `Named backreferences like \\k<name> are not supported${at(pos)}: ${linear}. Repeat the text or group instead.`;
      }
      if (frag.startsWith("\\u")) {
        return `The escape \\u is not supported${at(pos)}: write a code point as \\x{0041}.`;
      }
      if (frag === "\\Z") return `The escape \\Z is not supported${at(pos)}: use \\z (end of text) or $.`;
      return `Unsupported escape sequence ${frag}${at(pos)}.`;
    case "invalid nested repetition operator":
      if (/^(?:[*+?]|\{[\d,]+\})\+$/.test(frag)) {
        return `Possessive quantifiers like ${frag} are not supported${at(pos)}: ${linear}, which never backtracks, so a plain quantifier is enough.`;
      }
      return `A quantifier cannot follow another quantifier: ${frag}${at(pos)}. Wrap the first part in (?:…) if you mean to repeat it.`;
    case "invalid repeat count":
      return `Repeat count ${frag} is invalid or too large${at(pos)}: counts go up to 1000, and nested repeats multiply.`;
    case "missing argument to repetition operator":
      return `The quantifier ${frag}${at(pos)} has nothing to repeat. Escape it (\\${frag.charAt(0)}) to match the character itself.`;
    case "missing closing )": {
      const open = parenProblem(pattern).unclosed;
      return `Missing closing parenthesis ) for the group opened${at(open)}.`;
    }
    case "unexpected )": {
      const close = parenProblem(pattern).unexpected;
      return `Unmatched closing parenthesis )${at(close)}. Escape it as \\) to match the character itself.`;
    }
    case "missing closing ]":
      return `Missing closing bracket ] for the character class that starts${at(pos)}.`;
    case "invalid character class range":
      return `Invalid character class or range ${frag}${at(pos)}.`;
    case "trailing backslash at end of expression":
      return "The pattern ends with a lone backslash: escape it as \\\\ to match a backslash.";
    case "duplicate capture group name":
      return `The group name "${frag}" is used twice.`;
    case "invalid named capture":
      return `Invalid named group ${frag}${at(pos)}: write (?<name>…) with letters, digits and _.`;
    case "invalid or unsupported Perl syntax":
      return `Unsupported group syntax ${frag}${at(pos)}.`;
    case "expression nests too deeply":
      return "The pattern nests groups or repeats too deeply.";
    case "expression too large":
      return "The pattern is too large once its repeats are expanded; use smaller repeat counts.";
    default:
      return `Invalid pattern: ${code}${frag ? ` (${frag})` : ""}${at(pos)}.`;
  }
}

type Compiled = { ok: true; re: RE2JS } | { ok: false; message: string };

/** Bounded LRU: compiled programs are reused across attempts; creators cannot grow it. */
const CACHE_MAX = 256;
const cache = new Map<string, Compiled>();

function compileUncached(pattern: string, flags: string): Compiled {
  try {
    if (pattern.length > MAX_PATTERN_LENGTH) {
      throw new CreatorRegexError(
        `The pattern is too long (${pattern.length.toLocaleString("en-US")} characters; the limit is ${MAX_PATTERN_LENGTH.toLocaleString("en-US")}).`,
      );
    }
    const re = RE2JS.compile(pattern, parseFlags(flags));
    if (re.programSize() > MAX_PROGRAM_SIZE) {
      throw new CreatorRegexError(
        `The pattern is too complex once its repeats are expanded (${re.programSize()} steps; the limit is ${MAX_PROGRAM_SIZE}). Use smaller repeat counts.`,
      );
    }
    return { ok: true, re };
  } catch (err) {
    if (err instanceof CreatorRegexError) return { ok: false, message: err.message };
    if (err instanceof RE2JSSyntaxException) return { ok: false, message: describeSyntaxError(pattern, err) };
    return { ok: false, message: "The pattern could not be compiled." };
  }
}

function compiled(pattern: string, flags: string): Compiled {
  const key = `${flags}\u0000${pattern}`;
  let entry = cache.get(key);
  if (entry) {
    cache.delete(key);
  } else {
    entry = compileUncached(pattern, flags);
  }
  cache.set(key, entry);
  if (cache.size > CACHE_MAX) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  return entry;
}

/** Checks a creator's pattern (and optional flags from "ims") without running it. */
export function validateCreatorRegex(pattern: string, flags = ""): RegexValidation {
  const c = compiled(pattern, flags);
  return c.ok ? { ok: true } : { ok: false, message: c.message };
}

/** Compiles (or reuses) a creator's pattern; throws CreatorRegexError with a plain message. */
export function compileCreatorRegex(pattern: string, flags = ""): RE2JS {
  const c = compiled(pattern, flags);
  if (!c.ok) throw new CreatorRegexError(c.message);
  return c.re;
}

/** True when the pattern matches anywhere in text (RE2 find, linear time). */
export function creatorRegexFind(pattern: string, text: string, flags = ""): boolean {
  return compileCreatorRegex(pattern, flags).test(text);
}

/** A pattern that matches s literally, grouped so a following quantifier applies to all of it. */
export function quoteRegexLiteral(s: string): string {
  return `(?:${RE2JS.quote(s)})`;
}

/** Number of cached patterns (tests check the bound). */
export function creatorRegexCacheSize(): number {
  return cache.size;
}
