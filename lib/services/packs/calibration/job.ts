import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { buildCalibrationReport } from "@/lib/evaluation/calibration/report";
import type { ExampleVerdicts, SampleOutcome, SampleVerdict } from "@/lib/evaluation/calibration/types";
import { defineJob, PermanentJobError, type JobContext } from "@/lib/jobs";
import { log } from "@/lib/log";
import { judgeLabelledOutput } from "@/lib/packs/run/calibration";
import { specOf } from "@/lib/packs/run/plan";
import type { Bundle } from "@/lib/packs/types";
import { PACK_CALIBRATION_QUEUE } from "@/lib/services/packs/calibration/queue";
import { judgeModelsOf } from "@/lib/services/packs/calibration/views";
import { judgeCaller } from "@/lib/services/packs/runs/models";
import { thresholdsOf } from "@/lib/services/calibration/views";

// The `packs.calibration` job: judges every (labelled output, sample) of a run not yet stored, at
// most CONCURRENCY at once, through the same judge caller as a pack run (judgeCaller: the run's
// judge_models, then the pack's model names), storing each sample with the run's progress; then
// builds the report (pass read as win). A retried job resumes: stored samples are skipped.

const CONCURRENCY = 10;
const EVIDENCE_CHARS = 500;

export { PACK_CALIBRATION_QUEUE };

interface Output {
  id: string;
  inputSetKey: string;
  caseKey: string;
  judgeKey: string;
  label: string;
  text: string;
}

/** Stores one sample and counts it, once: a sample already stored (an earlier try) is left alone. */
async function storeSample(runId: string, outputId: string, sampleIndex: number, sample: SampleVerdict) {
  await db.$transaction(async (tx) => {
    const key = { runId_outputId_sampleIndex: { runId, outputId, sampleIndex } };
    if (await tx.packCalibrationSample.findUnique({ where: key, select: { id: true } })) return;
    await tx.packCalibrationSample.create({ data: { runId, outputId, sampleIndex, ...sample } });
    await tx.packCalibrationRun.update({ where: { id: runId }, data: { completed: { increment: 1 } } });
  });
}

async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}

/** Works a run to its end. Exported for tests (the job calls it). */
export async function runPackCalibration(runId: string, signal: AbortSignal): Promise<void> {
  const run = await db.packCalibrationRun.findUnique({
    where: { id: runId },
    include: { version: { select: { manifest: true } } },
  });
  if (!run) throw new PermanentJobError("the calibration run is gone");
  if (run.status === "done" || run.status === "failed") return;
  // The outputs kept when the run started (one added later waits for the next run).
  const outputs: Output[] = await db.packCalibrationOutput.findMany({
    where: { versionId: run.versionId, createdAt: { lte: run.createdAt } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, inputSetKey: true, caseKey: true, judgeKey: true, label: true, text: true },
  });
  if (outputs.length === 0) throw new PermanentJobError("the pack version has no labelled outputs left");
  await db.packCalibrationRun.update({
    where: { id: runId },
    data: { status: "running", total: outputs.length * run.samples },
  });
  const bundle = run.version.manifest as unknown as Bundle;
  const spec = specOf(bundle);
  const callJudge = judgeCaller(run.workspaceId, spec, judgeModelsOf(run.judgeModels), signal);
  const stored = await db.packCalibrationSample.findMany({
    where: { runId },
    select: { outputId: true, sampleIndex: true },
  });
  const done = new Set(stored.map((s) => `${s.outputId}:${s.sampleIndex}`));
  const todo = outputs.flatMap((output) =>
    Array.from({ length: run.samples }, (_, sampleIndex) => ({ output, sampleIndex })).filter(
      (t) => !done.has(`${t.output.id}:${t.sampleIndex}`),
    ),
  );
  await pool(todo, CONCURRENCY, async ({ output, sampleIndex }) => {
    if (signal.aborted) return;
    let sample: SampleVerdict;
    try {
      sample = await judgeLabelledOutput(bundle, spec, output, output.text, callJudge);
    } catch (err) {
      if (signal.aborted) return;
      // Not a judge verdict (a bug or a storage failure): an error sample, which never passes.
      log.warn("pack calibration sample failed", { runId, outputId: output.id, error: String(err) });
      sample = {
        outcome: "error",
        rating: null,
        evidence: `the judging failed: ${String(err)}`.slice(0, EVIDENCE_CHARS),
      };
    }
    await storeSample(runId, output.id, sampleIndex, sample);
  });
  if (signal.aborted) throw new Error("the worker stopped; the calibration resumes on the next try");
  await finish(runId, outputs, run.thresholds);
}

async function finish(runId: string, outputs: Output[], thresholds: Parameters<typeof thresholdsOf>[0]) {
  const samples = await db.packCalibrationSample.findMany({
    where: { runId },
    orderBy: { sampleIndex: "asc" },
  });
  const verdicts: ExampleVerdicts[] = outputs.map((o) => ({
    exampleId: o.id,
    label: o.label === "pass" ? "win" : "no_win",
    source: "creator",
    // The report's recipe column names the output's case and judge.
    kind: `${o.inputSetKey}/${o.caseKey} · ${o.judgeKey}`,
    verdicts: samples
      .filter((s) => s.outputId === o.id)
      .map((s) => ({ outcome: s.outcome as SampleOutcome, rating: s.rating, evidence: s.evidence })),
  }));
  const report = buildCalibrationReport(verdicts, thresholdsOf(thresholds));
  await db.packCalibrationRun.update({
    where: { id: runId },
    data: {
      status: "done",
      report: JSON.parse(JSON.stringify(report)) as object,
      completed: samples.length,
      finishedAt: new Date(),
      error: null,
    },
  });
}

export const packCalibrationJob = defineJob({
  queue: PACK_CALIBRATION_QUEUE,
  payload: z.object({ runId: z.string().min(1).max(100) }),
  maxAttempts: 5,
  backoff: { baseMs: 2_000, maxMs: 60_000 },
  timeoutMs: 30 * 60_000,
  async run({ runId }, ctx: JobContext) {
    await runPackCalibration(runId, ctx.signal);
  },
  async onDead({ runId }, error) {
    await db.packCalibrationRun.updateMany({
      where: { id: runId, status: { in: ["queued", "running"] } },
      data: {
        status: "failed",
        error: `the calibration stopped: ${error}`.slice(0, 2_000),
        finishedAt: new Date(),
      },
    });
  },
});
