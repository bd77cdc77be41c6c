import "server-only";
import { db } from "@/lib/db";
import { materialiseExample } from "@/lib/evaluation/calibration/generate";
import { isInjectionKind, materialiseInjection } from "@/lib/evaluation/calibration/injection";
import type { CalibrationLabel, ExampleSource, SampleOutcome } from "@/lib/evaluation/calibration/types";
import { PermanentJobError } from "@/lib/jobs";
import { answerEvaluator, type EvaluatedGraph } from "@/lib/services/calibration/evaluate";
import { builtinInjection } from "@/lib/services/calibration/builtin";
import { AppError } from "@/lib/errors";
import { CALIBRATION_RUN_QUEUE } from "@/lib/services/calibration/queue";
import {
  defineCalibrationJob,
  EVIDENCE_CHARS,
  missingSamples,
  reportFromSamples,
  sampleAll,
} from "@/lib/services/calibration/sampling";
import { thresholdsOf } from "@/lib/services/calibration/views";
import { getSecretValue } from "@/lib/services/secrets";

// The `calibration.run` job: evaluates every (example, sample) of a run not yet stored
// (sampling.ts: ten at a time), storing each with the run's progress; then builds and stores the
// report. A retried job resumes: stored samples are skipped (unique per run, example and index).

export { CALIBRATION_RUN_QUEUE };

interface RunnableExample {
  id: string;
  label: CalibrationLabel;
  source: ExampleSource;
  kind: string | null;
  text: string;
}

const OUTCOMES = { pass: "win", fail: "no_win", error: "error" } as const satisfies Record<
  string,
  SampleOutcome
>;

/**
 * The run's examples as answers: generated ones made from the current secret (skipped when they
 * cannot be), then the built-in judge-injection set (builtinInjection) for every injection kind
 * the challenge does not keep as an example itself. Injection answers need no secret.
 */
async function runnableExamples(run: {
  workspaceId: string;
  challengeId: string;
  createdAt: Date;
}): Promise<RunnableExample[]> {
  const challenge = await db.challenge.findUnique({
    where: { id: run.challengeId },
    select: { goal: true, secretRef: true },
  });
  if (!challenge) throw new PermanentJobError("the challenge is gone");
  const rows = await db.calibrationExample.findMany({
    where: { challengeId: run.challengeId, createdAt: { lte: run.createdAt } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const needSecret = rows.some((r) => r.source === "generated" && r.kind && !isInjectionKind(r.kind));
  const secret =
    needSecret && challenge.secretRef ? await getSecretValue(run.workspaceId, challenge.secretRef) : null;
  const out: RunnableExample[] = [];
  for (const r of rows) {
    const text =
      r.source !== "generated"
        ? r.text
        : r.kind && isInjectionKind(r.kind)
          ? materialiseInjection(r.kind, challenge.goal)
          : secret && r.kind
            ? materialiseExample(r.kind, secret, challenge.goal)
            : null;
    if (text === null || text === undefined) continue;
    out.push({
      id: r.id,
      label: r.label as CalibrationLabel,
      source: r.source as ExampleSource,
      kind: r.kind,
      text,
    });
  }
  const kept = new Set(rows.map((r) => r.kind));
  for (const example of builtinInjection(challenge.goal)) if (!kept.has(example.kind)) out.push(example);
  return out;
}

/** Stores one sample and counts it, once: a sample already stored (an earlier try) is left alone. */
async function storeSample(
  runId: string,
  exampleId: string,
  sampleIndex: number,
  sample: { outcome: SampleOutcome; rating: number | null; evidence: string | null },
): Promise<void> {
  await db.$transaction(async (tx) => {
    const key = { runId_exampleId_sampleIndex: { runId, exampleId, sampleIndex } };
    if (await tx.calibrationSample.findUnique({ where: key, select: { id: true } })) return;
    await tx.calibrationSample.create({ data: { runId, exampleId, sampleIndex, ...sample } });
    await tx.calibrationRun.update({ where: { id: runId }, data: { completed: { increment: 1 } } });
  });
}

/** Works a run to its end. Exported for tests (the job calls it). */
export async function runCalibration(runId: string, signal: AbortSignal): Promise<void> {
  const run = await db.calibrationRun.findUnique({ where: { id: runId } });
  if (!run) throw new PermanentJobError("the calibration run is gone");
  if (run.status === "done" || run.status === "failed") return;
  const examples = await runnableExamples(run);
  if (examples.length === 0) {
    throw new PermanentJobError(
      "no example can be evaluated (generated examples need the challenge's secret)",
    );
  }
  const total = examples.length * run.samples;
  await db.calibrationRun.update({ where: { id: runId }, data: { status: "running", total } });
  const stored = await db.calibrationSample.findMany({
    where: { runId },
    select: { exampleId: true, sampleIndex: true },
  });
  const todo = missingSamples(
    examples,
    run.samples,
    stored.map((s) => ({ itemId: s.exampleId, sampleIndex: s.sampleIndex })),
  );
  // The graph is read once for the whole run (evaluateAnswer, one answer at a time): the draft's
  // graph as calibrated, else the published version's.
  const source = await evaluatedGraph(run);
  const evaluate = await answerEvaluator(run.workspaceId, run.challengeId, source).catch((err: unknown) => {
    throw err instanceof AppError ? new PermanentJobError(err.message) : err;
  });
  await sampleAll(todo, {
    signal,
    what: "calibration",
    judge: async (example) => {
      const r = await evaluate(example.text, signal);
      return {
        outcome: OUTCOMES[r.outcome],
        rating: r.rating,
        evidence: r.feedback?.slice(0, EVIDENCE_CHARS) ?? null,
      };
    },
    store: (example, sampleIndex, sample) => storeSample(runId, example.id, sampleIndex, sample),
  });
  const samples = await db.calibrationSample.findMany({ where: { runId }, orderBy: { sampleIndex: "asc" } });
  await db.calibrationRun.update({
    where: { id: runId },
    data: {
      status: "done",
      report: reportFromSamples(
        examples,
        samples.map((s) => ({ ...s, itemId: s.exampleId })),
        (e) => ({ label: e.label, source: e.source, kind: e.kind }),
        thresholdsOf(run.thresholds),
      ),
      completed: samples.length,
      finishedAt: new Date(),
      error: null,
    },
  });
}

export const calibrationRunJob = defineCalibrationJob(CALIBRATION_RUN_QUEUE, runCalibration, (runId, error) =>
  db.calibrationRun.updateMany({
    where: { id: runId, status: { in: ["queued", "running"] } },
    data: { status: "failed", error, finishedAt: new Date() },
  }),
);

/** What a run evaluates: the draft graph it kept, or its workflow version. */
async function evaluatedGraph(run: {
  challengeId: string;
  workflowVersionId: string | null;
  draftGraph: unknown;
}): Promise<EvaluatedGraph> {
  if (run.draftGraph !== null && run.draftGraph !== undefined) {
    const challenge = await db.challenge.findUnique({
      where: { id: run.challengeId },
      select: { workflowId: true },
    });
    if (!challenge?.workflowId) throw new PermanentJobError("the challenge no longer has a workflow");
    return { workflowId: challenge.workflowId, graph: run.draftGraph };
  }
  if (!run.workflowVersionId) throw new PermanentJobError("the run names no graph to calibrate");
  return { workflowVersionId: run.workflowVersionId };
}
