"use server";

import { revalidatePath } from "next/cache";
import type { FormState } from "@/lib/contracts/forms";
import { createProvider, deleteProvider } from "@/lib/services/llm-providers";
import { idParams } from "@/lib/contracts/params";
import { providerCreateSchema } from "@/lib/contracts/llm-providers";
import { MANAGER_ROLES, workspaceAction } from "../context";

const text = (formData: FormData, name: string) => {
  const v = formData.get(name);
  return typeof v === "string" ? v : "";
};
const optional = (v: string) => (v.trim() === "" ? undefined : v.trim());

export async function createProviderAction(_prev: FormState, formData: FormData) {
  return workspaceAction(formData, { roles: MANAGER_ROLES }, async ({ workspace }) => {
    const input = providerCreateSchema.parse({
      name: text(formData, "name"),
      kind: text(formData, "kind"),
      base_url: optional(text(formData, "base_url")),
      api_key: optional(text(formData, "api_key")),
      models: text(formData, "models")
        .split(/[\n,]/)
        .map((m) => m.trim())
        .filter(Boolean),
      is_default: formData.get("is_default") === "on",
    });
    await createProvider(workspace.id, {
      name: input.name,
      kind: input.kind,
      baseUrl: input.base_url,
      apiKey: input.api_key,
      models: input.models,
      isDefault: input.is_default,
    });
    revalidatePath(`/console/${workspace.slug}/providers`);
  });
}

export async function deleteProviderAction(_prev: FormState, formData: FormData) {
  return workspaceAction(formData, { roles: MANAGER_ROLES }, async ({ workspace }) => {
    const { id } = idParams.parse({ id: formData.get("id") });
    await deleteProvider(workspace.id, id);
    revalidatePath(`/console/${workspace.slug}/providers`);
  });
}
