// Winning attacks → the prompts of a regression input set: newest first, each distinct text once
// (surrounding whitespace ignored), at most MAX_REGRESSION_CASES. Pure.
import type { WinningAttempt } from "./types";

export const MAX_REGRESSION_CASES = 200;

/** The distinct winning prompts, newest first, capped. */
export function regressionPrompts(attempts: WinningAttempt[], max = MAX_REGRESSION_CASES): string[] {
  const newestFirst = [...attempts].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const seen = new Set<string>();
  const prompts: string[] = [];
  for (const attempt of newestFirst) {
    const prompt = attempt.prompt?.trim() ?? "";
    if (prompt === "" || seen.has(prompt)) continue;
    seen.add(prompt);
    prompts.push(prompt);
    if (prompts.length >= max) break;
  }
  return prompts;
}
