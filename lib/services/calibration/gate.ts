import "server-only";
import { workflowGraphSchema } from "@/lib/contracts/workflows";
import { db, type Tx } from "@/lib/db";
import { graphFingerprint, isJudgedGraph } from "@/lib/services/calibration/graph";
import type { WorkflowGraph } from "@/lib/workflow/types";

// The publish gate: a graph reaches players only after a calibration of that very graph
// (graphFingerprint) passed its thresholds, or with an override whose reason is audited
// (lib/services/workflows.ts publishWorkflow). A challenge is held when its verdict comes from a
// judge or a plugin, or when its creator keeps examples; a rules-only challenge without examples
// has nothing to be checked against.

export interface GateCheck {
  challenge_id: string;
  challenge_name: string;
  /** Why the challenge is held: its judge, its examples; null when it is not held. */
  held_for: "judge" | "examples" | null;
  passed: boolean;
  /** The latest finished calibration of this graph, if any. */
  run_id: string | null;
  /** What failed (thresholds of that run, or that no calibration of the graph exists). */
  failures: string[];
}

/** The gate for every challenge that plays the workflow, on the graph about to be published. */
export async function publishGate(
  tx: Tx,
  workspaceId: string,
  workflowId: string,
  graph: WorkflowGraph,
): Promise<GateCheck[]> {
  const challenges = await tx.challenge.findMany({
    where: { workspaceId, workflowId },
    select: { id: true, name: true, evaluatorType: true, _count: { select: { calibrationExamples: true } } },
    orderBy: { id: "asc" },
  });
  if (challenges.length === 0) return [];
  const hash = graphFingerprint(graph);
  const checks: GateCheck[] = [];
  for (const c of challenges) {
    const heldFor = isJudgedGraph(graph, c.evaluatorType)
      ? "judge"
      : c._count.calibrationExamples > 0
        ? "examples"
        : null;
    if (!heldFor) {
      checks.push({
        challenge_id: c.id,
        challenge_name: c.name,
        held_for: null,
        passed: true,
        run_id: null,
        failures: [],
      });
      continue;
    }
    const run = await tx.calibrationRun.findFirst({
      where: { challengeId: c.id, graphHash: hash, status: "done" },
      orderBy: [{ finishedAt: "desc" }, { id: "desc" }],
      select: { id: true, report: true },
    });
    const report = (run?.report ?? null) as { passed?: unknown; failures?: unknown } | null;
    const passed = report?.passed === true;
    const failures = !run
      ? ["no finished calibration of this graph"]
      : passed
        ? []
        : Array.isArray(report?.failures)
          ? report.failures.filter((f): f is string => typeof f === "string")
          : ["the calibration did not pass"];
    checks.push({
      challenge_id: c.id,
      challenge_name: c.name,
      held_for: heldFor,
      passed,
      run_id: run?.id ?? null,
      failures,
    });
  }
  return checks;
}

/** After a publish: runs of the published graph that have no version yet get this one. */
export async function linkCalibrations(
  tx: Tx,
  workspaceId: string,
  workflowId: string,
  graph: WorkflowGraph,
  version: { id: string; version: number },
): Promise<void> {
  await tx.calibrationRun.updateMany({
    where: {
      workspaceId,
      workflowVersionId: null,
      graphHash: graphFingerprint(graph),
      challenge: { workflowId },
    },
    data: { workflowVersionId: version.id, version: version.version },
  });
}

/** The gate as a publish of the challenge's current draft would meet it; null without a workflow. */
export async function draftGate(workspaceId: string, challengeId: string): Promise<GateCheck | null> {
  const challenge = await db.challenge.findFirst({
    where: { id: challengeId, workspaceId },
    select: { workflowId: true, workflow: { select: { draftGraph: true } } },
  });
  if (!challenge?.workflowId || !challenge.workflow) return null;
  const parsed = workflowGraphSchema.safeParse(challenge.workflow.draftGraph);
  if (!parsed.success) return null;
  const workflowId = challenge.workflowId;
  const checks = await db.$transaction((tx) => publishGate(tx, workspaceId, workflowId, parsed.data));
  return checks.find((c) => c.challenge_id === challengeId) ?? null;
}
