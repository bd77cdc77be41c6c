import type { Interval } from "@/lib/evaluation/calibration/types";

// Client-safe statistics behind a calibration report (lib/evaluation/README.md, "Calibration").

/** The normal quantile of a two-sided 95 % interval. */
export const Z_95 = 1.96;

const NO_INTERVAL: Interval = { low: null, high: null };

function clip(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/** Wilson score interval of `successes` out of `n` (null bounds when n is 0). */
export function wilsonInterval(successes: number, n: number, z = Z_95): Interval {
  if (n <= 0) return NO_INTERVAL;
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // All or none: the interval touches 0 or 1 exactly (not 0.9999999999999999).
  return {
    low: successes === 0 ? 0 : clip(centre - half, 0, 1),
    high: successes === n ? 1 : clip(centre + half, 0, 1),
  };
}

/** A 2x2 table of label (rows) against verdict (columns), counts of examples. */
export interface AgreementTable {
  winWin: number;
  winNoWin: number;
  noWinWin: number;
  noWinNoWin: number;
}

export interface KappaResult {
  kappa: number | null;
  interval: Interval;
}

/**
 * Cohen's kappa of the table, with kappa ± z·SE where SE = sqrt(po(1−po) / (n(1−pe)²)).
 * Null when undefined: no examples, or expected agreement 1 (labels and verdicts all one class).
 */
export function cohensKappa(table: AgreementTable, z = Z_95): KappaResult {
  const { winWin, winNoWin, noWinWin, noWinNoWin } = table;
  const n = winWin + winNoWin + noWinWin + noWinNoWin;
  if (n === 0) return { kappa: null, interval: NO_INTERVAL };
  const labelWin = winWin + winNoWin;
  const verdictWin = winWin + noWinWin;
  // Expected agreement in whole numbers (times n²), so "pe = 1" is an exact comparison.
  const expectedTimesN2 = labelWin * verdictWin + (n - labelWin) * (n - verdictWin);
  if (expectedTimesN2 === n * n) return { kappa: null, interval: NO_INTERVAL };
  const po = (winWin + noWinNoWin) / n;
  const pe = expectedTimesN2 / (n * n);
  const kappa = (po - pe) / (1 - pe);
  if (n < 2) return { kappa, interval: NO_INTERVAL };
  const se = Math.sqrt((po * (1 - po)) / (n * (1 - pe) * (1 - pe)));
  return { kappa, interval: { low: clip(kappa - z * se, -1, 1), high: clip(kappa + z * se, -1, 1) } };
}
