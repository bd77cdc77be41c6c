"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { FormState } from "@/lib/contracts/forms";
import { createApiToken, revokeApiToken } from "@/lib/services/api-tokens";
import { apiTokenCreateSchema } from "@/lib/contracts/api-tokens";
import { idParams } from "@/lib/contracts/params";
import { MANAGER_ROLES, workspaceAction } from "../context";

const optionalDays = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : undefined),
  apiTokenCreateSchema.shape.expires_in_days,
);

type Created = { token: string; scopes: string[] };

export async function createTokenAction(_prev: FormState<Created>, formData: FormData) {
  return workspaceAction<Created>(formData, { roles: MANAGER_ROLES }, async ({ viewer, workspace }) => {
    const input = apiTokenCreateSchema.extend({ expires_in_days: optionalDays }).parse({
      name: formData.get("name") ?? "",
      expires_in_days: formData.get("expires_in_days") ?? "",
      // Checkboxes: none ticked is an error (choose at least one scope), not the default.
      scopes: formData.getAll("scopes"),
    });
    const { token, apiToken } = await createApiToken(workspace.id, viewer.id, {
      name: input.name,
      expiresInDays: input.expires_in_days,
      scopes: input.scopes,
    });
    revalidatePath(`/console/${workspace.slug}/tokens`);
    return { data: { token, scopes: apiToken.scopes } };
  });
}

export async function revokeTokenAction(_prev: FormState, formData: FormData) {
  return workspaceAction(formData, { roles: MANAGER_ROLES }, async ({ workspace }) => {
    const { id } = idParams.parse({ id: formData.get("id") });
    await revokeApiToken(workspace.id, id);
    revalidatePath(`/console/${workspace.slug}/tokens`);
  });
}
