"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { runAction, type ActionMessages } from "@/lib/api/action";
import { claimGuestOfJar } from "@/lib/auth/guest-claim";
import { safeNextPath } from "@/lib/auth/safe-next";
import { readSessionToken, sessionCookieName, sessionCookieOptions } from "@/lib/auth/session";
import type { FormState } from "@/lib/contracts/forms";
import { AppError } from "@/lib/errors";
import { clientKey } from "@/lib/http/client-ip";
import { languageFromHeader, loginWithPassword, registerAccount, type PublicAccount } from "@/lib/services/accounts";
import { sendEmailCode, verifyEmailCode } from "@/lib/services/email-codes";
import { waitMessage, withoutWait } from "@/lib/time/wait";
import { issueSessionToken, revokeSession } from "@/lib/services/sessions";
import {
  emailCodeSendSchema,
  emailCodeVerifySchema,
  loginInputSchema,
  registerInputSchema,
} from "@/lib/contracts/auth";

/** Only same-site paths, so `next` cannot send people elsewhere. */
function safeNext(value: FormDataEntryValue | null): string {
  return safeNextPath(typeof value === "string" ? value : null);
}

/** The invite link's event code the form carries (an empty field is none). */
function eventOf(formData: FormData): string | undefined {
  const value = formData.get("event");
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** Starts the session of an account that proved itself and leaves; no account is refused. */
async function signIn(
  account: PublicAccount | null,
  formData: FormData,
  refusal: "invalidCredentials" | "invalidCode",
): Promise<never> {
  if (!account) {
    const t = await getTranslations("auth.errors");
    throw new AppError("unauthorized", t(refusal));
  }
  const jar = await cookies();
  jar.set(sessionCookieName(), await issueSessionToken(account), sessionCookieOptions());
  await claimGuestOfJar(jar, account.id);
  redirect(safeNext(formData.get("next")));
}

async function authMessages(): Promise<ActionMessages> {
  const t = await getTranslations("auth.errors");
  // The refusal's own reason, then the wait in words ("Try again in 29 minutes.").
  return { failed: t("generic"), rateLimited: (seconds, message) => waitMessage(withoutWait(message), seconds) };
}

const authAction = <T = never>(fn: () => Promise<Partial<FormState<T>> | void>) =>
  runAction<T>({ name: "auth action", messages: authMessages }, fn);

export async function loginWithPasswordAction(_prev: FormState, formData: FormData): Promise<FormState> {
  return authAction(async () => {
    const input = loginInputSchema.parse({
      email: formData.get("email"),
      password: formData.get("password"),
      event: eventOf(formData),
    });
    const account = await loginWithPassword(input.email, input.password, clientKey(await headers()), {
      event: input.event,
    });
    await signIn(account, formData, "invalidCredentials");
  });
}

/** Success carries the address the code went to; the form then asks for the code. */
export async function sendLoginCodeAction(
  _prev: FormState<{ email: string }>,
  formData: FormData,
): Promise<FormState<{ email: string }>> {
  return authAction(async () => {
    const { email, event } = emailCodeSendSchema.parse({
      email: formData.get("email"),
      purpose: "login",
      event: eventOf(formData),
    });
    await sendEmailCode(email, "login", clientKey(await headers()), event);
    return { data: { email } };
  });
}

export async function verifyLoginCodeAction(_prev: FormState, formData: FormData): Promise<FormState> {
  return authAction(async () => {
    const input = emailCodeVerifySchema.parse({
      email: formData.get("email"),
      code: formData.get("code"),
      event: eventOf(formData),
    });
    const account = await verifyEmailCode(input.email, input.code, clientKey(await headers()), input.event);
    await signIn(account, formData, "invalidCode");
  });
}

export async function registerAction(_prev: FormState, formData: FormData): Promise<FormState> {
  return authAction(async () => {
    const input = registerInputSchema.parse({
      name: formData.get("name"),
      email: formData.get("email"),
      password: formData.get("password") ?? undefined,
      event: eventOf(formData),
    });
    const h = await headers();
    const account = await registerAccount(input, {
      clientKey: clientKey(h),
      language: languageFromHeader(h.get("accept-language")),
    });
    await signIn(account, formData, "invalidCredentials");
  });
}

export async function logoutAction(): Promise<void> {
  const jar = await cookies();
  // Logging out ends the session on the server too, not only in this browser.
  const claims = await readSessionToken(jar.get(sessionCookieName())?.value);
  if (claims) await revokeSession(claims);
  jar.set(sessionCookieName(), "", sessionCookieOptions(0));
  redirect("/");
}
