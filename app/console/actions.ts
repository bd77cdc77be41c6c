"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { runAction } from "@/lib/api/action";
import { getViewer } from "@/lib/auth/viewer";
import type { FormState } from "@/lib/contracts/forms";
import { createWorkspace } from "@/lib/services/workspaces";
import { workspaceCreateSchema } from "@/lib/contracts/workspaces";

async function messages() {
  const t = await getTranslations("auth.errors");
  return { failed: t("generic") };
}

export async function createWorkspaceAction(_prev: FormState, formData: FormData): Promise<FormState> {
  const viewer = await getViewer();
  if (!viewer) redirect("/login?next=/console");
  return runAction({ name: "creating a workspace", messages }, async () => {
    const { name } = workspaceCreateSchema.parse({ name: formData.get("name") });
    const { slug } = await createWorkspace(viewer.id, name);
    revalidatePath("/console");
    redirect(`/console/${slug}`);
  });
}
