"use server";

import { revalidatePath } from "next/cache";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { runAction, type ActionMessages } from "@/lib/api/action";
import { readSessionToken, sessionCookieName, sessionCookieOptions } from "@/lib/auth/session";
import { getViewer } from "@/lib/auth/viewer";
import type { FormState } from "@/lib/contracts/forms";
import { AppError } from "@/lib/errors";
import { clientKey } from "@/lib/http/client-ip";
import { changePassword } from "@/lib/services/accounts";
import { deleteAccount } from "@/lib/services/account-deletion";
import type { ProfileSettings } from "@/lib/contracts/auth";
import { updateProfile } from "@/lib/services/profiles";
import { issueSessionToken, revokeAllSessions } from "@/lib/services/sessions";
import { passwordChangeSchema } from "@/lib/contracts/auth";
import { profileInputSchema } from "@/lib/contracts/auth";

async function settingsMessages(): Promise<ActionMessages> {
  const t = await getTranslations("player.settings");
  return { invalid: t("fixErrors"), failed: t("failed") };
}

async function securityMessages(): Promise<ActionMessages> {
  const t = await getTranslations("player.settings.security");
  return { invalid: t("fixErrors"), failed: t("failed") };
}

async function signedInViewer() {
  const viewer = await getViewer();
  if (viewer) return viewer;
  const t = await getTranslations("player.settings");
  throw new AppError("unauthorized", t("signedOut"));
}

/** Saves the signed-in player's profile: authenticate → parse → call the service → revalidate. */
export async function saveSettingsAction(
  _prev: FormState<ProfileSettings>,
  formData: FormData,
): Promise<FormState<ProfileSettings>> {
  return runAction<ProfileSettings>(
    { name: "saving profile settings", messages: settingsMessages },
    async () => {
      const viewer = await signedInViewer();
      const input = profileInputSchema.parse({
        displayName: formData.get("displayName"),
        avatarUrl: formData.get("avatarUrl") ?? "",
        notifyOnFirstBlood: formData.get("notifyOnFirstBlood"),
        notifyOnRecordBeaten: formData.get("notifyOnRecordBeaten"),
        notifyOnPairing: formData.get("notifyOnPairing"),
        notifyByEmail: formData.get("notifyByEmail"),
      });
      const settings = await updateProfile(viewer.id, input);
      revalidatePath("/", "layout");
      const t = await getTranslations("player.settings");
      return { message: t("saved"), data: settings };
    },
  );
}

// The form names its fields in camelCase; the schema (shared with POST /web/api/password) does not.
const passwordField = (path: string) => (path === "current_password" ? "currentPassword" : "newPassword");

/** The service refuses a wrong current password as validation_failed: shown under that field. */
function wrongPasswordOnCurrentField(err: unknown): never {
  if (err instanceof AppError && err.code === "validation_failed") {
    const issues = [{ path: "current_password", message: err.message }];
    throw new AppError("validation_failed", err.message, { details: { issues } });
  }
  throw err;
}

/**
 * Changes the password (the current one is checked with the login limits), revokes every session
 * of the account and gives this browser a new one with the same absolute expiry.
 */
export async function changePasswordAction(_prev: FormState, formData: FormData): Promise<FormState> {
  const opts = { name: "changing the password", messages: securityMessages, fieldOf: passwordField };
  return runAction(opts, async () => {
    const viewer = await signedInViewer();
    const input = passwordChangeSchema.parse({
      current_password: formData.get("currentPassword") ?? "",
      new_password: formData.get("newPassword") ?? "",
    });
    const jar = await cookies();
    const claims = await readSessionToken(jar.get(sessionCookieName())?.value);
    const account = await changePassword(
      viewer.id,
      { currentPassword: input.current_password, newPassword: input.new_password },
      clientKey(await headers()),
    ).catch(wrongPasswordOnCurrentField);
    jar.set(
      sessionCookieName(),
      await issueSessionToken(account, { authTime: claims?.authTime }),
      sessionCookieOptions(),
    );
    const t = await getTranslations("player.settings.security");
    return { message: t("passwordChanged") };
  });
}

/** Log out everywhere: revokes every session of the account, this one included. */
export async function logoutEverywhereAction(): Promise<void> {
  const viewer = await getViewer();
  if (viewer) await revokeAllSessions(viewer.id);
  const jar = await cookies();
  jar.set(sessionCookieName(), "", sessionCookieOptions(0));
  redirect("/login");
}

/**
 * Deletes the signed-in account after it typed its password (its email address if it has none); its attempts and
 * board places go with it, every session ends, and this browser is signed out.
 */
export async function deleteAccountAction(_prev: FormState, formData: FormData): Promise<FormState> {
  const messages = async (): Promise<ActionMessages> => {
    const t = await getTranslations("playerAccount.deleteAccount");
    return { invalid: t("fixErrors"), failed: t("failed") };
  };
  return runAction({ name: "deleting the account", messages }, async () => {
    const viewer = await signedInViewer();
    const confirmation = formData.get("confirmation");
    const t = await getTranslations("playerAccount.deleteAccount");
    await deleteAccount(
      viewer.id,
      typeof confirmation === "string" ? confirmation : "",
      clientKey(await headers()),
      { wrongPassword: t("wrongPassword"), wrongEmail: t("wrongEmail") },
    );
    const jar = await cookies();
    jar.set(sessionCookieName(), "", sessionCookieOptions(0));
    redirect("/");
  });
}
