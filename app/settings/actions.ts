"use server";

import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import { getViewer } from "@/lib/auth/viewer";
import { log } from "@/lib/log";
import { updateProfile, type ProfileSettings } from "@/lib/services/profiles";
import { profileInputSchema } from "@/lib/validation/profile";

export type SettingsFormState = {
  status: "idle" | "error" | "saved";
  message?: string;
  fieldErrors?: Partial<Record<string, string[]>>;
  settings?: ProfileSettings;
};

/** Saves the signed-in player's profile: authenticate → parse → call the service → revalidate. */
export async function saveSettingsAction(_prev: SettingsFormState, formData: FormData): Promise<SettingsFormState> {
  const t = await getTranslations("player.settings");
  const viewer = await getViewer();
  if (!viewer) return { status: "error", message: t("signedOut") };
  const parsed = profileInputSchema.safeParse({
    displayName: formData.get("displayName"),
    avatarUrl: formData.get("avatarUrl") ?? "",
    notifyOnFirstBlood: formData.get("notifyOnFirstBlood"),
    notifyOnRecordBeaten: formData.get("notifyOnRecordBeaten"),
    notifyOnPairing: formData.get("notifyOnPairing"),
    notifyByEmail: formData.get("notifyByEmail"),
  });
  if (!parsed.success) {
    const fieldErrors: Partial<Record<string, string[]>> = {};
    for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
    return { status: "error", message: t("fixErrors"), fieldErrors };
  }
  try {
    const settings = await updateProfile(viewer.id, parsed.data);
    revalidatePath("/", "layout");
    return { status: "saved", message: t("saved"), settings };
  } catch (err) {
    log.error("saving profile settings failed", { error: err instanceof Error ? err.message : String(err) });
    return { status: "error", message: t("failed") };
  }
}
