import {
  base64Fragment,
  base64Runs,
  base64Skeleton,
  hexSkeleton,
  MIN_BASE64_PATTERN,
  toHex,
  type Base64Runs,
} from "@/lib/evaluation/secret-forms/encodings";
import { foldedKey, skeletonOf, type Skeleton } from "@/lib/evaluation/secret-forms/fold";
import { natoSkeleton, rot13 } from "@/lib/evaluation/secret-forms/letter-forms";
import {
  failureTable,
  kmpAll,
  type Pattern,
  type SecretFormKind,
} from "@/lib/evaluation/secret-forms/search";

// Builds every form's pattern for a set of secrets once and searches texts for them.

export const MIN_DISGUISED_CHARS = 4;
export const SECRET_FORM_MASK = "[masked]";

export interface SecretFormMatch {
  /** UTF-16 offsets in the original text: text.slice(start, end) is the disguised secret. */
  start: number;
  end: number;
  kind: SecretFormKind;
}

// A secret's patterns depend on nothing but the secret: built once per process for the secrets in
// play (attempts of one challenge all search for the same one). Least recently used go first.
const MAX_CACHED_SECRETS = 256;
const patternCache = new Map<string, readonly Pattern[]>();

function patternsFor(secret: string): readonly Pattern[] {
  const hit = patternCache.get(secret);
  if (hit) {
    patternCache.delete(secret);
    patternCache.set(secret, hit);
    return hit;
  }
  const built = buildPatterns(secret);
  patternCache.set(secret, built);
  if (patternCache.size > MAX_CACHED_SECRETS) patternCache.delete(patternCache.keys().next().value!);
  return built;
}

function buildPatterns(secret: string): Pattern[] {
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
