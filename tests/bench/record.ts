// Bench results as data: each figure a section prints is also recorded here. run.ts points
// BENCH_RECORD_FILE at a file (inherited by the child processes it starts), every record() appends
// one JSON line to it, and `--json <file>` / BENCH_JSON writes them all as one array at the end.
import { appendFileSync, existsSync, readFileSync } from "node:fs";

export interface BenchRecord {
  section: string;
  name: string;
  value: number;
  unit: string;
  /** The target as written, e.g. "≥ 0.6" or "≤ 5 ms". */
  target?: string;
  met?: boolean;
}

export function record(r: BenchRecord): void {
  const file = process.env.BENCH_RECORD_FILE;
  if (!file) return;
  const value = Number.isFinite(r.value) ? r.value : null;
  appendFileSync(file, `${JSON.stringify({ ...r, value })}\n`);
}

/** Every record appended to `file` so far, in order. */
export function readRecords(file: string): BenchRecord[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as BenchRecord);
}
