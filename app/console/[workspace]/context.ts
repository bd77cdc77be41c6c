import "server-only";
import { notFound, redirect, unstable_rethrow } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { ZodError } from "zod";
import { getViewer, type Viewer } from "@/lib/auth/viewer";
import { AppError, forbidden, notFound as notFoundError } from "@/lib/errors";
import { log } from "@/lib/log";
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

export type FieldErrors = Partial<Record<string, string[]>>;

export type FormState<T = unknown> = {
  status: "idle" | "error" | "success";
  message?: string;
  fieldErrors?: FieldErrors;
  /** What a successful action hands back to the form (e.g. a token shown once). */
  data?: T;
  /** After an error: what was submitted (write-only fields left out), to refill the form. */
  values?: Record<string, string>;
  /** Changes on every submit, so forms can reset or show the message again. */
  at?: number;
};

// Never echoed back to the browser, even to the person who just typed them.
const WRITE_ONLY = new Set(["api_key", "secret_value", "value", "token", "password"]);

function submittedValues(formData: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of formData.entries()) {
    if (typeof value !== "string" || key.startsWith("$") || WRITE_ONLY.has(key) || key in out) continue;
    out[key] = value;
  }
  return out;
}

export const idle: FormState<never> = { status: "idle" };

async function workspaceForAction(slug: unknown, roles?: readonly Role[]): Promise<WorkspaceContext> {
  const viewer = await getViewer();
  if (!viewer) redirect("/login?next=/console");
  const workspace = typeof slug === "string" ? viewer.workspaces.find((w) => w.slug === slug) : undefined;
  if (!workspace) throw notFoundError("Workspace");
  if (roles && !roles.includes(workspace.role)) throw forbidden("Only owners and admins can do this");
  return { viewer, workspace };
}

export function zodFieldErrors(err: ZodError): FieldErrors {
  const out: FieldErrors = {};
  // Keyed by the form field (the first path segment); deeper paths stay in the message.
  for (const issue of err.issues) {
    const [first, ...rest] = issue.path.map(String);
    const key = first ?? "_form";
    (out[key] ??= []).push(rest.length > 0 ? `${rest.join(".")}: ${issue.message}` : issue.message);
  }
  return out;
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
  try {
    const ctx = await workspaceForAction(formData.get("workspace"), opts.roles);
    const result = await fn(ctx);
    return { status: "success", ...(result ?? {}), at: Date.now() };
  } catch (err) {
    unstable_rethrow(err);
    return { ...(await errorState(err)), values: submittedValues(formData) };
  }
}

async function errorState(err: unknown): Promise<FormState<never>> {
  const t = await getTranslations("consolePages.common");
  if (err instanceof ZodError) {
    const fieldErrors = zodFieldErrors(err);
    return { status: "error", message: fieldErrors._form?.join(" ") ?? t("fixErrors"), fieldErrors, at: Date.now() };
  }
  if (err instanceof AppError && err.status < 500) {
    const issues = (err.details as { issues?: { path: string; message: string }[] } | undefined)?.issues;
    const fieldErrors: FieldErrors = {};
    for (const i of issues ?? []) (fieldErrors[i.path || "_form"] ??= []).push(i.message);
    return { status: "error", message: err.message, fieldErrors, at: Date.now() };
  }
  log.error("console action failed", { error: err instanceof Error ? err.message : String(err) });
  return { status: "error", message: t("genericError"), at: Date.now() };
}
