import "server-only";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { runAction } from "@/lib/api/action";
import { getViewer, type Viewer } from "@/lib/auth/viewer";
import type { FormState } from "@/lib/contracts/forms";
import { AppError, forbidden, notFound as notFoundError } from "@/lib/errors";
import { MAX_JSON_DEPTH, jsonTextDepth } from "@/lib/http/json-limits";
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

/**
 * Reads typed values out of a console form and collects every problem, so one submit reports
 * all of them as field errors (422-style) instead of stopping at the first.
 */
export class FormReader {
  private readonly issues: { path: string; message: string }[] = [];
  constructor(private readonly formData: FormData) {}

  text(name: string): string {
    const v = this.formData.get(name);
    return typeof v === "string" ? v : "";
  }

  /** Trimmed text, or null when empty. */
  optional(name: string): string | null {
    const v = this.text(name).trim();
    return v === "" ? null : v;
  }

  checkbox(name: string): boolean {
    return this.formData.get(name) === "on";
  }

  /** A whole number; empty gives `empty`. */
  int<E>(name: string, empty: E, label = name): number | E {
    const v = this.text(name).trim();
    if (v === "") return empty;
    if (!/^-?\d{1,15}$/.test(v)) {
      this.issues.push({ path: name, message: `${label} must be a whole number` });
      return empty;
    }
    return Number(v);
  }

  /** A JSON object; empty gives null. */
  jsonObject(name: string, label = name): Record<string, unknown> | null {
    const v = this.text(name).trim();
    if (v === "") return null;
    if (jsonTextDepth(v, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      this.issues.push({ path: name, message: `${label} nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep` });
      return null;
    }
    try {
      const parsed = JSON.parse(v) as unknown;
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
      this.issues.push({ path: name, message: `${label} must be a JSON object ({ … })` });
    } catch {
      this.issues.push({ path: name, message: `${label} is not valid JSON` });
    }
    return null;
  }

  /** Non-empty lines (or comma-separated items). */
  list(name: string): string[] {
    return this.text(name)
      .split(/[\n,]/)
      .map((l) => l.trim())
      .filter(Boolean);
  }

  /** Throws the collected problems as one validation error. */
  done(): void {
    if (this.issues.length === 0) return;
    const first = this.issues[0]!;
    throw new AppError("validation_failed", `${first.path}: ${first.message}`, { details: { issues: this.issues } });
  }
}
