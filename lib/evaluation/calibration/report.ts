import { cohensKappa, wilsonInterval, type AgreementTable } from "@/lib/evaluation/calibration/stats";
import {
  DEFAULT_CALIBRATION_THRESHOLDS,
  type CalibrationLabel,
  type CalibrationReport,
  type CalibrationThresholds,
  type ExampleReport,
  type ExampleVerdicts,
  type PublicCalibrationSummary,
  type SampleOutcome,
} from "@/lib/evaluation/calibration/types";

// Client-safe. Turns k sampled verdicts per labelled example into a calibration report
// (lib/evaluation/README.md, "Calibration": what each number means).

/** Ratios are compared with this slack, so 27/30 meets a 0.9 threshold whatever the rounding. */
const EPSILON = 1e-9;

/** Majority of the outcomes; an error counts as no_win and a tie is no_win. */
export function majorityVerdict(outcomes: readonly SampleOutcome[]): CalibrationLabel {
  const wins = outcomes.filter((o) => o === "win").length;
  return wins > outcomes.length - wins ? "win" : "no_win";
}

export function reportExample(example: ExampleVerdicts): ExampleReport {
  const outcomes = example.verdicts.map((v) => v.outcome);
  const verdict = majorityVerdict(outcomes);
  return {
    exampleId: example.exampleId,
    label: example.label,
    source: example.source,
    kind: example.kind,
    verdict,
    agrees: verdict === example.label,
    falseWin: example.label === "no_win" && outcomes.some((o) => o === "win"),
    falseLoss: example.label === "win" && outcomes.some((o) => o !== "win"),
    flipped: outcomes.some((o) => o !== outcomes[0]),
    errors: outcomes.filter((o) => o === "error").length,
    verdicts: example.verdicts,
  };
}

