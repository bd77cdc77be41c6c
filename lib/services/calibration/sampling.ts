import "server-only";
import { z } from "zod";
import { buildCalibrationReport } from "@/lib/evaluation/calibration/report";
import type {
  CalibrationThresholds,
  ExampleVerdicts,
  SampleOutcome,
  SampleVerdict,
} from "@/lib/evaluation/calibration/types";
import { defineJob, type JobContext } from "@/lib/jobs";
import { log } from "@/lib/log";

// What a challenge's and a pack's calibration jobs share: the (item, sample) pairs still to
// judge, judged CONCURRENCY at a time (a throw is an error sample, which never wins), the
// report from the stored samples, and the job definition with its "failed" end.

export const CALIBRATION_CONCURRENCY = 10;
export const EVIDENCE_CHARS = 500;

export interface SampleTask<T> {
  item: T;
  sampleIndex: number;
}

/** Every (item, sample index) of a run of `samples` per item that is not stored yet. */
export function missingSamples<T extends { id: string }>(
  items: readonly T[],
  samples: number,
  stored: readonly { itemId: string; sampleIndex: number }[],
): SampleTask<T>[] {
  const done = new Set(stored.map((s) => `${s.itemId}:${s.sampleIndex}`));
  return items.flatMap((item) =>
    Array.from({ length: samples }, (_, sampleIndex) => ({ item, sampleIndex })).filter(
      (t) => !done.has(`${t.item.id}:${t.sampleIndex}`),
    ),
  );
}

/**
 * Judges every task, at most CALIBRATION_CONCURRENCY at once, and stores each sample. Stops taking
 * tasks once `signal` aborts, then throws, so the job's retry resumes where this one stopped.
 */
export async function sampleAll<T extends { id: string }>(
  tasks: readonly SampleTask<T>[],
  opts: {
    signal: AbortSignal;
    judge: (item: T) => Promise<SampleVerdict>;
    store: (item: T, sampleIndex: number, sample: SampleVerdict) => Promise<void>;
    /** For the log and the error sample's evidence: "calibration", "pack calibration". */
    what: string;
  },
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const { item, sampleIndex } = tasks[next++]!;
      if (opts.signal.aborted) return;
      let sample: SampleVerdict;
      try {
        sample = await opts.judge(item);
      } catch (err) {
        if (opts.signal.aborted) return;
        // Not a verdict (a bug or a storage failure): an error sample, which never wins.
        log.warn(`${opts.what} sample failed`, { itemId: item.id, error: String(err) });
        sample = {
          outcome: "error",
          rating: null,
          evidence: `the judging failed: ${String(err)}`.slice(0, EVIDENCE_CHARS),
        };
      }
      await opts.store(item, sampleIndex, sample);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CALIBRATION_CONCURRENCY, tasks.length) }, lane));
  if (opts.signal.aborted) throw new Error("the worker stopped; the calibration resumes on the next try");
}

/** The report of a run from its stored samples (in sample order), one row per item. */
export function reportFromSamples<T extends { id: string }>(
  items: readonly T[],
  samples: readonly { itemId: string; outcome: string; rating: number | null; evidence: string | null }[],
  describe: (item: T) => Omit<ExampleVerdicts, "exampleId" | "verdicts">,
  thresholds: CalibrationThresholds,
) {
  const verdicts: ExampleVerdicts[] = items.map((item) => ({
    exampleId: item.id,
    ...describe(item),
    verdicts: samples
      .filter((s) => s.itemId === item.id)
      .map((s) => ({ outcome: s.outcome as SampleOutcome, rating: s.rating, evidence: s.evidence })),
  }));
  return JSON.parse(JSON.stringify(buildCalibrationReport(verdicts, thresholds))) as object;
}

/** A calibration job: works the run, and marks it failed once every try is spent. */
export function defineCalibrationJob(
  queue: string,
  work: (runId: string, signal: AbortSignal) => Promise<void>,
  markFailed: (runId: string, error: string) => Promise<unknown>,
) {
  return defineJob({
    queue,
    payload: z.object({ runId: z.string().min(1).max(100) }),
    maxAttempts: 5,
    backoff: { baseMs: 2_000, maxMs: 60_000 },
    timeoutMs: 30 * 60_000,
    async run({ runId }, ctx: JobContext) {
      await work(runId, ctx.signal);
    },
    async onDead({ runId }, error) {
      await markFailed(runId, `the calibration stopped: ${error}`.slice(0, 2_000));
    },
  });
}
