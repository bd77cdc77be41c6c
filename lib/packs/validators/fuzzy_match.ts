import { distance } from "fastest-levenshtein";
import {
  defineValidator,
  expectedTexts,
  ConfigError,
  fail,
  readBool,
  readThreshold,
  thresholdResult,
} from "./shared";

// fuzzy_match: similarity = 1 − Levenshtein distance / max(length) (fastest-levenshtein, on
// UTF-16 code units), best over the expected texts. Passes at `threshold` (default 0.8).
// Trimmed unless `trim: false`; case-sensitive unless `case_insensitive: true`. Each side may
// have at most MAX_FUZZY_CHARS characters (the distance is quadratic in the lengths).

export const MAX_FUZZY_CHARS = 20_000;

export function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 1;
  return 1 - distance(a, b) / longest;
}

export const fuzzyMatch = defineValidator("fuzzy_match", ({ actual, expected, config }) => {
  const threshold = readThreshold(config, 0.8);
  const trim = readBool(config, "trim", true);
  const caseInsensitive = readBool(config, "case_insensitive", false);
  const prep = (s: string) => {
    const t = trim ? s.trim() : s;
    return caseInsensitive ? t.toLowerCase() : t;
  };
  const refs = expectedTexts(expected).map(prep);
  if (refs.length === 0) throw new ConfigError("expected value is missing");
  const a = prep(actual);
  if (a.length > MAX_FUZZY_CHARS || refs.some((r) => r.length > MAX_FUZZY_CHARS)) {
    return fail(`text longer than ${MAX_FUZZY_CHARS} characters; fuzzy_match compares shorter texts`);
  }
  const best = Math.max(...refs.map((r) => similarity(a, r)));
  return thresholdResult("similarity", best, threshold);
});
