import "server-only";
import { db } from "@/lib/db";
import { AppError, conflict, notFound } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { graphIssuesJson, validateDraft, workflowGraphSchema, workflowTestRunSchema, type WorkflowTestRunInput } from "@/lib/contracts/workflows";
import { auditView, type AuditView } from "@/lib/contracts/primitives";
import { asyncQueue } from "@/lib/async-queue";
import { linkCalibrations, publishGate, type GateCheck } from "@/lib/services/calibration/gate";
import { runWorkflowForWorkspace } from "@/lib/services/runs/run-workflow";
import { writeWorkspaceAudit } from "@/lib/services/workspace-audit";
import { analyzeGraph } from "@/lib/workflow/validate";
import type { GraphIssue, RunEvent, RunResult, WorkflowGraph } from "@/lib/workflow/types";

// Console workflows: the builder's draft, published versions (immutable; players run the
// published one) and test runs. A draft that does not validate is never saved or published: the
// refusal is a 422 whose error.details.graph_issues lists { node_id, message } per problem, the
// same issues validateDraft() shows on the canvas.

export { validateDraft };

export interface WorkflowVersionSummary {
  id: string;
  version: number;
  published_by: string | null;
  created_at: string;
}

export interface WorkflowView extends AuditView {
  id: string;
  app_id: string | null;
  name: string;
  draft_graph: WorkflowGraph;
  /** Issues of the saved draft (empty when it is valid). */
  draft_issues: { node_id: string | null; message: string }[];
  /** What does not stop a save or publish but likely makes the challenge unplayable (graphWarnings). */
  draft_warnings: { node_id: string | null; message: string }[];
  published_version: number | null;
  published_version_id: string | null;
  versions: WorkflowVersionSummary[];
  challenges: { id: string; name: string }[];
}

const select = {
  id: true,
  appId: true,
  name: true,
  draftGraph: true,
  publishedVersionId: true,
  createdBy: true,
  createdAt: true,
  updatedBy: true,
  updatedAt: true,
  publishedVersion: { select: { version: true } },
  versions: { orderBy: { version: "desc" }, select: { id: true, version: true, publishedBy: true, createdAt: true } },
  challenges: { orderBy: { createdAt: "asc" }, select: { id: true, name: true } },
} as const;

type Row = Prisma.WorkflowGetPayload<{ select: typeof select }>;

const EMPTY_GRAPH: WorkflowGraph = { nodes: [], edges: [] };

function graphOf(value: unknown): WorkflowGraph {
  const parsed = workflowGraphSchema.safeParse(value);
  return parsed.success ? (parsed.data) : EMPTY_GRAPH;
}

function toView(r: Row): WorkflowView {
  const graph = graphOf(r.draftGraph);
  // One analysis for both lists (validateDraft is analyzeGraph's issues).
  const analysis = analyzeGraph(r.draftGraph);
  return {
    id: r.id,
    app_id: r.appId,
    name: r.name,
    draft_graph: graph,
    draft_issues: graphIssuesJson(analysis.issues),
    draft_warnings: graphIssuesJson(analysis.warnings),
    published_version: r.publishedVersion?.version ?? null,
    published_version_id: r.publishedVersionId,
    versions: r.versions.map((v) => ({
      id: v.id,
      version: v.version,
      published_by: v.publishedBy,
      created_at: v.createdAt.toISOString(),
    })),
    challenges: r.challenges,
    ...auditView(r),
  };
}

/** The 422 a refused draft gets; error.details.graph_issues has one entry per problem. */
export function invalidGraphError(issues: GraphIssue[]): AppError {
  const first = issues[0];
  const summary = first ? `${first.nodeId ? `${first.nodeId}: ` : ""}${first.message}` : "the graph is invalid";
  return new AppError(
    "validation_failed",
    `The workflow is invalid (${issues.length} problem${issues.length === 1 ? "" : "s"}): ${summary}`,
    { details: { graph_issues: graphIssuesJson(issues) } },
  );
}

/** The graph issues carried by an error from saveWorkflowDraft/publishWorkflow, for server actions. */
export function graphIssuesOf(err: unknown): GraphIssue[] | null {
  if (!(err instanceof AppError)) return null;
  const list = (err.details as { graph_issues?: { node_id: string | null; message: string }[] } | undefined)?.graph_issues;
  return list ? list.map((i) => ({ nodeId: i.node_id, message: i.message })) : null;
}

export async function getWorkflow(workspaceId: string, id: string): Promise<WorkflowView> {
  const row = await db.workflow.findFirst({ where: { id, workspaceId }, select });
  if (!row) throw notFound("Workflow");
  return toView(row);
}

/** Saves the builder's draft; an invalid graph is refused (422) and the stored draft is unchanged. */
export async function saveWorkflowDraft(
  workspaceId: string,
  actorId: string | null,
  id: string,
  graph: unknown,
): Promise<WorkflowView> {
  const exists = await db.workflow.count({ where: { id, workspaceId } });
  if (exists === 0) throw notFound("Workflow");
  const check = validateDraft(graph);
  if (!check.ok) throw invalidGraphError(check.issues);
  const parsed = workflowGraphSchema.parse(graph);
  const res = await db.workflow.updateMany({
    where: { id, workspaceId },
    data: { draftGraph: parsed as unknown as Prisma.InputJsonValue, updatedBy: actorId },
  });
  if (res.count === 0) throw notFound("Workflow");
  return getWorkflow(workspaceId, id);
}

