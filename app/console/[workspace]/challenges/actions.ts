"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { FormState } from "@/lib/contracts/forms";
import {
  createChallenge,
  createChallengeFromTemplate,
  deleteChallenge,
  duplicateChallenge,
  updateChallenge,
} from "@/lib/services/challenges";
import { idParams } from "@/lib/validation/console";
import { FormReader, workspaceAction } from "../context";

// Every field of the challenge form (columns, instructions, theme, media, limits). The same services serve
// /console/api/challenges. The secret is write-only: sent only when the creator typed one, and
// never part of what the action hands back.

function payload(formData: FormData, opts: { includeTheme: boolean }) {
  const f = new FormReader(formData);
  const secret = f.text("secret");
  const includeTheme = opts.includeTheme || f.text("theme_dirty") === "1";
  const data = {
    name: f.text("name"),
    description: f.optional("description"),
    goal: f.text("goal"),
    success_type: f.text("success_type"),
    success_pattern: f.text("success_pattern") === "" ? null : f.text("success_pattern"),
    secret_ref: f.optional("secret_ref"),
    ...(secret !== "" ? { secret } : {}),
    scoring_strategy: f.text("scoring_strategy"),
    is_active: f.checkbox("is_active"),
    evaluator_type: f.text("evaluator_type"),
    evaluator_plugin_id: f.optional("evaluator_plugin_id"),
    evaluator_entrypoint: f.optional("evaluator_entrypoint"),
    evaluator_config: f.jsonObject("evaluator_config"),
    scoring_plugin_id: f.optional("scoring_plugin_id"),
    scoring_entrypoint: f.optional("scoring_entrypoint"),
    scoring_config: f.jsonObject("scoring_config"),
    instructions_md: f.text("instructions_md").trim() === "" ? null : f.text("instructions_md"),
    ...(includeTheme ? { theme: f.jsonObject("theme") } : {}),
    hero_asset_id: f.optional("hero_asset_id"),
    difficulty: f.text("difficulty"),
    points: f.int("points", 0),
    max_attempts: f.int("max_attempts", null),
    cooldown_seconds: f.int("cooldown_seconds", 0),
    mask_variables: f.list("mask_variables"),
    allow_guests: f.checkbox("allow_guests"),
    guests_on_boards: f.checkbox("allow_guests") && f.checkbox("guests_on_boards"),
    allow_secret_claims: f.checkbox("allow_secret_claims"),
    refusal_message: f.optional("refusal_message"),
    win_message: f.optional("win_message"),
  };
  f.done();
  // The form's selects always send a value; the schema checks they are allowed ones.
  return data as Parameters<typeof createChallenge>[2];
}

export async function createChallengeAction(_prev: FormState, formData: FormData) {
  const state = await workspaceAction<{ to: string }>(formData, {}, async ({ viewer, workspace }) => {
    const template = new FormReader(formData).optional("template");
    const input = payload(formData, { includeTheme: true });
    // From a template: the challenge comes with a working workflow draft, opened in the builder.
    if (template) {
      const challenge = await createChallengeFromTemplate(workspace.id, viewer.id, template, input);
      revalidatePath(`/console/${workspace.slug}`, "layout");
      return { data: { to: `/console/${workspace.slug}/challenges/${challenge.id}/workflow` } };
    }
    const challenge = await createChallenge(workspace.id, viewer.id, input);
    revalidatePath(`/console/${workspace.slug}`, "layout");
    return { data: { to: `/console/${workspace.slug}/challenges/${challenge.id}?created=1` } };
  });
  if (state.data) redirect(state.data.to);
  return state;
}

export async function updateChallengeAction(_prev: FormState, formData: FormData) {
  return workspaceAction(formData, {}, async ({ viewer, workspace }) => {
    const { id } = idParams.parse({ id: formData.get("id") });
    await updateChallenge(workspace.id, viewer.id, id, payload(formData, { includeTheme: false }));
    revalidatePath(`/console/${workspace.slug}`, "layout");
  });
}

export async function deleteChallengeAction(_prev: FormState, formData: FormData) {
  const state = await workspaceAction<{ to: string }>(formData, {}, async ({ workspace }) => {
    const { id } = idParams.parse({ id: formData.get("id") });
    await deleteChallenge(workspace.id, id);
    revalidatePath(`/console/${workspace.slug}`, "layout");
    return { data: { to: `/console/${workspace.slug}/challenges` } };
  });
  if (state.data) redirect(state.data.to);
  return state;
}

/** Copies a challenge (fields, a new unpublished workflow with its draft) and opens the copy. */
export async function duplicateChallengeAction(_prev: FormState, formData: FormData) {
  const state = await workspaceAction<{ to: string }>(formData, {}, async ({ viewer, workspace }) => {
    const { id } = idParams.parse({ id: formData.get("id") });
    const copy = await duplicateChallenge(workspace.id, viewer.id, id);
    revalidatePath(`/console/${workspace.slug}`, "layout");
    return { data: { to: `/console/${workspace.slug}/challenges/${copy.id}` } };
  });
  if (state.data) redirect(state.data.to);
  return state;
}
