import "server-only";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { runAction } from "@/lib/api/action";
import { getViewer, type Viewer } from "@/lib/auth/viewer";
import type { FormState } from "@/lib/contracts/forms";
import { forbidden, notFound as notFoundError } from "@/lib/errors";
import type { Role, WorkspaceSummary } from "@/lib/services/workspaces";

// Membership checks for the console's workspace pages and their server actions. Pages: no
// session → login, not a member → 404 (the workspace's existence is not revealed). Actions: the
// same check again on every call (a page render proves nothing about a later POST), answered as a
// form state instead of a throw.

export interface WorkspaceContext {
  viewer: Viewer;
  workspace: WorkspaceSummary;
}

/** Owners and admins manage members, API tokens and LLM providers; editors build challenges. */
export const MANAGER_ROLES: readonly Role[] = ["owner", "admin"];

export function canManage(role: Role): boolean {
  return MANAGER_ROLES.includes(role);
}

export const workspaceForPage = cache(async (slug: string): Promise<WorkspaceContext> => {
  const viewer = await getViewer();
  if (!viewer) redirect(`/login?next=${encodeURIComponent(`/console/${slug}`)}`);
  const workspace = viewer.workspaces.find((w) => w.slug === slug);
  if (!workspace) notFound();
  return { viewer, workspace };
});

async function workspaceForAction(slug: unknown, roles?: readonly Role[]): Promise<WorkspaceContext> {
  const viewer = await getViewer();
  if (!viewer) redirect("/login?next=/console");
  const workspace = typeof slug === "string" ? viewer.workspaces.find((w) => w.slug === slug) : undefined;
  if (!workspace) throw notFoundError("Workspace");
  if (roles && !roles.includes(workspace.role)) throw forbidden("Only owners and admins can do this");
  return { viewer, workspace };
}

/**
 * Runs a console server action: authenticate and authorize (membership of the slug in the form,
 * optional roles), run `fn`, and turn every failure into a form state with a clear message.
 * Redirects and notFound() from `fn` pass through.
 */
export async function workspaceAction<T>(
  formData: FormData,
  opts: { roles?: readonly Role[] },
  fn: (ctx: WorkspaceContext) => Promise<Partial<FormState<T>> | void>,
): Promise<FormState<T>> {
  return runAction<T>({ name: "console action", messages: consoleMessages, formData }, async () =>
    fn(await workspaceForAction(formData.get("workspace"), opts.roles)),
  );
}

async function consoleMessages() {
  const t = await getTranslations("consolePages.common");
  return { invalid: t("fixErrors"), failed: t("genericError") };
}

// The form reader lives in lib/contracts/forms (client-safe: the new-challenge wizard reads its form
// with it too, to check each step as the server will).
export { FormReader } from "@/lib/contracts/forms";
