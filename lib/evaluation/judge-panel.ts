import "server-only";
import {
  aggregateModel,
  combineJudges,
  median,
  type JudgeAggregation,
  type JudgeSample,
} from "@/lib/evaluation/consensus";
import { JUDGE_ERROR_FEEDBACK, judgeResponse, type JudgeResponseInput } from "@/lib/evaluation/judge";
import type { EvaluationResult } from "@/lib/evaluation/types";

// Consensus judging of a challenge answer: every (model, sample) call of judgeResponse in
// parallel, combined by consensus.ts (lib/evaluation/README.md, 'Consensus').

export const JUDGE_CONTESTED_FEEDBACK = "The judges disagreed; this verdict goes to review.";

export interface JudgePanelOptions {
  /** Judged besides input.modelRef (always the first); duplicates are dropped. */
  models?: readonly string[];
  /** Calls per model (default 1). */
  samples?: number;
  aggregation?: JudgeAggregation;
  /** 0..1 (default 0: never contested). */
  minAgreement?: number;
}

type Judge = NonNullable<EvaluationResult["judge"]>;

const sampleOf = (r: EvaluationResult): JudgeSample =>
  r.outcome === "error"
    ? { rating: null, passed: null, error: r.errorKind ?? "judge_error" }
    : { rating: r.rating, passed: r.outcome === "pass" };

function totals(refs: readonly string[], results: readonly EvaluationResult[]): Judge | undefined {
  const judges = results.flatMap((r) => (r.judge ? [r.judge] : []));
  const first = judges[0];
  if (!first) return undefined;
  return {
    model: refs.join(", "),
    promptHash: first.promptHash,
    inputTokens: judges.reduce((n, j) => n + j.inputTokens, 0),
    outputTokens: judges.reduce((n, j) => n + j.outputTokens, 0),
    // The calls run in parallel: the panel takes as long as its slowest call.
    latencyMs: Math.max(...judges.map((j) => j.latencyMs)),
    attempts: judges.reduce((n, j) => n + j.attempts, 0),
  };
}

/**
 * Judges with several models and samples. With one model and one sample it is exactly
 * judgeResponse. No verdict at all is a judge_error; agreement under minAgreement is an error
 * with errorKind judge_contested (never a pass, not counted against the player).
 */
export async function judgeWithPanel(
  input: JudgeResponseInput,
  panel: JudgePanelOptions = {},
): Promise<EvaluationResult> {
  const refs = [...new Set([input.modelRef, ...(panel.models ?? [])])];
  const samples = panel.samples ?? 1;
  if (refs.length === 1 && samples <= 1) return judgeResponse(input);

  const byModel = await Promise.all(
    refs.map((modelRef) =>
      Promise.all(Array.from({ length: samples }, () => judgeResponse({ ...input, modelRef }))),
    ),
  );
  const aggregation = panel.aggregation ?? "median";
  const minAgreement = panel.minAgreement ?? 0;
  const models = byModel.map((results) => aggregateModel(results.map(sampleOf)));
  const consensus = combineJudges(models, { aggregation, minAgreement });
  const all = byModel.flat();
  const first = all[0]?.raw ?? {};
  const raw = {
    ratingScale: first.ratingScale,
    passThreshold: first.passThreshold,
    consensus: { aggregation, minAgreement, samples, ...consensus },
    // Each sample's verdict and feedback, already masked by judgeResponse.
    models: refs.map((model, i) => ({
      model,
      rating: models[i]?.rating ?? null,
      passed: models[i]?.passed ?? null,
      samples: (byModel[i] ?? []).map((r) => ({
        outcome: r.outcome,
        rating: r.rating,
        feedback: r.feedback,
        ...(r.errorKind ? { errorKind: r.errorKind } : {}),
      })),
    })),
  };
  const judge = totals(refs, all);
  const base = { evaluator: "llm-judge" as const, raw, ...(judge ? { judge } : {}) };

  if (consensus.passed === null) {
    const failed = all.find((r) => r.outcome === "error");
    return {
      ...base,
      outcome: "error",
      errorKind: "judge_error",
      rating: null,
      feedback: failed?.feedback ?? JUDGE_ERROR_FEEDBACK,
    };
  }
  if (consensus.contested) {
    return {
      ...base,
      outcome: "error",
      errorKind: "judge_contested",
      rating: null,
      feedback: JUDGE_CONTESTED_FEEDBACK,
    };
  }
  const voted = models.flatMap((m) => (m.rating === null ? [] : [m.rating]));
  const rating = consensus.rating ?? (voted.length > 0 ? median(voted) : null);
  const agreeing = all.find((r) => r.outcome === (consensus.passed ? "pass" : "fail"));
  return {
    ...base,
    outcome: consensus.passed ? "pass" : "fail",
    // Stored ratings are whole numbers.
    rating: rating === null ? null : Math.round(rating),
    feedback: agreeing?.feedback ?? null,
  };
}
