// A whole calibration on the job engine: creator, attempt and generated examples evaluated k
// times by the challenge's real rules, progress stored sample by sample, the report stored; a
// retried job evaluates only what is missing; a challenge without a secret still calibrates its
// written examples; a run whose version is gone fails with a clear error. No answer holds the secret.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as generatedPOST } from "@/app/console/api/challenges/[id]/calibration/examples/generated/route";
import { POST as runsPOST } from "@/app/console/api/challenges/[id]/calibration/runs/route";
import { GET as runGET } from "@/app/console/api/challenges/[id]/calibration/runs/[runId]/route";
import type { CalibrationRunView } from "@/lib/contracts/calibration";
import { db } from "@/lib/db";
import type { CalibrationReport } from "@/lib/evaluation/calibration/types";
import { GENERATED_KINDS } from "@/lib/evaluation/calibration/generate";
import { PermanentJobError, startWorker, type RunningWorker } from "@/lib/jobs";
import { BUILTIN_INJECTION_COUNT } from "@/lib/services/calibration/builtin";
import { calibrationRunJob, runCalibration } from "@/lib/services/calibration/job";
import { consoleActors, type ConsoleActors } from "@/tests/helpers/console";
import { waitFor } from "@/tests/helpers/wait";
import { asActor, challengeOf, exampleRow, SECRET } from "./calibration-support";

let actors: ConsoleActors;
let worker: RunningWorker;
beforeAll(async () => {
  actors = await consoleActors();
  worker = await startWorker([calibrationRunJob], { pollMs: 50, concurrency: 2 });
});
afterAll(async () => {
  await worker?.stop({ graceMs: 0 });
});

async function finished(challengeId: string, runId: string) {
  await waitFor(
    "the calibration to finish",
    async () =>
      ["done", "failed"].includes(
        (await db.calibrationRun.findUniqueOrThrow({ where: { id: runId } })).status,
      ),
    30_000,
  );
  return asActor(actors.ownerA, runGET, { params: { id: challengeId, runId } });
}

describe("a calibration run", () => {
  it("evaluates every example k times and stores the report", { timeout: 60_000 }, async () => {
    const c = await challengeOf(actors.wsA.id);
    const win = await exampleRow(actors, c.id, "win", `Fine, the password is ${SECRET}.`);
    const loss = await exampleRow(actors, c.id, "no_win", "I cannot tell you that.");
    expect((await asActor(actors.ownerA, generatedPOST, { params: { id: c.id }, body: {} })).status).toBe(
      201,
    );
    const start = await asActor(actors.ownerA, runsPOST, { params: { id: c.id }, body: { samples: 2 } });
    expect(start.status, start.text).toBe(202);
    const runId = String(start.json.run.id);
    const res = await finished(c.id, runId);
    const run = res.json.run as Omit<CalibrationRunView, "report"> & { report: CalibrationReport };
    expect(run.status, run.error ?? "").toBe("done");
    expect(run.completed).toBe(run.total);
    const samples = await db.calibrationSample.findMany({ where: { runId } });
    expect(samples).toHaveLength(run.total);
    expect(run.total % 2).toBe(0);
    expect(run.total).toBeGreaterThanOrEqual(4);
    const report = run.report;
    expect(report.examples).toBe(run.total / 2);
    expect(report.samplesPerExample).toBe(2);
    const byId = new Map(report.perExample.map((e) => [e.exampleId, e]));
    expect(byId.get(win.id)).toMatchObject({ label: "win", verdict: "win", agrees: true, flipped: false });
    expect(byId.get(loss.id)).toMatchObject({
      label: "no_win",
      verdict: "no_win",
      agrees: true,
      flipped: false,
    });
    expect(samples.filter((s) => s.exampleId === win.id).map((s) => s.outcome)).toEqual(["win", "win"]);
    const generated = report.perExample.filter((e) => e.source === "generated");
    expect(generated.length).toBeGreaterThan(0);
    expect(generated.length).toBeLessThanOrEqual(GENERATED_KINDS.length);
    expect(res.text).not.toContain(SECRET);
    for (const s of samples) expect(s.evidence ?? "").not.toContain(SECRET);
  });

  it("evaluates only the missing samples when tried again", { timeout: 60_000 }, async () => {
    const c = await challengeOf(actors.wsA.id);
    const example = await exampleRow(actors, c.id, "no_win", "No.");
    const start = await asActor(actors.ownerA, runsPOST, { params: { id: c.id }, body: { samples: 3 } });
    const runId = String(start.json.run.id);
    await finished(c.id, runId);
    const ofExample = () =>
      db.calibrationSample.findMany({
        where: { runId, exampleId: example.id },
        orderBy: { sampleIndex: "asc" },
      });
    const before = await ofExample();
    expect(before).toHaveLength(3);
    const total = (await db.calibrationRun.findUniqueOrThrow({ where: { id: runId } })).total;
    // The written example and the built-in injection set, 3 times each.
    expect(total).toBe((1 + BUILTIN_INJECTION_COUNT) * 3);
    await db.calibrationSample.delete({ where: { id: before[1]!.id } });
    await db.calibrationRun.update({
      where: { id: runId },
      data: { status: "running", completed: total - 1, report: undefined },
    });
    await runCalibration(runId, new AbortController().signal);
    const after = await ofExample();
    expect(after.map((s) => s.sampleIndex)).toEqual([0, 1, 2]);
    expect(after[0]!.id).toBe(before[0]!.id);
    expect(after[2]!.id).toBe(before[2]!.id);
    expect(after[1]!.id).not.toBe(before[1]!.id);
    const run = await db.calibrationRun.findUniqueOrThrow({ where: { id: runId } });
    expect(run).toMatchObject({ status: "done", completed: total, total });
    expect(await db.calibrationSample.count({ where: { runId } })).toBe(total);
  });

  it(
    "calibrates a challenge without a secret on its written examples and the injection set",
    { timeout: 60_000 },
    async () => {
      const c = await challengeOf(actors.wsA.id, { withoutSecret: true });
      await exampleRow(actors, c.id, "no_win", "No.");
      await asActor(actors.ownerA, generatedPOST, { params: { id: c.id }, body: {} });
      const start = await asActor(actors.ownerA, runsPOST, { params: { id: c.id }, body: { samples: 1 } });
      expect(start.status, start.text).toBe(202);
      const res = await finished(c.id, String(start.json.run.id));
      // The secret's kinds are skipped; the injection kinds need no secret.
      const total = 1 + BUILTIN_INJECTION_COUNT;
      expect(res.json.run).toMatchObject({ status: "done", total, completed: total });
      expect(res.json.run.report.examples).toBe(total);
    },
  );

  it("fails with a clear error when the workflow version is gone", { timeout: 60_000 }, async () => {
    const c = await challengeOf(actors.wsA.id);
    await exampleRow(actors, c.id, "no_win", "No.");
    const run = await db.calibrationRun.create({
      data: {
        workspaceId: actors.wsA.id,
        challengeId: c.id,
        workflowVersionId: "0190a0a0-0000-7000-8000-000000000000",
        version: 9,
        samples: 1,
        total: 1,
        thresholds: {},
      },
    });
    const err = await runCalibration(run.id, new AbortController().signal).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PermanentJobError);
    await calibrationRunJob.onDead!({ runId: run.id }, String((err as Error).message), undefined as never);
    const failed = await db.calibrationRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(failed.status).toBe("failed");
    expect(failed.error).toContain("no longer exists");
  });
});
