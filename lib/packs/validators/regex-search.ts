import { compileCreatorRegex, INLINE_REGEX_COST } from "@/lib/evaluation/regex";

// A creator's RE2 pattern run on a pack run's text with bounded cost. RE2 is linear in the text,
// but its constant is the pattern's program size: `[ab]{999}[ab]{999}…` on 60,000 characters is
// seconds of work. A search whose worst case (program size × characters) is small runs here; a
// costlier one goes to `search` (the server's regex worker, with a time budget), and without one
// a search past INLINE_REGEX_COST is not run at all.

export type RegexSearchResult = { ok: true; matched: boolean } | { ok: false; reason: string };

/** Runs one search off the request thread within a time budget (the server wires its regex worker). */
export type SearchRegex = (pattern: string, flags: string, text: string) => Promise<RegexSearchResult>;

/** Why a search gave no answer, in words for evidence and findings. */
export function searchFailure(reason: string): string {
  return reason === "timeout"
    ? "the pattern took longer than its time budget on this text"
    : reason === "inline"
      ? "the pattern is too costly to run on this text here"
      : `the pattern search did not finish (${reason})`;
}

/**
 * With a worker at hand, searches past this many worst-case steps go to it (~1.5 ms inline): a
 * pack run is a background job, so a worker round trip costs it nothing that matters.
 */
export const OFFLOAD_REGEX_COST = 200_000;

/** Inline when cheap (within `limit` steps); undefined when the search would cost more. */
export function inlineRegexTest(
  pattern: string,
  flags: string,
  text: string,
  full = false,
  limit = INLINE_REGEX_COST,
): boolean | undefined {
  const re = compileCreatorRegex(pattern, flags);
  if (re.programSize() * Math.max(1, text.length) > limit) return undefined;
  return full ? re.matches(text) : re.test(text);
}

/**
 * Finds (or with `full`, fully matches) `pattern` in `text`. Throws CreatorRegexError for a
 * pattern that does not compile; never blocks longer than an inline search.
 */
export async function boundedRegexTest(
  pattern: string,
  flags: string,
  text: string,
  opts: { full?: boolean; search?: SearchRegex } = {},
): Promise<RegexSearchResult> {
  const inline = inlineRegexTest(pattern, flags, text, opts.full, opts.search ? OFFLOAD_REGEX_COST : INLINE_REGEX_COST);
  if (inline !== undefined) return { ok: true, matched: inline };
  if (!opts.search) return { ok: false, reason: "inline" };
  // \A…\z: the whole text, whatever (?m) the pattern sets.
  return opts.search(opts.full ? `\\A(?:${pattern})\\z` : pattern, flags, text);
}
