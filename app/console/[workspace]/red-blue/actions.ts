"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { ZodError } from "zod";
import type { FormState } from "@/lib/contracts/forms";
import { redBlueCreateSchema, redBlueUpdateSchema } from "@/lib/contracts/red-blue";
import { AppError } from "@/lib/errors";
import { defaultAppId } from "@/lib/services/challenges";
import { idParams } from "@/lib/contracts/params";
import {
  createRedBlueChallenge,
  deleteRedBlueChallenge,
  updateRedBlueChallenge,
} from "@/lib/services/red-blue";
import { FormReader, workspaceAction } from "../context";

// Red/blue challenges: the same services as /console/api/red-blue-challenges. The form's fields
// are flat (settings.pass_threshold is the field "pass_threshold"), so validation problems are
// mapped back to the field that shows them.

/** A number field (decimals allowed); empty keeps the stored value. */
function decimal(
  f: FormReader,
  problems: { path: string; message: string }[],
  name: string,
  label: string,
): number | undefined {
  const v = f.text(name).trim();
  if (v === "") return undefined;
  const n = Number(v);
  if (!Number.isFinite(n)) problems.push({ path: name, message: `${label} must be a number` });
  return n;
}

function judgeSuite(f: FormReader): unknown {
  const raw = f.text("judge_suite").trim();
  if (raw === "") return [];
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function payload(formData: FormData, opts: { includeTheme: boolean }) {
  const f = new FormReader(formData);
  const problems: { path: string; message: string }[] = [];
  const includeTheme = opts.includeTheme || f.text("theme_dirty") === "1";
  const strategy = f.text("scoring_strategy");
  const data = {
    name: f.text("name"),
    description: f.optional("description"),
    instructions_md: f.text("instructions_md").trim() === "" ? null : f.text("instructions_md"),
    ...(includeTheme ? { theme: f.jsonObject("theme") } : {}),
    workflow_id: f.optional("workflow_id"),
    judge_suite: judgeSuite(f),
    defense_selection_policy: f.text("defense_selection_policy"),
    attack_selection_policy: f.text("attack_selection_policy"),
    scoring_strategy: strategy,
    is_active: f.checkbox("is_active"),
    settings: {
      model: f.text("model").trim(),
      judge_model: f.text("judge_model").trim(),
      judge_samples: f.int("judge_samples", undefined, "Judge samples"),
      judge_models: f.list("judge_models"),
      judge_aggregation: f.optional("judge_aggregation") ?? undefined,
      min_agreement: decimal(f, problems, "min_agreement", "Minimum agreement"),
      secret_ref: f.optional("secret_ref"),
      secret_name: f.optional("secret_name"),
      secret_description: f.optional("secret_description"),
      pass_threshold: f.int("pass_threshold", undefined, "Pass threshold"),
      severity_bonus: f.checkbox("severity_bonus"),
      time_penalty_per_second: decimal(f, problems, "time_penalty_per_second", "Time penalty"),
      token_penalty_per_1k: decimal(f, problems, "token_penalty_per_1k", "Token penalty"),
      utility_gate: {
        prompts: f
          .text("utility_prompts")
          .split("\n")
          .map((l) => l.trim())
          .filter(Boolean),
        mode: f.text("utility_mode"),
      },
      reveal_after_round: f.checkbox("reveal_after_round"),
      max_prompt_chars: f.int("max_prompt_chars", undefined, "Max prompt characters"),
      max_output_tokens: f.int("max_output_tokens", undefined, "Max output tokens"),
      submissions_per_minute: f.int("submissions_per_minute", undefined, "Submissions per minute"),
      scoring_plugin_id: strategy === "custom" ? f.optional("scoring_plugin_id") : null,
      scoring_config: strategy === "custom" ? f.jsonObject("scoring_config", "Scorer settings") : null,
    },
  };
  try {
    f.done();
  } catch (err) {
    const issues = (err as AppError).details as { issues: { path: string; message: string }[] };
    problems.unshift(...issues.issues);
  }
  if (problems.length > 0) {
    throw new AppError("validation_failed", `${problems[0]!.path}: ${problems[0]!.message}`, {
      details: { issues: problems },
    });
  }
  return data;
}

/** The form field a problem belongs to: settings.x → x, settings.utility_gate.prompts → utility_prompts. */
function fieldOf(path: readonly string[]): { field: string; rest: string[] } {
  const [first = "_form", second, third, ...more] = path;
  if (first !== "settings" || second === undefined) return { field: first, rest: path.slice(1) };
  if (second === "utility_gate") {
    return {
      field: third === "mode" ? "utility_mode" : "utility_prompts",
      rest: third === "prompts" ? more : [],
    };
  }
  return { field: second, rest: path.slice(2) };
}

function flatten(issues: readonly { path: string | readonly PropertyKey[]; message: string }[]) {
  return issues.map((issue) => {
    const segments = typeof issue.path === "string" ? issue.path.split(".") : issue.path.map(String);
    const { field, rest } = fieldOf(segments.filter((s) => s !== ""));
    return { path: field, message: rest.length > 0 ? `${rest.join(".")}: ${issue.message}` : issue.message };
  });
}

/** Validation problems of the schema or the service, keyed by the flat form field. */
function formError(err: unknown): unknown {
  if (err instanceof ZodError) {
    const issues = flatten(err.issues);
    return new AppError("validation_failed", `${issues[0]?.path}: ${issues[0]?.message}`, {
      details: { issues },
    });
  }
  if (err instanceof AppError) {
    const details = err.details as { issues?: { path: string; message: string }[] } | undefined;
    if (details?.issues)
      return new AppError(err.code, err.message, {
        details: { ...details, issues: flatten(details.issues) },
      });
  }
  return err;
}

export async function createRedBlueAction(_prev: FormState, formData: FormData) {
  const state = await workspaceAction<{ to: string }>(formData, {}, async ({ viewer, workspace }) => {
    try {
      const input = redBlueCreateSchema.parse({
        ...payload(formData, { includeTheme: true }),
        app_id: await defaultAppId(workspace.id),
      });
      const created = await createRedBlueChallenge(workspace.id, viewer.id, input);
      revalidatePath(`/console/${workspace.slug}/red-blue`);
      return { data: { to: `/console/${workspace.slug}/red-blue/${created.id}?created=1` } };
    } catch (err) {
      throw formError(err);
    }
  });
  if (state.data) redirect(state.data.to);
  return state;
}

export async function updateRedBlueAction(_prev: FormState, formData: FormData) {
  return workspaceAction(formData, {}, async ({ viewer, workspace }) => {
    const { id } = idParams.parse({ id: formData.get("id") });
    try {
      const input = redBlueUpdateSchema.parse(payload(formData, { includeTheme: false }));
      await updateRedBlueChallenge(workspace.id, viewer.id, id, input);
    } catch (err) {
      throw formError(err);
    }
    revalidatePath(`/console/${workspace.slug}/red-blue`, "layout");
    revalidatePath(`/red-blue`, "layout");
  });
}

export async function deleteRedBlueAction(_prev: FormState, formData: FormData) {
  const state = await workspaceAction<{ to: string }>(formData, {}, async ({ workspace }) => {
    const { id } = idParams.parse({ id: formData.get("id") });
    await deleteRedBlueChallenge(workspace.id, id);
    revalidatePath(`/console/${workspace.slug}/red-blue`);
    return { data: { to: `/console/${workspace.slug}/red-blue` } };
  });
  if (state.data) redirect(state.data.to);
  return state;
}
