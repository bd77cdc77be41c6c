"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type { z } from "zod";
import { safeNextPath } from "@/lib/auth/safe-next";
import { readSessionToken, sessionCookieName, sessionCookieOptions } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { clientKey } from "@/lib/http/client-ip";
import { log } from "@/lib/log";
import { languageFromHeader, loginWithPassword, registerAccount, type PublicAccount } from "@/lib/services/accounts";
import { sendEmailCode, verifyEmailCode } from "@/lib/services/email-codes";
import { issueSessionToken, revokeSession } from "@/lib/services/sessions";
import {
  emailCodeSendSchema,
  emailCodeVerifySchema,
  loginInputSchema,
  registerInputSchema,
} from "@/lib/validation/auth";

export type AuthFormState = {
  status: "idle" | "error" | "code_sent";
  message?: string;
  fieldErrors?: Partial<Record<string, string[]>>;
  email?: string;
};

/** Only same-site paths, so `next` cannot send people elsewhere. */
function safeNext(value: FormDataEntryValue | null): string {
  return safeNextPath(typeof value === "string" ? value : null);
}

function fieldErrors(error: z.ZodError): Partial<Record<string, string[]>> {
  const out: Partial<Record<string, string[]>> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

async function startSession(account: PublicAccount): Promise<void> {
  const jar = await cookies();
  jar.set(sessionCookieName(), await issueSessionToken(account), sessionCookieOptions());
}

async function failure(err: unknown, fallbackKey: "generic"): Promise<AuthFormState> {
  const t = await getTranslations("auth.errors");
  if (err instanceof AppError) {
    if (err.code === "rate_limited") {
      const seconds = (err.details as { retry_after?: number } | undefined)?.retry_after ?? 60;
      return { status: "error", message: t("rateLimited", { seconds }) };
    }
    if (err.status < 500) return { status: "error", message: err.message };
  }
  log.error("auth action failed", { error: err instanceof Error ? err.message : String(err) });
  return { status: "error", message: t(fallbackKey) };
}

export async function loginWithPasswordAction(_prev: AuthFormState, formData: FormData): Promise<AuthFormState> {
  const parsed = loginInputSchema.safeParse({ email: formData.get("email"), password: formData.get("password") });
  if (!parsed.success) return { status: "error", fieldErrors: fieldErrors(parsed.error) };
  let account: PublicAccount | null;
  try {
    account = await loginWithPassword(parsed.data.email, parsed.data.password, clientKey(await headers()));
  } catch (err) {
    return failure(err, "generic");
  }
  if (!account) {
    const t = await getTranslations("auth.errors");
    return { status: "error", message: t("invalidCredentials") };
  }
  await startSession(account);
  redirect(safeNext(formData.get("next")));
}

export async function sendLoginCodeAction(_prev: AuthFormState, formData: FormData): Promise<AuthFormState> {
  const parsed = emailCodeSendSchema.safeParse({ email: formData.get("email"), purpose: "login" });
  if (!parsed.success) return { status: "error", fieldErrors: fieldErrors(parsed.error) };
  try {
    await sendEmailCode(parsed.data.email, "login", clientKey(await headers()));
  } catch (err) {
    return failure(err, "generic");
  }
  return { status: "code_sent", email: parsed.data.email };
}

export async function verifyLoginCodeAction(_prev: AuthFormState, formData: FormData): Promise<AuthFormState> {
  const parsed = emailCodeVerifySchema.safeParse({ email: formData.get("email"), code: formData.get("code") });
  const rawEmail = formData.get("email");
  const email = typeof rawEmail === "string" ? rawEmail : undefined;
  if (!parsed.success) return { status: "code_sent", email, fieldErrors: fieldErrors(parsed.error) };
  let account: PublicAccount | null;
  try {
    account = await verifyEmailCode(parsed.data.email, parsed.data.code, clientKey(await headers()));
  } catch (err) {
    return { ...(await failure(err, "generic")), status: "code_sent", email };
  }
  if (!account) {
    const t = await getTranslations("auth.errors");
    return { status: "code_sent", email, message: t("invalidCode") };
  }
  await startSession(account);
  redirect(safeNext(formData.get("next")));
}

export async function registerAction(_prev: AuthFormState, formData: FormData): Promise<AuthFormState> {
  const parsed = registerInputSchema.safeParse({
    name: formData.get("name"),
    email: formData.get("email"),
    password: formData.get("password") ?? undefined,
  });
  if (!parsed.success) return { status: "error", fieldErrors: fieldErrors(parsed.error) };
  let account: PublicAccount;
  try {
    const h = await headers();
    account = await registerAccount(parsed.data, {
      clientKey: clientKey(h),
      language: languageFromHeader(h.get("accept-language")),
    });
  } catch (err) {
    return failure(err, "generic");
  }
  await startSession(account);
  redirect(safeNext(formData.get("next")));
}

export async function logoutAction(): Promise<void> {
  const jar = await cookies();
  // Logging out ends the session on the server too, not only in this browser.
  const claims = await readSessionToken(jar.get(sessionCookieName())?.value);
  if (claims) await revokeSession(claims);
  jar.set(sessionCookieName(), "", sessionCookieOptions(0));
  redirect("/");
}
