import "server-only";
import { dummyPasswordHash, hashPassword, verifyPassword } from "@/lib/crypto";
import { db } from "@/lib/db";
import { AppError, conflict } from "@/lib/errors";
import { emailKey, limits } from "@/lib/rate-limit";
import type { RegisterInput } from "@/lib/validation/auth";
import { consumeEmailCode } from "@/lib/services/email-codes";

export interface PublicAccount {
  id: string;
  email: string;
  name: string;
}

const publicSelect = { id: true, email: true, name: true } as const;

export const SUPPORTED_LANGUAGES = ["en"] as const;

/** Picks the interface language from Accept-Language, as seed 000's registration asks. */
export function languageFromHeader(acceptLanguage: string | null | undefined): string {
  const wanted = (acceptLanguage ?? "")
    .split(",")
    .map((part) => part.split(";")[0]?.trim().toLowerCase().split("-")[0])
    .filter(Boolean);
  return wanted.find((l) => (SUPPORTED_LANGUAGES as readonly string[]).includes(l!)) ?? "en";
}

/**
 * Registers a player account (no workspace is created: create_workspace_required = false).
 * With `code`, the email must have received a registration code.
 */
export async function registerAccount(
  input: RegisterInput,
  ctx: { clientKey: string; language?: string },
): Promise<PublicAccount> {
  await limits.register.consume(ctx.clientKey);
  const existing = await db.account.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) throw conflict("An account with this email already exists. Log in instead.");
  if (input.code !== undefined) {
    const ok = await consumeEmailCode(input.email, input.code, "register");
    if (!ok) throw new AppError("validation_failed", "The code is invalid or has expired", { details: { field: "code" } });
  }
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.account.create({
    data: {
      email: input.email,
      name: input.name,
      passwordHash,
      interfaceLanguage: ctx.language ?? "en",
      profile: { create: { displayName: input.name } },
    },
    select: publicSelect,
  });
}

/**
 * Checks an email and password. Every attempt takes a point from the client's failure budget
 * and from the account's (keyed by email, so unknown emails behave the same) up front, so
 * parallel guesses cannot all slip past a check, and a success gives both back; once either
 * budget is spent, even a correct password is refused with 429 until the window passes.
 */
export async function loginWithPassword(
  email: string,
  password: string,
  clientKey: string,
): Promise<PublicAccount | null> {
  const normalized = emailKey(email) || "(empty)";
  await limits.loginFailures.consume(clientKey);
  try {
    await limits.loginFailuresPerAccount.consume(normalized);
  } catch (err) {
    // Refused for the account: no password was tried, so the client's point is given back.
    await limits.loginFailures.refund(clientKey);
    throw err;
  }
  const account = await db.account.findUnique({
    where: { email: normalized },
    select: { ...publicSelect, passwordHash: true, status: true },
  });
  const ok = await verifyPassword(password, account?.passwordHash ?? (await dummyPasswordHash()));
  if (!account || !ok || account.status !== "active") return null;
  await limits.loginFailures.refund(clientKey);
  await limits.loginFailuresPerAccount.refund(normalized);
  await db.account.update({ where: { id: account.id }, data: { lastLoginAt: new Date() } });
  return { id: account.id, email: account.email, name: account.name };
}

/**
 * Changes the password of a signed-in account. The current password is checked like a login
 * (same per-client and per-account failure limits); a wrong one is 422 and changes nothing.
 * Every session of the account is revoked (session version raised), so the caller must be given
 * a new token (see POST /web/api/password and the settings action).
 */
export async function changePassword(
  accountId: string,
  input: { currentPassword: string; newPassword: string },
  clientKey: string,
): Promise<PublicAccount> {
  const account = await db.account.findUnique({ where: { id: accountId }, select: { email: true, passwordHash: true } });
  if (!account) throw new AppError("unauthorized", "Log in to do this");
  if (!account.passwordHash) {
    throw conflict("This account has no password (it signs in with email codes).");
  }
  const checked = await loginWithPassword(account.email, input.currentPassword, clientKey);
  if (!checked || checked.id !== accountId) {
    throw new AppError("validation_failed", "The current password is not correct", {
      details: { issues: [{ path: "current_password", message: "The current password is not correct" }] },
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.account.update({
    where: { id: accountId },
    data: { passwordHash, sessionVersion: { increment: 1 } },
  });
  return checked;
}

/** The per-workspace EndUser that runs and attempts of this account are attributed to. */
export async function ensureEndUser(workspaceId: string, accountId: string): Promise<{ id: string }> {
  return db.endUser.upsert({
    where: { workspaceId_accountId: { workspaceId, accountId } },
    create: { workspaceId, accountId, type: "account" },
    update: {},
    select: { id: true },
  });
}
