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
import { readChallengeForm } from "@/lib/contracts/challenges";
import { idParams } from "@/lib/contracts/params";
import { FormReader, workspaceAction } from "../context";

// Every field of the challenge form (columns, instructions, theme, media, limits), read by
// readChallengeForm (lib/contracts/challenges/form.ts, which the new-challenge wizard also uses to
// check each step). The same services serve /console/api/challenges. The secret is write-only:
// sent only when the creator typed one, and never part of what the action hands back.

function payload(formData: FormData, opts: { includeTheme: boolean }) {
  const f = new FormReader(formData);
  const data = readChallengeForm(f, opts);
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
