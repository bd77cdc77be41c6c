"use server";

import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import type { FormState } from "@/lib/contracts/forms";
import { createHint, deleteHint, moveHint, updateHint } from "@/lib/services/hints";
import { WRITERS } from "@/lib/contracts/challenges";
import { idParams } from "@/lib/contracts/params";
import { FormReader, workspaceAction } from "../../context";

// The console's hint editor (challenge page): add, edit, move and delete a challenge's hints.
// Every action checks the workspace membership and role again and scopes the challenge (and the
// hint) to the workspace in the service.

function ids(formData: FormData) {
  const { id: challengeId } = idParams.parse({ id: formData.get("challenge_id") });
  const hint = formData.get("hint_id");
  const hintId = typeof hint === "string" && hint !== "" ? idParams.parse({ id: hint }).id : null;
  return { challengeId, hintId };
}

function hintPayload(formData: FormData) {
  const f = new FormReader(formData);
  const data = {
    body: f.text("body"),
    cost: f.int("cost", 0, "Cost"),
    unlock_after_failures: f.int("unlock_after_failures", null, "Failed attempts"),
  };
  f.done();
  return data;
}

export async function saveHintAction(_prev: FormState, formData: FormData): Promise<FormState> {
  return workspaceAction(formData, { roles: WRITERS }, async ({ workspace }) => {
    const { challengeId, hintId } = ids(formData);
    const input = hintPayload(formData);
    if (hintId) await updateHint(workspace.id, challengeId, hintId, input);
    else await createHint(workspace.id, challengeId, input);
    revalidatePath(`/console/${workspace.slug}/challenges/${challengeId}`);
    revalidatePath(`/challenges/${challengeId}`);
    return { message: (await getTranslations("boards.hintsEditor"))("saved") };
  });
}

export async function moveHintAction(_prev: FormState, formData: FormData): Promise<FormState> {
  return workspaceAction(formData, { roles: WRITERS }, async ({ workspace }) => {
    const { challengeId, hintId } = ids(formData);
    const direction = formData.get("direction") === "up" ? "up" : "down";
    if (hintId) await moveHint(workspace.id, challengeId, hintId, direction);
    revalidatePath(`/console/${workspace.slug}/challenges/${challengeId}`);
    revalidatePath(`/challenges/${challengeId}`);
  });
}

export async function deleteHintAction(_prev: FormState, formData: FormData): Promise<FormState> {
  return workspaceAction(formData, { roles: WRITERS }, async ({ workspace }) => {
    const { challengeId, hintId } = ids(formData);
    if (hintId) await deleteHint(workspace.id, challengeId, hintId);
    revalidatePath(`/console/${workspace.slug}/challenges/${challengeId}`);
    revalidatePath(`/challenges/${challengeId}`);
  });
}
