import "server-only";
import { env } from "@/lib/env";

// Size limits on text entering evaluation (hostile-tenant limits): whatever a model answered, rules, the
// LLM judge and plugins see at most EVALUATION_MAX_INPUT_CHARS characters of it, so the cost of
// any check is bounded by its own configuration times this cap, never by the model.

/** Longest text any evaluator is given (characters). */
export function evaluationInputCap(): number {
  return env.EVALUATION_MAX_INPUT_CHARS;
}

/** The text an evaluator sees: the first EVALUATION_MAX_INPUT_CHARS characters. */
export function clipForEvaluation(text: string): string {
  const cap = evaluationInputCap();
  if (text.length <= cap) return text;
  // Do not split a surrogate pair at the cut.
  const end = /[\uD800-\uDBFF]/.test(text.charAt(cap - 1)) ? cap - 1 : cap;
  return text.slice(0, end);
}

/** Longest model answer an LLM node keeps: LLM_MAX_OUTPUT_CHARS, and at most 16 per token. */
export function modelOutputCharCap(maxOutputTokens: number): number {
  return Math.max(256, Math.min(env.LLM_MAX_OUTPUT_CHARS, Math.max(1, maxOutputTokens) * 16));
}
