// "Did you mean …?" for a word a pack does not know (an unknown key, an unsupported type): the
// allowed word a known alias stands for, else the one allowed word it is the head or tail of
// (`bleu` → `bleu_score`), else the closest allowed word by edit distance (at most 2, at most 1
// for words of three letters or fewer), else nothing. Pure and bounded: words longer
// than 64 characters are not compared.

/** Words creators write for another key of the format (the alias wins only where it is allowed). */
const ALIASES: Record<string, readonly string[]> = {
  judges: ["llm_judges"],
  judge: ["llm_judges", "judge_key"],
  llm_judge: ["llm_judges"],
  validator: ["validators"],
  checks: ["validators", "post_execution_checks"],
  assertions: ["validators"],
  dimensions: ["scorecard"],
  scoring: ["scorecard"],
  limits: ["runtime_limits", "judge_limits"],
  timeout: ["timeout_ms"],
  threshold: ["pass_threshold"],
  expected: ["expected_from"],
  expect_from: ["expected_from"],
  reference: ["reference_from"],
  metric: ["metrics"],
  signals: ["behavioral"],
  scale: ["score_scale"],
  items: ["cases"],
  tests: ["cases"],
  max_tokens: ["max_total_tokens"],
  equals: ["exact_match"],
  includes: ["contains"],
  regex: ["regex_match"],
  f1: ["token_f1"],
};

const MAX_WORD = 64;

/** Optimal string alignment distance (a swap of two neighbours counts once), capped at `max + 1`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (prev2[j - 2] ?? 0) + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return Math.min(prev[b.length] ?? max + 1, max + 1);
}

/** The allowed word `word` most likely stands for, or undefined. */
export function suggestWord(word: string, allowed: readonly string[]): string | undefined {
  const w = word.trim().toLowerCase();
  if (w === "" || w.length > MAX_WORD) return undefined;
  const aliases = Object.hasOwn(ALIASES, w) ? ALIASES[w] : undefined;
  for (const target of aliases ?? []) if (allowed.includes(target)) return target;
  // The one allowed word this word is the head or tail of (`bleu` → `bleu_score`).
  const parts = allowed.filter((a) => a.startsWith(`${w}_`) || a.endsWith(`_${w}`));
  if (w.length >= 4 && parts.length === 1) return parts[0];
  const max = w.length <= 3 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = max + 1;
  for (const candidate of allowed) {
    if (candidate === word || candidate.length > MAX_WORD) continue;
    const d = editDistance(w, candidate.toLowerCase(), max);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** `did you mean "x"?` or, without a near word, the allowed words after `otherwise`. */
export function suggestionHint(
  word: string,
  allowed: readonly string[],
  otherwise = "expected one of",
): string {
  const near = suggestWord(word, allowed);
  return near !== undefined ? `did you mean ${JSON.stringify(near)}?` : `${otherwise} ${allowed.join(", ")}`;
}

/** `unknown field "x"; did you mean "y"?` or `…; the fields allowed here are a, b, c`. */
export function unknownFieldMessage(key: string, allowed: readonly string[]): string {
  return `unknown field ${JSON.stringify(key)}; ${suggestionHint(key, allowed, "the fields allowed here are")}`;
}
