import "server-only";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { GENERATED_KINDS } from "@/lib/evaluation/calibration/generate";
import {
  DEFAULT_CALIBRATION_SAMPLES,
  DEFAULT_CALIBRATION_THRESHOLDS,
} from "@/lib/evaluation/calibration/types";
import { uuidv7 } from "@/lib/ids";
import { enqueueJobIn } from "@/lib/jobs";
import { graphFingerprint } from "@/lib/services/calibration/graph";
import { CALIBRATION_RUN_QUEUE } from "@/lib/services/calibration/queue";
import type { WorkflowGraph } from "@/lib/workflow/types";

// A seeded judged challenge ships calibrated: the generated set (no text: made from the secret at
// run time) and a first calibration, queued in the transaction that seeds the challenge.

export async function queueFirstCalibration(
  tx: Prisma.TransactionClient,
  target: {
    workspaceId: string;
    challengeId: string;
    workflowVersionId: string;
    version: number;
    /** The version's graph: the run carries its fingerprint for the publish gate. */
    graph: WorkflowGraph;
    createdBy: string | null;
  },
): Promise<string> {
  await tx.calibrationExample.createMany({
    data: GENERATED_KINDS.map(({ kind, label }) => ({
      workspaceId: target.workspaceId,
      challengeId: target.challengeId,
      label,
      source: "generated",
      kind,
      createdBy: target.createdBy,
    })),
  });
  const id = uuidv7();
  await tx.calibrationRun.create({
    data: {
      id,
      workspaceId: target.workspaceId,
      challengeId: target.challengeId,
      workflowVersionId: target.workflowVersionId,
      version: target.version,
      graphHash: graphFingerprint(target.graph),
      samples: DEFAULT_CALIBRATION_SAMPLES,
      status: "queued",
      total: GENERATED_KINDS.length * DEFAULT_CALIBRATION_SAMPLES,
      thresholds: { ...DEFAULT_CALIBRATION_THRESHOLDS },
      createdBy: target.createdBy,
    },
  });
  await enqueueJobIn(
    tx,
    CALIBRATION_RUN_QUEUE,
    { runId: id },
    { singletonKey: `calibration:${id}`, workspaceId: target.workspaceId },
  );
  return id;
}
