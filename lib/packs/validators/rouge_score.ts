import { l as rougeL, n as rougeN } from "js-rouge";
import {
  ConfigError,
  defineValidator,
  expectedTexts,
  fail,
  readChoice,
  readNumber,
  readThreshold,
  thresholdResult,
} from "./shared";

// rouge_score: ROUGE F-measure through js-rouge. `variant`: rouge-1, rouge-2 (n-gram overlap)
// or rouge-l (default; longest common subsequence of the whole texts, like rouge-score's
// "rougeL", not the per-sentence "rougeLsum"); `beta` (default 1) weighs recall. Tokens as
// Google's rouge-score makes them (lowercase, split on anything but letters and digits; Unicode
// letters are kept), no stemming. Several references: the best. Passes at `threshold`
// (default 0.5). ROUGE-L compares at most MAX_LCS_TOKENS tokens per side (quadratic).

export const ROUGE_VARIANTS = ["rouge-1", "rouge-2", "rouge-l"] as const;
export type RougeVariant = (typeof ROUGE_VARIANTS)[number];
export const MAX_LCS_TOKENS = 5000;

export function rougeTokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
}

const whole = (s: string) => [s];

/** ROUGE F-measure in [0, 1] of a candidate against one reference. */
export function rouge(candidate: string, reference: string, variant: RougeVariant, beta = 1): number {
  const c = rougeTokens(candidate);
  const r = rougeTokens(reference);
  if (c.length === 0 || r.length === 0) return c.length === r.length ? 1 : 0;
  const cand = c.join(" ");
  const ref = r.join(" ");
  const tokenizer = (s: string) => s.split(" ");
  if (variant === "rouge-l") return rougeL(cand, ref, { beta, tokenizer, segmenter: whole });
  return rougeN(cand, ref, { n: variant === "rouge-1" ? 1 : 2, beta, tokenizer });
}

export const rougeScore = defineValidator("rouge_score", ({ actual, expected, config }) => {
  const threshold = readThreshold(config, 0.5);
  const variant = readChoice(config, "variant", ROUGE_VARIANTS, "rouge-l");
  const beta = readNumber(config, "beta", 1, { min: 0, exclusiveMin: true });
  const refs = expectedTexts(expected);
  if (refs.length === 0) throw new ConfigError("expected value is missing");
  if (variant === "rouge-l") {
    const longest = Math.max(rougeTokens(actual).length, ...refs.map((r) => rougeTokens(r).length));
    if (longest > MAX_LCS_TOKENS)
      return fail(`rouge-l compares texts of at most ${MAX_LCS_TOKENS} tokens (got ${longest})`);
  }
  const best = Math.max(...refs.map((r) => rouge(actual, r, variant, beta)));
  return thresholdResult(variant.toUpperCase(), best, threshold);
});
