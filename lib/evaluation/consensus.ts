// Consensus of several judge samples and models (lib/evaluation/README.md, 'Consensus'). Pure and
// client-safe: challenge judges (judge-panel.ts) and pack judges (lib/packs/run/judges.ts) share it.

export const JUDGE_AGGREGATIONS = ["median", "mean", "majority", "unanimous"] as const;
export type JudgeAggregation = (typeof JUDGE_AGGREGATIONS)[number];

/** One judge call: a rating on the judge's scale and a verdict, both null when it failed. */
export interface JudgeSample {
  rating: number | null;
  passed: boolean | null;
  error?: string;
}

/** One model's samples and their aggregate: mean rating, majority verdict (a tie is not a pass). */
export interface ModelVerdict {
  rating: number | null;
  passed: boolean | null;
  samples: readonly JudgeSample[];
}

export interface JudgeConsensus {
  /** median or mean of the voters' ratings; null for majority/unanimous or when none rated. */
  rating: number | null;
  /** null when no voter gave a verdict. */
  passed: boolean | null;
  /** Share of the voters with a verdict agreeing with `passed` (0 when there is none). */
  agreement: number;
  contested: boolean;
}

export const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** A sample with an error gives neither rating nor verdict: it never counts as a pass. */
const usable = (s: JudgeSample) => !s.error;

export function aggregateModel(samples: readonly JudgeSample[]): ModelVerdict {
  const ok = samples.filter(usable);
  const rated = ok.map((s) => s.rating).filter(finite);
  const verdicts = ok.map((s) => s.passed).filter((v): v is boolean => v !== null);
  const yes = verdicts.filter(Boolean).length;
  return {
    rating: rated.length === 0 ? null : mean(rated),
    passed: verdicts.length === 0 ? null : yes * 2 > verdicts.length,
    samples,
  };
}

/**
 * Combines the models' verdicts. The voters are the models, or the samples when there is one
 * model with several samples. median/mean combine the ratings and pass by majority; majority and
 * unanimous only vote (rating null). contested: agreement < minAgreement.
 */
export function combineJudges(
  models: readonly ModelVerdict[],
  options: { aggregation: JudgeAggregation; minAgreement: number },
): JudgeConsensus {
  const only = models.length === 1 ? models[0] : undefined;
  const voters: readonly { rating: number | null; passed: boolean | null }[] =
    only && only.samples.length > 1 ? only.samples.filter(usable) : models;
  const ratings = voters.map((v) => v.rating).filter(finite);
  const verdicts = voters.map((v) => v.passed).filter((v): v is boolean => v !== null);
  const yes = verdicts.filter(Boolean).length;
  const { aggregation } = options;
  let rating: number | null = null;
  if (ratings.length > 0 && aggregation === "median") rating = median(ratings);
  else if (ratings.length > 0 && aggregation === "mean") rating = mean(ratings);
  let passed: boolean | null = null;
  if (verdicts.length > 0)
    passed = aggregation === "unanimous" ? yes === verdicts.length : yes * 2 > verdicts.length;
  const agreement = verdicts.length === 0 ? 0 : verdicts.filter((v) => v === passed).length / verdicts.length;
  return { rating, passed, agreement, contested: agreement < options.minAgreement };
}
