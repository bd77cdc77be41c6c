export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function summarize(samples: number[]): { n: number; p50: number; p95: number; p99: number; max: number } {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), max: s.at(-1) ?? NaN };
}

export const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");

/** Arrival times (ms from 0) of `n` events of a Poisson process averaging `n` per `spanMs`. */
export function poissonArrivals(n: number, spanMs: number, random: () => number): number[] {
  const out: number[] = [];
  let t = 0;
  for (let i = 0; i < n; i++) {
    t += (-Math.log(1 - random()) * spanMs) / n;
    out.push(t);
  }
  return out;
}
