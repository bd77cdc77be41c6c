// A run's summary from its finished cases: per model the scorecard aggregate (pass rate, mean
// overall, each dimension), cost, tokens and latency; security text tests and their findings;
// cases that need a sandbox provider; n_wise judges ranked across models. Pure.
import { aggregateRun, type CaseScore, type RunAggregate } from "@/lib/packs/run/scorecard";
import type { JudgeResult } from "@/lib/packs/run/judges";
import type { SecurityScan } from "@/lib/packs/run/security";

/** A case's keys and what was measured of it: the stored columns the summary reads. */
export interface SummaryCaseColumns {
  modelRef: string;
  kind: string;
  inputSetKey: string;
  caseKey: string;
  status: string;
  latencyMs: number | null;
  tokens: number | null;
  costUsd: number | null;
}

export interface SummaryCase extends SummaryCaseColumns {
  score: CaseScore | null;
  judges: JudgeResult[];
  security: SecurityScan | null;
}

export interface ModelSummary {
  model: string;
  cases: number;
  passed: number;
  failed: number;
  errors: number;
  needsSandbox: number;
  cancelled: number;
  pending: number;
  scorecard: RunAggregate;
  costUsd: number;
  tokens: number;
  meanLatencyMs: number | null;
  security: { tests: number; passed: number; findings: number };
}

export interface RunSummary {
  models: ModelSummary[];
  /** n_wise judge key → models ranked by mean score (1 = best; ties share a rank). */
  nWise: Record<string, { model: string; meanScore: number | null; rank: number | null }[]>;
}

const mean = (values: number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;

export function summarizeRun(models: string[], cases: SummaryCase[]): RunSummary {
  const perModel = models.map((model): ModelSummary => {
    const mine = cases.filter((c) => c.modelRef === model);
    const regular = mine.filter((c) => c.kind === "case");
    const scored = regular.filter(
      (c) => c.score !== null && (c.status === "passed" || c.status === "failed" || c.status === "error"),
    );
    const count = (status: string) => mine.filter((c) => c.status === status).length;
    const securityTests = mine.filter(
      (c) => c.kind === "security" && c.status !== "pending" && c.status !== "cancelled",
    );
    const scorecard = aggregateRun(scored.map((c) => c.score as CaseScore));
    return {
      model,
      cases: mine.length,
      passed: count("passed"),
      failed: count("failed"),
      errors: count("error"),
      needsSandbox: count("needs_sandbox"),
      cancelled: count("cancelled"),
      pending: count("pending"),
      // A case that failed only its security scan still counts as failed in the pass rate.
      scorecard: { ...scorecard, passed: regular.filter((c) => c.status === "passed").length },
      costUsd: mine.reduce((sum, c) => sum + (c.costUsd ?? 0), 0),
      tokens: mine.reduce((sum, c) => sum + (c.tokens ?? 0), 0),
      meanLatencyMs: mean(
        mine.map((c) => c.latencyMs).filter((v): v is number => v !== null && Number.isFinite(v)),
      ),
      security: {
        tests: securityTests.length,
        passed: securityTests.filter((c) => c.status === "passed").length,
        findings: mine.reduce((sum, c) => sum + (c.security?.findings.length ?? 0), 0),
      },
    };
  });
  for (const summary of perModel) {
    const { scorecard } = summary;
    scorecard.passRate = scorecard.cases === 0 ? null : scorecard.passed / scorecard.cases;
  }
  return { models: perModel, nWise: rankNWise(models, cases) };
}

function rankNWise(models: string[], cases: SummaryCase[]): RunSummary["nWise"] {
  const keys = new Set<string>();
  for (const c of cases) for (const j of c.judges) if (j.mode === "n_wise") keys.add(j.key);
  const out: RunSummary["nWise"] = {};
  for (const key of keys) {
    const rows = models.map((model) => {
      const scores = cases
        .filter((c) => c.modelRef === model)
        .flatMap((c) => c.judges.filter((j) => j.key === key).map((j) => j.score))
        .filter((s): s is number => s !== null);
      return { model, meanScore: mean(scores) };
    });
    const ranked = rows
      .filter((r) => r.meanScore !== null)
      .map((r) => r.meanScore as number)
      .sort((a, b) => b - a);
    out[key] = rows.map((r) => ({
      ...r,
      rank: r.meanScore === null ? null : ranked.indexOf(r.meanScore) + 1,
    }));
  }
  return out;
}
