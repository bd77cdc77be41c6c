// The LLM judges of one case (docs/packs.md §3, §4). Pure: the runner hands in `callJudge`.
// Gauntlet's choices: lib/packs/README.md, 'Run judges'.
import type { EvaluationSpec, LlmJudgeDeclaration } from "@/lib/packs/evaluation-spec";
import { evidenceText, resolveEvidence, type CaseContext } from "@/lib/packs/run/evidence";
import { DEFAULT_SCORE_SCALE, judgeScale } from "@/lib/packs/run/scorecard";
import {
  aggregateModel,
  combineJudges,
  type JudgeAggregation,
  type JudgeSample,
} from "@/lib/evaluation/consensus";

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

/** The pack's consensus.aggregation as the shared one; majority_vote (or an unknown name) votes. */
function aggregationOf(name: string): JudgeAggregation {
  if (name === "median" || name === "mean" || name === "unanimous") return name;
  return "majority";
}

function combineModels(
  judge: LlmJudgeDeclaration,
  models: JudgeModelResult[],
  samples: JudgeSample[][],
): Pick<JudgeResult, "score" | "passed" | "agreement" | "flagged"> {
  if (models.length === 1) return { score: models[0]?.score ?? null, passed: models[0]?.passed ?? null };
  const consensus = judge.consensus ?? {};
  const threshold = finite(consensus.min_agreement_threshold) ? consensus.min_agreement_threshold : 1;
  const combined = combineJudges(
    models.map((m, i) => ({ rating: m.score, passed: m.passed, samples: samples[i] ?? [] })),
    { aggregation: aggregationOf(text(consensus.aggregation) || "median"), minAgreement: threshold },
  );
  let score = combined.rating;
  if (score === null && combined.passed !== null) {
    const scale = judgeScale(judge);
    score = combined.passed ? scale.max : scale.min;
  }
  const flagged = consensus.flag_on_disagreement === true && combined.contested;
  return { score, passed: combined.passed, agreement: combined.agreement, flagged };
}

/**
 * Calls `run(i)` for samples 0..count-1, at most `concurrency` at a time, checking `stop()` before
 * launching each; calls already in flight may overshoot a budget by at most `concurrency - 1`.
 */
async function runSamples<T>(
  count: number,
  concurrency: number,
  stop: () => boolean,
  run: (i: number) => Promise<T>,
): Promise<{ results: T[]; stopped: boolean }> {
  const results: (T | undefined)[] = [];
  let next = 0;
  let stopped = false;
  const worker = async () => {
    while (next < count && !stopped) {
      if (stop()) {
        stopped = true;
        return;
      }
      const i = next++;
      results[i] = await run(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return { results: results.filter((r): r is T => r !== undefined), stopped };
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
  const limited =
    (finite(limits.max_calls_usd) && limits.max_calls_usd > 0) ||
    (finite(limits.max_tokens) && limits.max_tokens > 0);
  // A model's samples run in parallel; under a spend limit one at a time, so the limit is exact.
  const concurrency = limited ? 1 : samples;
  let budgetHit = false;
  const expect = judge.expect !== false;
  const sampled: JudgeSample[][] = [];
  const models = await Promise.all(
    names.map(async (model, m): Promise<JudgeModelResult> => {
      const { results: answers, stopped } = await runSamples(samples, concurrency, overBudget, async () => {
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
        return answer;
      });
      if (stopped) budgetHit = true;
      const resolvedModel = answers.find((a) => a.resolvedModel)?.resolvedModel;
      const errors = answers.flatMap((a) => (a.error ? [a.error] : []));
      const own = answers.map((a): JudgeSample => ({
        rating: a.rating,
        passed: a.passed === null ? null : mode === "assertion" ? a.passed === expect : a.passed,
        ...(a.error ? { error: a.error } : {}),
      }));
      sampled[m] = own;
      const { rating, passed } = aggregateModel(own);
      let score = rating === null ? null : toScale(rating, scale);
      if (mode === "assertion" && passed !== null) score = passed ? scale.max : scale.min;
      return {
        model,
        ...(resolvedModel && resolvedModel !== model ? { resolvedModel } : {}),
        ratings: answers.map((a) => a.rating),
        score,
        passed,
        ...(errors.length > 0 ? { errors } : {}),
      };
    }),
  );
  const combined = combineModels(judge, models, sampled);
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
