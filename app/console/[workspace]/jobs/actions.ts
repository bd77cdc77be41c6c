"use server";

import { revalidatePath } from "next/cache";
import type { FormState } from "@/lib/contracts/forms";
import { retryJob } from "@/lib/services/jobs/console";
import { idParams } from "@/lib/contracts/params";
import { MANAGER_ROLES, workspaceAction } from "../context";

export async function retryJobAction(_prev: FormState, formData: FormData) {
  return workspaceAction(formData, { roles: MANAGER_ROLES }, async ({ workspace }) => {
    const { id } = idParams.parse({ id: formData.get("id") });
    await retryJob(workspace.id, id);
    revalidatePath(`/console/${workspace.slug}/jobs`);
  });
}
