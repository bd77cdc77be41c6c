// The LLM judges of one case (docs/packs.md §3, §4). Pure: the runner hands in `callJudge`.
// Gauntlet's choices: lib/packs/README.md, 'Run judges'.
import type { EvaluationSpec, LlmJudgeDeclaration } from "@/lib/packs/evaluation-spec";
import { evidenceText, resolveEvidence, type CaseContext } from "@/lib/packs/run/evidence";
import { DEFAULT_SCORE_SCALE, judgeScale } from "@/lib/packs/run/scorecard";

export const JUDGE_RATING_SCALE = 10;

export interface JudgeCallRequest {
  mode: string;
  /** What the judge is asked (rubric, assertion or prompt, with context). */
  goal: string;
  /** The text judged (untrusted). */
  response: string;
  timeoutMs?: number;
}

export interface JudgeCallResult {
  /** 0..JUDGE_RATING_SCALE, or null when the call failed. */
  rating: number | null;
  passed: boolean | null;
  tokens: number;
  costUsd: number;
  feedback?: string;
  error?: string;
  /** The model that actually answered (e.g. the offline judge standing in for gpt-4o). */
  resolvedModel?: string;
}

export type CallJudge = (model: string, request: JudgeCallRequest) => Promise<JudgeCallResult>;

export interface JudgeModelResult {
  model: string;
  resolvedModel?: string;
  ratings: (number | null)[];
  /** Mean of the samples' scores on score_scale; null when no sample gave a rating. */
  score: number | null;
  passed: boolean | null;
  errors?: string[];
}

export interface JudgeResult {
  key: string;
  mode: string;
  /** On the judge's score_scale; null when it gave none. */
  score: number | null;
  passed: boolean | null;
  models: JudgeModelResult[];
  /** Share of models agreeing with the consensus verdict (several models only). */
  agreement?: number;
  flagged?: boolean;
  note?: string;
  /** What this judge's calls on this case spent (the run's judge totals add these up). */
  usage: { tokens: number; costUsd: number };
}

export interface JudgeBudget {
  usd: number;
  tokens: number;
}

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The question a judge asks, with its context evidence. */
export function judgeGoal(
  judge: LlmJudgeDeclaration,
  ctx: CaseContext,
): { goal: string } | { error: string } {
  const mode = text(judge.mode);
  let goal =
    mode === "assertion"
      ? text(judge.assertion)
      : mode === "n_wise"
        ? text(judge.prompt)
        : text(judge.rubric);
  if (mode === "reference") {
    const reference = resolveEvidence(text(judge.reference_from), ctx);
    if (!reference.ok) return { error: reference.reason };
    goal += `\n\nReference answer:\n${evidenceText(reference.value)}`;
  }
  for (const ref of judge.context_from ?? []) {
    const found = resolveEvidence(ref, ctx);
    if (found.ok) goal += `\n\nContext (${ref.trim()}):\n${evidenceText(found.value)}`;
  }
  for (const clause of judge.anti_gaming_clauses ?? []) goal += `\n${clause}`;
  return { goal };
}

const toScale = (rating: number, scale: { min: number; max: number }) =>
  scale.min + (rating / JUDGE_RATING_SCALE) * (scale.max - scale.min);

function combineModels(
  judge: LlmJudgeDeclaration,
  models: JudgeModelResult[],
): Pick<JudgeResult, "score" | "passed" | "agreement" | "flagged"> {
  const scored = models.filter((m) => m.score !== null);
  const verdicts = models.map((m) => m.passed).filter((v): v is boolean => v !== null);
  if (models.length === 1) return { score: models[0]?.score ?? null, passed: models[0]?.passed ?? null };
  const consensus = judge.consensus ?? {};
  const aggregation = text(consensus.aggregation) || "median";
  const yes = verdicts.filter(Boolean).length;
  let score: number | null = null;
  let passed: boolean | null = null;
  if (aggregation === "mean" && scored.length > 0) score = mean(scored.map((m) => m.score ?? 0));
  else if (aggregation === "median" && scored.length > 0) score = median(scored.map((m) => m.score ?? 0));
  if (verdicts.length > 0) {
    if (aggregation === "unanimous") passed = yes === verdicts.length;
    else passed = yes * 2 > verdicts.length;
  }
  if (score === null && passed !== null) {
    const scale = judgeScale(judge);
    score = passed ? scale.max : scale.min;
  }
  const majority = yes * 2 >= verdicts.length;
  const agreement =
    verdicts.length === 0 ? 0 : verdicts.filter((v) => v === (passed ?? majority)).length / verdicts.length;
  const threshold = finite(consensus.min_agreement_threshold) ? consensus.min_agreement_threshold : 1;
  const flagged = consensus.flag_on_disagreement === true && agreement < threshold;
  return { score, passed, agreement, flagged };
}