/** What a publish did at the calibration gate (lib/services/calibration/gate.ts). */
export interface PublishResult {
  version: WorkflowVersionSummary;
  gate: GateCheck[];
  /** The publish went past a failing gate with the caller's reason (audited). */
  overridden: boolean;
}

/** The longest reason an override keeps. */
export const OVERRIDE_REASON_MAX = 1000;

/**
 * Publishes the saved draft as the next immutable version and makes it the one players run.
 * A challenge held at the calibration gate without a passing calibration of this graph refuses
 * it (409 calibration_required, details.gate) unless an override reason is given; the override
 * is written to the workspace's audit log in the same transaction.
 */
export async function publishWorkflow(
  workspaceId: string,
  actorId: string | null,
  id: string,
  opts: { overrideReason?: string | null } = {},
): Promise<PublishResult> {
  const reason = opts.overrideReason?.trim() || null;
  return db.$transaction(async (tx) => {
    // Touching the row first serializes concurrent publishes (row lock on PostgreSQL).
    const touched = await tx.workflow.updateMany({ where: { id, workspaceId }, data: { updatedBy: actorId } });
    if (touched.count === 0) throw notFound("Workflow");
    const wf = await tx.workflow.findUniqueOrThrow({ where: { id }, select: { draftGraph: true } });
    const check = validateDraft(wf.draftGraph);
    if (!check.ok) throw invalidGraphError(check.issues);
    const graph = workflowGraphSchema.parse(wf.draftGraph);
    const gate = await publishGate(tx, workspaceId, id, graph);
    const failing = gate.filter((g) => !g.passed);
    if (failing.length > 0 && !reason) {
      throw new AppError(
        "calibration_required",
        `${failing.map((g) => g.challenge_name).join(", ")}: no passing calibration of this graph. Calibrate the draft, or publish with an override reason.`,
        { details: { gate } },
      );
    }
    const last = await tx.workflowVersion.findFirst({ where: { workflowId: id }, orderBy: { version: "desc" }, select: { version: true } });
    const version = await tx.workflowVersion.create({
      data: { workflowId: id, version: (last?.version ?? 0) + 1, graph: wf.draftGraph as Prisma.InputJsonValue, publishedBy: actorId },
      select: { id: true, version: true, publishedBy: true, createdAt: true },
    });
    await tx.workflow.update({ where: { id }, data: { publishedVersionId: version.id } });
    await linkCalibrations(tx, workspaceId, id, graph, version);
    const overridden = failing.length > 0;
    if (overridden) {
      const actor = actorId
        ? await tx.account.findUnique({ where: { id: actorId }, select: { id: true, email: true } })
        : null;
      for (const g of failing) {
        await writeWorkspaceAudit(tx, {
          workspaceId,
          actor: actor ?? (actorId ? { id: actorId } : null),
          action: "publish_override",
          target: { type: "challenge", id: g.challenge_id },
          reason: reason!.slice(0, OVERRIDE_REASON_MAX),
          details: { workflow_id: id, version: version.version, run_id: g.run_id, failures: g.failures },
        });
      }
    }
    return {
      version: {
        id: version.id,
        version: version.version,
        published_by: version.publishedBy,
        created_at: version.createdAt.toISOString(),
      },
      gate,
      overridden,
    };
  });
}

/** A running test run: iterate it for the engine's (masked) events; `result` settles at the end. */
export interface TestRun extends AsyncIterable<RunEvent> {
  result: Promise<RunResult>;
}

/**
 * Runs the draft (default) or the published version with the given inputs, as the workflow's
 * challenge (so {{secret}} and the challenge's criteria apply), persisted like any run with
 * triggered_from "test-run". Secrets and mask_variables are masked in every event by the engine.
 * An invalid draft is refused (422) before anything runs.
 */
export async function testRunWorkflow(
  workspaceId: string,
  actorId: string | null,
  id: string,
  input: WorkflowTestRunInput,
  opts: { signal?: AbortSignal } = {},
): Promise<TestRun> {
  const data = workflowTestRunSchema.parse(input);
  const wf = await db.workflow.findFirst({
    where: { id, workspaceId },
    select: {
      draftGraph: true,
      publishedVersion: { select: { id: true, graph: true } },
      challenges: { orderBy: { createdAt: "asc" }, take: 1, select: { id: true } },
    },
  });
  if (!wf) throw notFound("Workflow");
  let graph: unknown;
  let versionId: string | null = null;
  if (data.use_draft) {
    graph = wf.draftGraph;
  } else {
    if (!wf.publishedVersion) throw conflict("The workflow has no published version yet; publish it or test the draft");
    graph = wf.publishedVersion.graph;
    versionId = wf.publishedVersion.id;
  }
  const check = validateDraft(graph);
  if (!check.ok) throw invalidGraphError(check.issues);

  const queue = asyncQueue<RunEvent>();
  const result = runWorkflowForWorkspace({
    workspaceId,
    workflowId: id,
    workflowVersionId: versionId,
    graph: workflowGraphSchema.parse(graph),
    inputs: data.inputs,
    endUserId: null,
    triggeredFrom: "test-run",
    challengeId: wf.challenges[0]?.id ?? null,
    signal: opts.signal,
    onEvent: (event) => queue.push(event),
  }).finally(() => queue.end());
  void actorId;

  async function* events(): AsyncGenerator<RunEvent> {
    yield* queue.items;
    // Surface an infrastructure failure (the database refusing the run rows) to the consumer.
    await result;
  }
  return { result, [Symbol.asyncIterator]: events };
}
