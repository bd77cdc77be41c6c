"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { FormState } from "@/lib/contracts/forms";
import { addMember, changeMemberRole, removeMember } from "@/lib/services/members";
import { idParams } from "@/lib/contracts/params";
import { MANAGER_ROLES, workspaceAction } from "../context";

const str = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : "");

export async function addMemberAction(_prev: FormState, formData: FormData) {
  return workspaceAction(formData, { roles: MANAGER_ROLES }, async ({ workspace }) => {
    await addMember(workspace.id, {
      email: str(formData.get("email")),
      role: str(formData.get("role")) as "editor",
    });
    revalidatePath(`/console/${workspace.slug}/members`);
  });
}

export async function changeRoleAction(_prev: FormState, formData: FormData) {
  return workspaceAction(formData, { roles: MANAGER_ROLES }, async ({ workspace }) => {
    const { id } = idParams.parse({ id: formData.get("id") });
    await changeMemberRole(workspace.id, id, { role: str(formData.get("role")) as "editor" });
    revalidatePath(`/console/${workspace.slug}`, "layout");
  });
}

export async function removeMemberAction(_prev: FormState, formData: FormData) {
  const state = await workspaceAction<{ self: boolean }>(
    formData,
    { roles: MANAGER_ROLES },
    async ({ viewer, workspace }) => {
      const { id } = idParams.parse({ id: formData.get("id") });
      const removed = await removeMember(workspace.id, id);
      revalidatePath(`/console/${workspace.slug}`, "layout");
      return { data: { self: removed.accountId === viewer.id } };
    },
  );
  // Someone who removed themselves no longer has anything to see here.
  if (state.data?.self) redirect("/console");
  return state;
}
