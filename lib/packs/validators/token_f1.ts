import { ConfigError, defineValidator, expectedTexts, readThreshold, thresholdResult } from "./shared";

// token_f1: SQuAD-style token F1. Both texts are lowercased, ASCII punctuation is removed, the
// articles a/an/the (whole words) are removed, and the rest is split on whitespace; the overlap
// is the multiset intersection. F1 = 2PR/(P+R); 0 when nothing overlaps; when either side has
// no tokens, 1 if both have none else 0 (SQuAD v2). The best F1 over the expected texts (a list
// gives several) is compared with `threshold` (default 0.5).

// Python's string.punctuation: the 32 ASCII punctuation characters.
const PUNCTUATION = new Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~");
const ARTICLES = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu;

/** SQuAD's answer normalisation, then whitespace tokens. */
export function squadTokens(text: string): string[] {
  const lowered = text.toLowerCase();
  let noPunct = "";
  for (const ch of lowered) if (!PUNCTUATION.has(ch)) noPunct += ch;
  return noPunct
    .replace(ARTICLES, " ")
    .split(/\s+/)
    .filter((t) => t.length > 0);
}

export function tokenF1(prediction: string, reference: string): number {
  const pred = squadTokens(prediction);
  const ref = squadTokens(reference);
  if (pred.length === 0 || ref.length === 0) return pred.length === ref.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const t of ref) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of pred) {
    const left = counts.get(t) ?? 0;
    if (left > 0) {
      common++;
      counts.set(t, left - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / pred.length;
  const recall = common / ref.length;
  return (2 * precision * recall) / (precision + recall);
}

export const tokenF1Validator = defineValidator("token_f1", ({ actual, expected, config }) => {
  const threshold = readThreshold(config, 0.5);
  const refs = expectedTexts(expected);
  if (refs.length === 0) throw new ConfigError("expected value is missing");
  const best = Math.max(...refs.map((r) => tokenF1(actual, r)));
  return thresholdResult("token F1", best, threshold);
});