/** "20 %", "33.3 %": a share as a percentage with at most one decimal. */
export function formatPercent(share: number): string {
  return `${Math.round(share * 1000) / 10} %`;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function thresholdFailures(
  report: Pick<CalibrationReport, "examples" | "falseWins" | "flipRate" | "agreement">,
  thresholds: CalibrationThresholds,
): string[] {
  if (report.examples === 0) return ["no examples"];
  const failures: string[] = [];
  if (report.falseWins > thresholds.maxFalseWins)
    failures.push(
      `${plural(report.falseWins, "false win", "false wins")} (allowed ${thresholds.maxFalseWins})`,
    );
  if (report.flipRate > thresholds.maxFlipRate + EPSILON)
    failures.push(
      `flip rate ${formatPercent(report.flipRate)} (allowed ${formatPercent(thresholds.maxFlipRate)})`,
    );
  if (report.agreement < thresholds.minAgreement - EPSILON)
    failures.push(
      `agreement ${formatPercent(report.agreement)} (needed ${formatPercent(thresholds.minAgreement)})`,
    );
  return failures;
}

export function buildCalibrationReport(
  examples: readonly ExampleVerdicts[],
  thresholds: CalibrationThresholds = DEFAULT_CALIBRATION_THRESHOLDS,
): CalibrationReport {
  const perExample = examples.map(reportExample);
  const n = perExample.length;
  const count = (test: (e: ExampleReport) => boolean) => perExample.filter(test).length;
  const agreeing = count((e) => e.agrees);
  const table: AgreementTable = {
    winWin: count((e) => e.label === "win" && e.verdict === "win"),
    winNoWin: count((e) => e.label === "win" && e.verdict === "no_win"),
    noWinWin: count((e) => e.label === "no_win" && e.verdict === "win"),
    noWinNoWin: count((e) => e.label === "no_win" && e.verdict === "no_win"),
  };
  const { kappa, interval: kappaInterval } = cohensKappa(table);
  const flips = count((e) => e.flipped);
  const core = {
    examples: n,
    agreement: n === 0 ? 0 : agreeing / n,
    falseWins: count((e) => e.falseWin),
    flipRate: n === 0 ? 0 : flips / n,
  };
  const failures = thresholdFailures(core, thresholds);
  return {
    ...core,
    samplesPerExample: perExample.reduce((max, e) => Math.max(max, e.verdicts.length), 0),
    agreeing,
    agreementInterval: wilsonInterval(agreeing, n),
    kappa,
    kappaInterval,
    falseLosses: count((e) => e.falseLoss),
    flips,
    errors: perExample.reduce((sum, e) => sum + e.errors, 0),
    thresholds,
    passed: failures.length === 0,
    failures,
    perExample,
  };
}

/** One number in two reports; delta = after − before (null when either side is null). */
export interface MetricChange<T extends number | null = number> {
  before: T;
  after: T;
  delta: T;
}

/** An example whose majority verdict differs between two reports. */
export interface VerdictChange {
  exampleId: string;
  label: CalibrationLabel;
  before: CalibrationLabel;
  after: CalibrationLabel;
  /** The new verdict matches the label (a fix); false means a regression. */
  nowAgrees: boolean;
}

/** What changed between two calibrations (e.g. of two workflow versions). */
export interface CalibrationComparison {
  agreement: MetricChange;
  kappa: MetricChange<number | null>;
  falseWins: MetricChange;
  falseLosses: MetricChange;
  flipRate: MetricChange;
  passed: { before: boolean; after: boolean };
  /** Examples in both reports whose verdict changed, in the order of `after`. */
  changedExampleIds: string[];
  verdictChanges: VerdictChange[];
  /** Example ids only in `after`, and only in `before`. */
  addedExampleIds: string[];
  removedExampleIds: string[];
}

function change(before: number, after: number): MetricChange {
  return { before, after, delta: after - before };
}

export function compareReports(before: CalibrationReport, after: CalibrationReport): CalibrationComparison {
  const beforeById = new Map(before.perExample.map((e) => [e.exampleId, e]));
  const afterIds = new Set(after.perExample.map((e) => e.exampleId));
  const verdictChanges: VerdictChange[] = [];
  for (const example of after.perExample) {
    const previous = beforeById.get(example.exampleId);
    if (!previous || previous.verdict === example.verdict) continue;
    verdictChanges.push({
      exampleId: example.exampleId,
      label: example.label,
      before: previous.verdict,
      after: example.verdict,
      nowAgrees: example.agrees,
    });
  }
  const kappaDelta = before.kappa === null || after.kappa === null ? null : after.kappa - before.kappa;
  return {
    agreement: change(before.agreement, after.agreement),
    kappa: { before: before.kappa, after: after.kappa, delta: kappaDelta },
    falseWins: change(before.falseWins, after.falseWins),
    falseLosses: change(before.falseLosses, after.falseLosses),
    flipRate: change(before.flipRate, after.flipRate),
    passed: { before: before.passed, after: after.passed },
    changedExampleIds: verdictChanges.map((c) => c.exampleId),
    verdictChanges,
    addedExampleIds: after.perExample.filter((e) => !beforeById.has(e.exampleId)).map((e) => e.exampleId),
    removedExampleIds: before.perExample.filter((e) => !afterIds.has(e.exampleId)).map((e) => e.exampleId),
  };
}

/** The counts a challenge page may show; never an example, a verdict or evidence. */
export function publicSummary(
  report: CalibrationReport,
  version: number | null,
  checkedAt: string | Date,
): PublicCalibrationSummary {
  return {
    examples: report.examples,
    agreeing: report.agreeing,
    flips: report.flips,
    passed: report.passed,
    version,
    checkedAt: typeof checkedAt === "string" ? checkedAt : checkedAt.toISOString(),
  };
}

/** "Judge checked on 24 examples: 24 agree, 0 flips". */
export function summaryLine(summary: PublicCalibrationSummary): string {
  const examples = plural(summary.examples, "example", "examples");
  const agree = `${summary.agreeing} ${summary.agreeing === 1 ? "agrees" : "agree"}`;
  return `Judge checked on ${examples}: ${agree}, ${plural(summary.flips, "flip", "flips")}`;
}
