"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { getViewer } from "@/lib/auth/viewer";
import { AppError } from "@/lib/errors";
import { createWorkspace } from "@/lib/services/workspaces";
import { workspaceCreateSchema } from "@/lib/validation/console";

export type ConsoleFormState = {
  status: "idle" | "error";
  message?: string;
  fieldErrors?: Partial<Record<string, string[]>>;
};

export async function createWorkspaceAction(_prev: ConsoleFormState, formData: FormData): Promise<ConsoleFormState> {
  const viewer = await getViewer();
  if (!viewer) redirect("/login?next=/console");
  const parsed = workspaceCreateSchema.safeParse({ name: formData.get("name") });
  if (!parsed.success) {
    return { status: "error", fieldErrors: { name: parsed.error.issues.map((i) => i.message) } };
  }
  let slug: string;
  try {
    slug = (await createWorkspace(viewer.id, parsed.data.name)).slug;
  } catch (err) {
    const t = await getTranslations("auth.errors");
    return { status: "error", message: err instanceof AppError && err.status < 500 ? err.message : t("generic") };
  }
  revalidatePath("/console");
  redirect(`/console/${slug}`);
}
