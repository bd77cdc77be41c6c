"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { FormState } from "@/lib/contracts/forms";
import {
  createCollection,
  deleteCollection,
  setCollectionChallenges,
  updateCollection,
} from "@/lib/services/collections";
import { idParams } from "@/lib/contracts/params";
import { FormReader, workspaceAction } from "../context";

// Collections: the same services as /console/api/challenge-collections. Membership and order are
// saved as a whole list (as PUT …/{id}/challenges does).

function payload(formData: FormData, opts: { includeTheme: boolean }) {
  const f = new FormReader(formData);
  const includeTheme = opts.includeTheme || f.text("theme_dirty") === "1";
  const data = {
    name: f.text("name"),
    description: f.optional("description"),
    instructions_md: f.text("instructions_md").trim() === "" ? null : f.text("instructions_md"),
    ...(includeTheme ? { theme: f.jsonObject("theme") } : {}),
    scoring_strategy: f.text("scoring_strategy"),
    scoring_plugin_id: f.optional("scoring_plugin_id"),
    scoring_entrypoint: f.optional("scoring_entrypoint"),
    scoring_config: f.jsonObject("scoring_config"),
    is_public: f.checkbox("is_public"),
    gated: f.checkbox("gated"),
  };
  f.done();
  return data as Parameters<typeof updateCollection>[3] & Parameters<typeof createCollection>[2];
}

export async function createCollectionAction(_prev: FormState, formData: FormData) {
  const state = await workspaceAction<{ to: string }>(formData, {}, async ({ viewer, workspace }) => {
    const collection = await createCollection(
      workspace.id,
      viewer.id,
      payload(formData, { includeTheme: true }),
    );
    revalidatePath(`/console/${workspace.slug}/collections`);
    return { data: { to: `/console/${workspace.slug}/collections/${collection.id}?created=1` } };
  });
  if (state.data) redirect(state.data.to);
  return state;
}

export async function updateCollectionAction(_prev: FormState, formData: FormData) {
  return workspaceAction(formData, {}, async ({ viewer, workspace }) => {
    const { id } = idParams.parse({ id: formData.get("id") });
    await updateCollection(workspace.id, viewer.id, id, payload(formData, { includeTheme: false }));
    revalidatePath(`/console/${workspace.slug}/collections`, "layout");
  });
}

export async function setMembershipAction(_prev: FormState, formData: FormData) {
  return workspaceAction(formData, {}, async ({ viewer, workspace }) => {
    const { id } = idParams.parse({ id: formData.get("id") });
    const ids = formData.getAll("challenge_ids").filter((v): v is string => typeof v === "string");
    await setCollectionChallenges(workspace.id, id, ids, viewer.id);
    revalidatePath(`/console/${workspace.slug}/collections`, "layout");
  });
}

export async function deleteCollectionAction(_prev: FormState, formData: FormData) {
  const state = await workspaceAction<{ to: string }>(formData, {}, async ({ workspace }) => {
    const { id } = idParams.parse({ id: formData.get("id") });
    await deleteCollection(workspace.id, id);
    revalidatePath(`/console/${workspace.slug}/collections`);
    return { data: { to: `/console/${workspace.slug}/collections` } };
  });
  if (state.data) redirect(state.data.to);
  return state;
}
