"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { FormState } from "@/lib/contracts/forms";
import { createEventCode, revokeEventCode } from "@/lib/services/event-codes";
import { eventCodeCreateSchema } from "@/lib/contracts/event-codes";
import { idParams } from "@/lib/contracts/params";
import { MANAGER_ROLES, workspaceAction } from "../context";

const formNumber = (schema: z.ZodType<number>) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : undefined), schema);

type Created = { code: string };

export async function createEventCodeAction(_prev: FormState<Created>, formData: FormData) {
  return workspaceAction<Created>(formData, { roles: MANAGER_ROLES }, async ({ viewer, workspace }) => {
    const input = eventCodeCreateSchema
      .extend({
        max_uses: formNumber(eventCodeCreateSchema.shape.max_uses),
        expires_in_hours: formNumber(eventCodeCreateSchema.shape.expires_in_hours),
      })
      .parse({
        name: formData.get("name") ?? "",
        max_uses: formData.get("max_uses") ?? "",
        expires_in_hours: formData.get("expires_in_hours") ?? "",
      });
    const code = await createEventCode(workspace.id, viewer.id, {
      name: input.name,
      maxUses: input.max_uses,
      expiresInHours: input.expires_in_hours,
    });
    revalidatePath(`/console/${workspace.slug}/event-codes`);
    return { data: { code: code.code } };
  });
}

export async function revokeEventCodeAction(_prev: FormState, formData: FormData) {
  return workspaceAction(formData, { roles: MANAGER_ROLES }, async ({ workspace }) => {
    const { id } = idParams.parse({ id: formData.get("id") });
    await revokeEventCode(workspace.id, id);
    revalidatePath(`/console/${workspace.slug}/event-codes`);
  });
}
