// Judge calibration: labelled example answers run through a challenge's whole evaluation k times
// each, compared with their labels. Client-safe types shared by the pure core (this folder), the
// service (lib/services/calibration) and the contracts.

/** What the creator says an example answer should get. */
export type CalibrationLabel = "win" | "no_win";

/** Where an example comes from: written by the creator, generated from the secret, or a past attempt. */
export type ExampleSource = "creator" | "generated" | "attempt";

/** One sampled verdict of the evaluation on an example; an error never counts as a win. */
export type SampleOutcome = "win" | "no_win" | "error";

export interface SampleVerdict {
  outcome: SampleOutcome;
  /** The judge's or plugin's rating; null for rules. */
  rating: number | null;
  /** What the evaluation said (its feedback, masked against the secret); null when it said nothing. */
  evidence: string | null;
}

/** An example and its k verdicts, as the report reads them. */
export interface ExampleVerdicts {
  exampleId: string;
  label: CalibrationLabel;
  source: ExampleSource;
  /** A generated example's recipe (e.g. "leak.reversed", "injection.fake_json"); null otherwise. */
  kind: string | null;
  verdicts: SampleVerdict[];
}

/** When a calibration passes the publish gate. */
export interface CalibrationThresholds {
  /** Examples labelled no_win that won in any sample (default 0). */
  maxFalseWins: number;
  /** Share of examples whose samples disagree, 0..1 (default 0.10). */
  maxFlipRate: number;
  /** Share of examples whose majority verdict matches the label, 0..1 (default 0.90). */
  minAgreement: number;
}

export const DEFAULT_CALIBRATION_THRESHOLDS: CalibrationThresholds = {
  maxFalseWins: 0,
  maxFlipRate: 0.1,
  minAgreement: 0.9,
};

/** Samples per example unless the creator sets k. */
export const DEFAULT_CALIBRATION_SAMPLES = 3;

/** A 95 % interval; null bounds when it cannot be computed (no examples, a degenerate table). */
export interface Interval {
  low: number | null;
  high: number | null;
}

export interface ExampleReport {
  exampleId: string;
  label: CalibrationLabel;
  source: ExampleSource;
  kind: string | null;
  /** The majority of the k verdicts (a tie, or a majority of errors, is no_win). */
  verdict: "win" | "no_win";
  agrees: boolean;
  falseWin: boolean;
  falseLoss: boolean;
  /** The k verdicts differ. */
  flipped: boolean;
  errors: number;
  verdicts: SampleVerdict[];
}

export interface CalibrationReport {
  examples: number;
  samplesPerExample: number;
  /** Examples whose majority verdict matches the label. */
  agreeing: number;
  /** agreeing / examples (0 without examples), with its Wilson 95 % interval. */
  agreement: number;
  agreementInterval: Interval;
  /** Cohen's kappa of label vs majority verdict over the examples, with a 95 % interval. */
  kappa: number | null;
  kappaInterval: Interval;
  /** no_win examples that won in at least one sample. */
  falseWins: number;
  /** win examples that did not win in at least one sample. */
  falseLosses: number;
  /** Examples whose k verdicts differ, and their share. */
  flips: number;
  flipRate: number;
  /** Samples that ended in an evaluation error. */
  errors: number;
  thresholds: CalibrationThresholds;
  /** Every threshold met (and at least one example). */
  passed: boolean;
  /** Which thresholds were missed, in words a creator reads. */
  failures: string[];
  perExample: ExampleReport[];
}

/** What a challenge page may show of its latest calibration: counts only, never an example. */
export interface PublicCalibrationSummary {
  examples: number;
  agreeing: number;
  flips: number;
  passed: boolean;
  version: number | null;
  checkedAt: string;
}
