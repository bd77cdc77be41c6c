import type { RunStatus } from "@/lib/contracts/pack-runs";

// Number formats shared by the run pages (client-safe, locale-neutral where tests read them).

/** Runs still moving: their page polls, their cases may change. */
export const isActive = (status: RunStatus): boolean => status === "queued" || status === "running";

/** 0..1 as a whole percentage ("83%"), or the placeholder. */
export function percent(value: number | null | undefined, none = "—"): string {
  return value === null || value === undefined ? none : `${Math.round(value * 100)}%`;
}

/** A score in 0..1 (or on a judge's scale) with two decimals. */
export function score(value: number | null | undefined, none = "—"): string {
  return value === null || value === undefined ? none : value.toFixed(2);
}

/** A signed change ("+0.12", "−0.05", "0.00"); the sign is text, not only colour. */
export function signed(value: number | null, none = "—"): string {
  if (value === null) return none;
  const fixed = Math.abs(value).toFixed(2);
  if (fixed === "0.00") return "0.00";
  return value > 0 ? `+${fixed}` : `−${fixed}`;
}

export function usd(value: number | null | undefined, none = "—"): string {
  if (value === null || value === undefined) return none;
  if (value === 0) return "$0";
  return value < 0.01 ? `$${value.toPrecision(2)}` : `$${value.toFixed(2)}`;
}

export function ms(value: number | null | undefined, none = "—"): string {
  if (value === null || value === undefined) return none;
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
}

export function count(value: number | null | undefined, none = "—"): string {
  return value === null || value === undefined ? none : value.toLocaleString("en-US");
}

/** done / total as a whole percentage, 100 only when every case is done. */
export function progressPercent(done: number, total: number): number {
  if (total <= 0) return 100;
  const p = Math.floor((done / total) * 100);
  return done >= total ? 100 : Math.min(99, p);
}

/** The status's colour class key: ok, bad, warn or neutral. */
export function tone(status: string): "ok" | "bad" | "warn" | "neutral" {
  if (status === "completed" || status === "passed") return "ok";
  if (status === "failed" || status === "error") return "bad";
  if (status === "cancelled" || status === "needs_sandbox") return "warn";
  return "neutral";
}

/** A change of a 0..1 rate in percentage points ("+14 pt", "−5 pt", "0 pt"). */
export function signedPoints(value: number | null, none = "—"): string {
  if (value === null) return none;
  const points = Math.round(value * 100);
  if (points === 0) return "0 pt";
  return points > 0 ? `+${points} pt` : `−${-points} pt`;
}

/** Time left as one rounded-up unit, so "about … left" never promises too little. */
export function etaParts(seconds: number): { unit: "s" | "min" | "h"; n: number } {
  if (seconds < 60) return { unit: "s", n: Math.max(1, Math.ceil(seconds)) };
  if (seconds < 3600) return { unit: "min", n: Math.ceil(seconds / 60) };
  return { unit: "h", n: Math.ceil(seconds / 360) / 10 };
}
