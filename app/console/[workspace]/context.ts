import "server-only";
import { notFound, redirect, unstable_rethrow } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { ZodError } from "zod";
import { getViewer, type Viewer } from "@/lib/auth/viewer";
import { AppError, forbidden, notFound as notFoundError } from "@/lib/errors";
import { MAX_JSON_DEPTH, jsonTextDepth } from "@/lib/http/json-limits";
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
const WRITE_ONLY = new Set(["api_key", "secret", "secret_value", "value", "token", "password"]);

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
    // Keyed by the form field: "theme.position" belongs to the theme field.
    for (const i of issues ?? []) (fieldErrors[i.path.split(".")[0] || "_form"] ??= []).push(i.message);
    return { status: "error", message: err.message, fieldErrors, at: Date.now() };
  }
  log.error("console action failed", { error: err instanceof Error ? err.message : String(err) });
  return { status: "error", message: t("genericError"), at: Date.now() };
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
