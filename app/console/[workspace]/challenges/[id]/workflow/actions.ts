"use server";

import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import type { PublishGateHold, PublishResult, SaveDraftResult } from "@/components/builder/types";
import { actionErrorState } from "@/lib/api/action";
import { getViewer } from "@/lib/auth/viewer";
import { AppError } from "@/lib/errors";
import { assertJsonValueDepth } from "@/lib/http/json-limits";
import type { GateCheck } from "@/lib/services/calibration/gate";
import {
  graphIssuesOf,
  OVERRIDE_REASON_MAX,
  publishWorkflow,
  saveWorkflowDraft,
} from "@/lib/services/workflows";
import type { WorkspaceSummary } from "@/lib/services/workspaces";

// The builder's server actions: the same services as PUT …/draft and POST …/publish. Membership is
// checked again on every call (a page render proves nothing about a later POST); a refused graph
// comes back as the server's validateGraph issues so the canvas shows exactly those. Other
// failures are described as every server action's are (lib/api/action.ts), in the builder's
// { ok: false, message } shape.

const argsSchema = z.object({
  workspace: z.string().min(1).max(100),
  workflowId: z.string().min(1).max(100),
});

type Refusal = {
  ok: false;
  message: string;
  issues?: { nodeId: string | null; message: string }[];
  gate?: PublishGateHold[];
};

const reasonSchema = z.string().trim().min(1).max(OVERRIDE_REASON_MAX).optional();

async function withWorkflow<T extends { ok: true }>(
  workspaceSlug: unknown,
  workflowId: unknown,
  fn: (ctx: { workspace: WorkspaceSummary; actorId: string; workflowId: string }) => Promise<T>,
): Promise<T | Refusal> {
  const t = await getTranslations("builder.actions");
  const args = argsSchema.safeParse({ workspace: workspaceSlug, workflowId });
  if (!args.success) return { ok: false, message: t("notFound") };
  const viewer = await getViewer();
  if (!viewer) return { ok: false, message: t("signedOut") };
  const workspace = viewer.workspaces.find((w) => w.slug === args.data.workspace);
  if (!workspace) return { ok: false, message: t("notFound") };
  try {
    return await fn({ workspace, actorId: viewer.id, workflowId: args.data.workflowId });
  } catch (err) {
    const gate = gateHoldsOf(err, args.data.workspace);
    if (gate) return { ok: false, gate, message: err instanceof AppError ? err.message : t("generic") };
    const issues = graphIssuesOf(err);
    if (issues) return { ok: false, issues, message: err instanceof AppError ? err.message : t("invalid") };
    const state = await actionErrorState(err, {
      name: "workflow builder action",
      messages: () => Promise.resolve({ failed: t("generic") }),
    });
    return { ok: false, message: state.message ?? t("generic") };
  }
}

export async function saveDraftAction(
  workspaceSlug: string,
  workflowId: string,
  graph: unknown,
): Promise<SaveDraftResult> {
  const result = await withWorkflow(
    workspaceSlug,
    workflowId,
    async ({ workspace, actorId, workflowId: id }) => {
      assertJsonValueDepth(graph, "graph");
      const saved = await saveWorkflowDraft(workspace.id, actorId, id, graph);
      return { ok: true as const, savedAt: saved.updated_at };
    },
  );
  return result;
}

/**
 * Saves the graph as the draft, then publishes it as the next version. A failing calibration gate
 * comes back as the holding challenges; with an override reason the publish goes through (audited).
 */
export async function publishAction(
  workspaceSlug: string,
  workflowId: string,
  graph: unknown,
  overrideReason?: unknown,
): Promise<PublishResult> {
  const reason = reasonSchema.safeParse(overrideReason === "" ? undefined : overrideReason);
  if (!reason.success) {
    const t = await getTranslations("builder.gate");
    return { ok: false, message: t("reasonInvalid", { max: OVERRIDE_REASON_MAX }) };
  }
  const result = await withWorkflow(
    workspaceSlug,
    workflowId,
    async ({ workspace, actorId, workflowId: id }) => {
      assertJsonValueDepth(graph, "graph");
      await saveWorkflowDraft(workspace.id, actorId, id, graph);
      const published = await publishWorkflow(workspace.id, actorId, id, { overrideReason: reason.data });
      revalidatePath(`/console/${workspace.slug}`, "layout");
      return { ok: true as const, version: published.version.version, overridden: published.overridden };
    },
  );
  return result;
}

/** The challenges holding a publish at the calibration gate, with their calibration pages. */
function gateHoldsOf(err: unknown, workspaceSlug: string): PublishGateHold[] | null {
  if (!(err instanceof AppError) || err.code !== "calibration_required") return null;
  const gate = (err.details as { gate?: GateCheck[] } | undefined)?.gate ?? [];
  return gate
    .filter((g) => !g.passed)
    .map((g) => ({
      challengeId: g.challenge_id,
      challengeName: g.challenge_name,
      failures: g.failures,
      calibrationHref: `/console/${encodeURIComponent(workspaceSlug)}/challenges/${encodeURIComponent(g.challenge_id)}/calibration`,
    }));
}
