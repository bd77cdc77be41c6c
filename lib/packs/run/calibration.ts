// Judge calibration of a pack version (docs/calibration.md, "Calibrating a pack's judges"): a
// labelled output judged by one of the pack's LLM judges exactly as a run judges a case's answer
// (the case's prompt and context, runJudge with the judge's own samples and consensus). Pure:
// the runner hands in `callJudge`.
import type { SampleVerdict } from "@/lib/evaluation/calibration/types";
import type { EvaluationSpec, LlmJudgeDeclaration } from "@/lib/packs/evaluation-spec";
import { buildPrompt, caseContextOf } from "@/lib/packs/run/evidence";
import { runJudge, type CallJudge, type JudgeResult } from "@/lib/packs/run/judges";
import { findCase } from "@/lib/packs/run/plan";
import type { Bundle } from "@/lib/packs/types";

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
const EVIDENCE_CHARS = 500;

/** The keys of the spec's LLM judges, in declaration order. */
export function judgeKeys(spec: EvaluationSpec): string[] {
  return (spec.llm_judges ?? []).map((j) => text(j.key)).filter((k) => k !== "");
}

/** Every case of the bundle a labelled output may name: its input set, key and challenge. */
export function calibrationCases(
  bundle: Bundle,
): { inputSet: string; caseKey: string; challengeKey: string }[] {
  return bundle.input_sets.flatMap((set) =>
    set.cases.map((c) => ({ inputSet: set.key, caseKey: c.case_key, challengeKey: c.challenge_key })),
  );
}

export interface OutputTarget {
  inputSetKey: string;
  caseKey: string;
  judgeKey: string;
}

/** What one judging says of the output: pass ≙ win; no verdict (a failed call, a missing reference) is an error. */
export function sampleOf(result: JudgeResult): SampleVerdict {
  const errors = result.models.flatMap((m) => m.errors ?? []);
  const said = [result.note, ...errors].filter((s): s is string => typeof s === "string" && s !== "");
  const evidence = said.length > 0 ? said.join("; ").slice(0, EVIDENCE_CHARS) : null;
  if (result.passed === null)
    return { outcome: "error", rating: null, evidence: evidence ?? "the judge gave no verdict" };
  return { outcome: result.passed ? "win" : "no_win", rating: result.score, evidence };
}

/**
 * Judges `output` as the answer to the target case with the target judge, once (the judge's own
 * `samples` and `consensus` apply). Each judging gets a budget of its own: a run's judge_limits
 * never leave a calibration sample unjudged.
 */
export async function judgeLabelledOutput(
  bundle: Bundle,
  spec: EvaluationSpec,
  target: OutputTarget,
  output: string,
  callJudge: CallJudge,
): Promise<SampleVerdict> {
  const caseDef = findCase(bundle, target.inputSetKey, target.caseKey);
  if (!caseDef) return { outcome: "error", rating: null, evidence: "the case is not in this pack version" };
  const judge: LlmJudgeDeclaration | undefined = (spec.llm_judges ?? []).find(
    (j) => text(j.key) === target.judgeKey,
  );
  if (!judge) return { outcome: "error", rating: null, evidence: "the judge is not in this pack version" };
  const challenge = bundle.challenges.find((c) => c.key === caseDef.challenge_key) ?? {};
  const prompt = buildPrompt(challenge, caseDef);
  const ctx = caseContextOf(caseDef, output, prompt.user);
  const result = await runJudge(judge, spec, ctx, callJudge, { usd: 0, tokens: 0 });
  return sampleOf(result);
}
