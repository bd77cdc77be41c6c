// The demo ladder's judged levels ship calibrated: seeding adds the generated set and queues a
// first calibration of each; worked to its end on the offline judge, each passes the default gate
// (no false win, no flip, agreement ≥ 90 %), and the public page's summary is counts only.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { GENERATED_KINDS } from "@/lib/evaluation/calibration/generate";
import type { CalibrationReport } from "@/lib/evaluation/calibration/types";
import { seedDemo } from "@/lib/seed/demo";
import { DEMO_LADDER } from "@/lib/seed/ladder";
import { runCalibration } from "@/lib/services/calibration/job";
import { publicCalibration } from "@/lib/services/calibration/public";
import { CALIBRATION_RUN_QUEUE } from "@/lib/services/calibration/queue";

const judged = DEMO_LADDER.filter((l) => l.evaluatorType === "llm-judge");

beforeAll(async () => {
  await seedDemo();
});

describe("the demo ladder's judged levels", () => {
  it("are seeded with the generated set and a queued first calibration each", async () => {
    expect(judged.length).toBeGreaterThan(0);
    for (const level of judged) {
      const examples = await db.calibrationExample.findMany({ where: { challengeId: level.challengeId } });
      expect(examples.map((e) => e.kind).sort()).toEqual(GENERATED_KINDS.map((k) => k.kind).sort());
      expect(examples.every((e) => e.text === null)).toBe(true);
      const runs = await db.calibrationRun.findMany({ where: { challengeId: level.challengeId } });
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ status: "queued", workflowVersionId: level.versionId });
    }
    const jobs = await db.job.count({ where: { queue: CALIBRATION_RUN_QUEUE } });
    expect(jobs).toBe(judged.length);
  });

  it.each(judged.map((l) => [l.name, l] as const))(
    "%s passes the default gate on the offline judge",
    { timeout: 120_000 },
    async (_name, level) => {
      const run = await db.calibrationRun.findFirstOrThrow({ where: { challengeId: level.challengeId } });
      await runCalibration(run.id, new AbortController().signal);
      const done = await db.calibrationRun.findUniqueOrThrow({ where: { id: run.id } });
      expect(done.status, done.error ?? "").toBe("done");
      const report = done.report as unknown as CalibrationReport;
      const misses = report.perExample.filter((e) => !e.agrees || e.flipped).map((e) => `${e.kind}: ${e.verdict}`);
      expect(misses).toEqual([]);
      expect(report).toMatchObject({ falseWins: 0, flips: 0, passed: true });
      const summary = await publicCalibration(level.challengeId);
      expect(summary).toMatchObject({ examples: report.examples, agreeing: report.agreeing, flips: 0, passed: true });
      expect(Object.keys(summary!).sort()).toEqual(["agreeing", "checkedAt", "examples", "flips", "passed", "version"]);
    },
  );
});
