"use server";

import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import type { PackImportPanelResult, PackPanelResult } from "@/components/packs/types";
import type { FormState } from "@/lib/contracts/forms";
import { MAX_PACK_BYTES } from "@/lib/contracts/packs";
import { AppError } from "@/lib/errors";
import { PackInvalidError, publishPack, takePackQuota, validatePack } from "@/lib/services/packs";
import { importPackChallenges } from "@/lib/services/packs/convert";
import { workspaceAction } from "../context";

// The "Publish a pack" panel: one form, two buttons (intent=validate | intent=publish). A bundle
// that does not validate is an answer, not a failure: its errors come back as data to list.

async function yamlOf(formData: FormData): Promise<string> {
  const v = formData.get("yaml");
  const text = typeof v === "string" ? v : "";
  if (Buffer.byteLength(text, "utf8") > MAX_PACK_BYTES) {
    const t = await getTranslations("consolePages.packs");
    throw new AppError("payload_too_large", t("tooLarge", { limit: "1 MiB" }));
  }
  return text;
}

export async function packPanelAction(_prev: FormState<PackPanelResult>, formData: FormData) {
  return workspaceAction<PackPanelResult>(formData, {}, async ({ viewer, workspace }) => {
    await takePackQuota(workspace.id);
    const yaml = await yamlOf(formData);
    if (formData.get("intent") === "publish") {
      try {
        const result = await publishPack(workspace.id, yaml, viewer.id);
        revalidatePath(`/console/${workspace.slug}/packs`);
        return { data: { kind: "published", result } };
      } catch (err) {
        if (err instanceof PackInvalidError) return { data: { kind: "invalid", errors: err.errors } };
        throw err;
      }
    }
    const checked = await validatePack(yaml, workspace.id);
    return {
      data: checked.valid ? { kind: "valid" } : { kind: "invalid", errors: checked.errors },
    };
  });
}

// The "Import as challenges" panel: a pack's challenges become draft challenges; a bundle that
// does not validate (or a challenge that could not be made from it) answers its errors as data.
export async function packImportAction(_prev: FormState<PackImportPanelResult>, formData: FormData) {
  return workspaceAction<PackImportPanelResult>(formData, {}, async ({ viewer, workspace }) => {
    await takePackQuota(workspace.id);
    const yaml = await yamlOf(formData);
    try {
      const result = await importPackChallenges(workspace.id, viewer.id, yaml);
      revalidatePath(`/console/${workspace.slug}/challenges`);
      return { data: { kind: "imported", challenges: result.challenges } };
    } catch (err) {
      if (err instanceof PackInvalidError) return { data: { kind: "invalid", errors: err.errors } };
      throw err;
    }
  });
}