/** Runs one judge on one case. */
export async function runJudge(
  judge: LlmJudgeDeclaration,
  spec: EvaluationSpec,
  ctx: CaseContext,
  callJudge: CallJudge,
  budget: JudgeBudget,
): Promise<JudgeResult> {
  const key = text(judge.key);
  const mode = text(judge.mode);
  const scale = judge.score_scale === undefined ? { ...DEFAULT_SCORE_SCALE } : judgeScale(judge);
  const goal = judgeGoal(judge, ctx);
  const names = judge.models && judge.models.length > 0 ? judge.models.map(text) : [text(judge.model)];
  const spent = { tokens: 0, costUsd: 0 };
  const empty = (note: string): JudgeResult => ({
    key,
    mode,
    score: null,
    passed: null,
    models: [],
    note,
    usage: spent,
  });
  if ("error" in goal) return empty(goal.error);
  const limits = spec.scorecard?.judge_limits ?? {};
  const cap =
    finite(limits.max_samples_per_judge) && limits.max_samples_per_judge > 0
      ? limits.max_samples_per_judge
      : 10;
  const samples = Math.max(1, Math.min(cap, finite(judge.samples) && judge.samples > 0 ? judge.samples : 1));
  const overBudget = () =>
    (finite(limits.max_calls_usd) && limits.max_calls_usd > 0 && budget.usd >= limits.max_calls_usd) ||
    (finite(limits.max_tokens) && limits.max_tokens > 0 && budget.tokens >= limits.max_tokens);
  let budgetHit = false;
  const expect = judge.expect !== false;
  const models = await Promise.all(
    names.map(async (model): Promise<JudgeModelResult> => {
      const ratings: (number | null)[] = [];
      const verdicts: boolean[] = [];
      const errors: string[] = [];
      let resolvedModel: string | undefined;
      for (let i = 0; i < samples; i++) {
        if (overBudget()) {
          budgetHit = true;
          break;
        }
        const answer = await callJudge(model, {
          mode,
          goal: goal.goal,
          response: ctx.finalOutput,
          ...(finite(judge.timeout_ms) ? { timeoutMs: judge.timeout_ms } : {}),
        });
        budget.usd += answer.costUsd;
        budget.tokens += answer.tokens;
        spent.costUsd += answer.costUsd;
        spent.tokens += answer.tokens;
        resolvedModel ??= answer.resolvedModel;
        ratings.push(answer.rating);
        if (answer.error) errors.push(answer.error);
        if (answer.passed !== null)
          verdicts.push(mode === "assertion" ? answer.passed === expect : answer.passed);
      }
      const rated = ratings.filter(finite);
      const yes = verdicts.filter(Boolean).length;
      const passed = verdicts.length === 0 ? null : yes * 2 > verdicts.length;
      let score = rated.length === 0 ? null : toScale(mean(rated), scale);
      if (mode === "assertion" && passed !== null) score = passed ? scale.max : scale.min;
      return {
        model,
        ...(resolvedModel && resolvedModel !== model ? { resolvedModel } : {}),
        ratings,
        score,
        passed,
        ...(errors.length > 0 ? { errors } : {}),
      };
    }),
  );
  const combined = combineModels(judge, models);
  const note = budgetHit ? "judge_limits reached: some judge calls were not made" : undefined;
  return { key, mode, ...combined, models, ...(note ? { note } : {}), usage: spent };
}

/** Runs every judge of the spec on one case, in declaration order. */
export async function runJudges(
  spec: EvaluationSpec,
  ctx: CaseContext,
  callJudge: CallJudge,
  budget: JudgeBudget,
): Promise<JudgeResult[]> {
  const results: JudgeResult[] = [];
  for (const judge of spec.llm_judges ?? [])
    results.push(await runJudge(judge, spec, ctx, callJudge, budget));
  return results;
}
