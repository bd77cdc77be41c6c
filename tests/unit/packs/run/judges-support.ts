// Shared setup of the pack-judge tests: a case context with text, JSON and artifact evidence, and
// `judged`, which runs one judge of a checked spec on scripted model answers.
import type { EvaluationSpec, LlmJudgeDeclaration } from "@/lib/packs/evaluation-spec";
import { caseContextOf } from "@/lib/packs/run/evidence";
import { runJudge, type JudgeBudget } from "@/lib/packs/run/judges";
import { checkedSpec, scriptedJudge } from "./run-fixture";

export const ctx = caseContextOf(
  {
    payload: { topic: "geography", facts: { river: "Seine" } },
    inputs: [
      { key: "question", kind: "text", value: "Capital of France?" },
      { key: "scan", kind: "file", artifact_key: "scan-asset" },
    ],
    expectations: [
      { key: "answer", kind: "text", value: "Paris" },
      { key: "details", kind: "json", value: { city: "Paris", country: "France" } },
      { key: "golden", kind: "text", source: "artifact:golden" },
    ],
  },
  "The capital is Paris.",
  "Capital of France?",
);

export const PARIS = { key: "has", type: "contains", target: "final_output", expected_from: "literal:Paris" };
export const budget = (): JudgeBudget => ({ usd: 0, tokens: 0 });

/** A spec holding this judge (and these judge_limits), checked by the pack validator. */
function specWith(judge: LlmJudgeDeclaration, limits?: Record<string, number>): EvaluationSpec {
  return checkedSpec({
    name: "s",
    version_number: 1,
    judge_mode: "hybrid",
    validators: [PARIS],
    llm_judges: [judge],
    scorecard: {
      dimensions: ["correctness"],
      ...(limits ? { judge_limits: limits } : {}),
    },
  });
}

/** Runs one judge of a checked spec. */
export async function judged(
  judge: LlmJudgeDeclaration,
  script: Parameters<typeof scriptedJudge>[0],
  opts: { limits?: Record<string, number>; budget?: JudgeBudget } = {},
) {
  const spec = specWith(judge, opts.limits);
  const judgeCaller = scriptedJudge(script);
  const spent = opts.budget ?? budget();
  const result = await runJudge(judge, spec, ctx, judgeCaller.call, spent);
  return { result, calls: judgeCaller.calls, spent };
}

export const rubric = (extra: LlmJudgeDeclaration = {}): LlmJudgeDeclaration => ({
  key: "quality",
  mode: "rubric",
  model: "gpt-4o",
  rubric: "Is the answer correct?",
  ...extra,
});
