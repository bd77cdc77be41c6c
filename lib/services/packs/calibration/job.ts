import "server-only";
import { db } from "@/lib/db";
import type { SampleVerdict } from "@/lib/evaluation/calibration/types";
import { PermanentJobError } from "@/lib/jobs";
import { judgeLabelledOutput } from "@/lib/packs/run/calibration";
import { specOf } from "@/lib/packs/run/plan";
import type { Bundle } from "@/lib/packs/types";
import { PACK_CALIBRATION_QUEUE } from "@/lib/services/packs/calibration/queue";
import { judgeModelsOf } from "@/lib/services/packs/calibration/views";
import { judgeCaller } from "@/lib/services/packs/runs/models";
import {
  defineCalibrationJob,
  missingSamples,
  reportFromSamples,
  sampleAll,
} from "@/lib/services/calibration/sampling";
import { thresholdsOf } from "@/lib/services/calibration/views";

// The `packs.calibration` job: judges every (labelled output, sample) of a run not yet stored
// (lib/services/calibration/sampling.ts), through the same judge caller as a pack run (judgeCaller:
// the run's judge_models, then the pack's model names), storing each sample with the run's
// progress; then builds the report (pass read as win). A retried job resumes where it stopped.

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
  const todo = missingSamples(
    outputs,
    run.samples,
    stored.map((s) => ({ itemId: s.outputId, sampleIndex: s.sampleIndex })),
  );
  await sampleAll(todo, {
    signal,
    what: "pack calibration",
    judge: (output) => judgeLabelledOutput(bundle, spec, output, output.text, callJudge),
    store: (output, sampleIndex, sample) => storeSample(runId, output.id, sampleIndex, sample),
  });
  const samples = await db.packCalibrationSample.findMany({
    where: { runId },
    orderBy: { sampleIndex: "asc" },
  });
  await db.packCalibrationRun.update({
    where: { id: runId },
    data: {
      status: "done",
      report: reportFromSamples(
        outputs,
        samples.map((s) => ({ ...s, itemId: s.outputId })),
        (o) => ({
          label: o.label === "pass" ? "win" : "no_win",
          source: "creator",
          // The report's recipe column names the output's case and judge.
          kind: `${o.inputSetKey}/${o.caseKey} · ${o.judgeKey}`,
        }),
        thresholdsOf(run.thresholds),
      ),
      completed: samples.length,
      finishedAt: new Date(),
      error: null,
    },
  });
}

export const packCalibrationJob = defineCalibrationJob(
  PACK_CALIBRATION_QUEUE,
  runPackCalibration,
  (runId, error) =>
    db.packCalibrationRun.updateMany({
      where: { id: runId, status: { in: ["queued", "running"] } },
      data: { status: "failed", error, finishedAt: new Date() },
    }),
);
