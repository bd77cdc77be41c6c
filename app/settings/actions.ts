"use server";

import { revalidatePath } from "next/cache";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { readSessionToken, sessionCookieName, sessionCookieOptions } from "@/lib/auth/session";
import { getViewer } from "@/lib/auth/viewer";
import { AppError } from "@/lib/errors";
import { clientKey } from "@/lib/http/client-ip";
import { log } from "@/lib/log";
import { changePassword } from "@/lib/services/accounts";
import { updateProfile, type ProfileSettings } from "@/lib/services/profiles";
import { issueSessionToken, revokeAllSessions } from "@/lib/services/sessions";
import { passwordChangeSchema } from "@/lib/validation/auth";
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

export type PasswordFormState = {
  status: "idle" | "error" | "saved";
  message?: string;
  fieldErrors?: Partial<Record<string, string[]>>;
};

/**
 * Changes the password (the current one is checked with the login limits), revokes every session
 * of the account and gives this browser a new one with the same absolute expiry.
 */
export async function changePasswordAction(_prev: PasswordFormState, formData: FormData): Promise<PasswordFormState> {
  const t = await getTranslations("player.settings");
  const viewer = await getViewer();
  if (!viewer) return { status: "error", message: t("signedOut") };
  const parsed = passwordChangeSchema.safeParse({
    current_password: formData.get("currentPassword") ?? "",
    new_password: formData.get("newPassword") ?? "",
  });
  const field = (path: unknown) => (path === "current_password" ? "currentPassword" : "newPassword");
  if (!parsed.success) {
    const fieldErrors: Partial<Record<string, string[]>> = {};
    for (const issue of parsed.error.issues) (fieldErrors[field(issue.path[0])] ??= []).push(issue.message);
    return { status: "error", message: t("security.fixErrors"), fieldErrors };
  }
  const jar = await cookies();
  const claims = await readSessionToken(jar.get(sessionCookieName())?.value);
  try {
    const account = await changePassword(
      viewer.id,
      { currentPassword: parsed.data.current_password, newPassword: parsed.data.new_password },
      clientKey(await headers()),
    );
    jar.set(sessionCookieName(), await issueSessionToken(account, { authTime: claims?.authTime }), sessionCookieOptions());
    return { status: "saved", message: t("security.passwordChanged") };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      const fieldErrors = err.code === "validation_failed" ? { currentPassword: [err.message] } : undefined;
      return { status: "error", message: err.message, fieldErrors };
    }
    log.error("changing the password failed", { error: err instanceof Error ? err.message : String(err) });
    return { status: "error", message: t("security.failed") };
  }
}

/** Log out everywhere: revokes every session of the account, this one included. */
export async function logoutEverywhereAction(): Promise<void> {
  const viewer = await getViewer();
  if (viewer) await revokeAllSessions(viewer.id);
  const jar = await cookies();
  jar.set(sessionCookieName(), "", sessionCookieOptions(0));
  redirect("/login");
}
