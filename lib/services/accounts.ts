import "server-only";
import { dummyPasswordHash, hashPassword, verifyPassword } from "@/lib/crypto";
import { db } from "@/lib/db";
import { AppError, conflict } from "@/lib/errors";
import { limits } from "@/lib/rate-limit";
import type { RegisterInput } from "@/lib/contracts/auth";
import { consumeEmailCode, mailLoginChallengeCode } from "@/lib/services/email-codes";
import { returnEventCodeUse, takeEventCodeUse } from "@/lib/services/event-codes";
import type { PublicAccount } from "@/lib/services/public-account";
import {
  beginLoginAttempt,
  challengedFailure,
  challengeRequired,
  loginFailed,
  loginSucceeded,
  needsChallenge,
  rememberClient,
} from "@/lib/services/login-guard";

export type { PublicAccount };

const publicSelect = { id: true, email: true, name: true } as const;

export const SUPPORTED_LANGUAGES = ["en"] as const;

/** Picks the interface language from Accept-Language at registration. */
export function languageFromHeader(acceptLanguage: string | null | undefined): string {
  const wanted = (acceptLanguage ?? "")
    .split(",")
    .map((part) => part.split(";")[0]?.trim().toLowerCase().split("-")[0])
    .filter(Boolean);
  return wanted.find((l) => (SUPPORTED_LANGUAGES as readonly string[]).includes(l!)) ?? "en";
}

/**
 * Registers a player account (no workspace is created: create_workspace_required = false).
 * With `code`, the email must have received a registration code. With `event`, the registration
 * takes one of that event code's uses instead of a point of the client address's hourly quota
 * (lib/services/event-codes.ts); a use whose registration fails is given back.
 */
export async function registerAccount(
  input: RegisterInput,
  ctx: { clientKey: string; language?: string },
): Promise<PublicAccount> {
  const event = input.event !== undefined ? await takeEventCodeUse(input.event, limits.register, ctx.clientKey) : null;
  if (!event) await limits.register.consume(ctx.clientKey);
  try {
    return await createAccount(input, ctx);
  } catch (err) {
    if (event) await returnEventCodeUse(event.id);
    throw err;
  }
}

async function createAccount(input: RegisterInput, ctx: { clientKey: string; language?: string }): Promise<PublicAccount> {
  const existing = await db.account.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) throw conflict("An account with this email already exists. Log in instead.");
  if (input.code !== undefined) {
    const ok = await consumeEmailCode(input.email, input.code, "register", ctx.clientKey);
    if (!ok) throw new AppError("validation_failed", "The code is invalid or has expired", { details: { field: "code" } });
  }
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const account = await db.account.create({
    data: {
      email: input.email,
      name: input.name,
      passwordHash,
      interfaceLanguage: ctx.language ?? "en",
      profile: { create: { displayName: input.name } },
    },
    select: publicSelect,
  });
  // The address the account was created from is its owner's.
  await rememberClient(account.id, ctx.clientKey);
  return account;
}

/**
 * Checks an email and password under the failed-login rules of login-guard.ts: 429, or
 * `login_challenge_required` (401) for an unknown client (ARCHITECTURE.md, 'Password check').
 */
export async function loginWithPassword(
  email: string,
  password: string,
  clientKey: string,
  opts: { reauth?: boolean; event?: string | undefined } = {},
): Promise<PublicAccount | null> {
  const attempt = await beginLoginAttempt(email, clientKey, opts.event);
  const account = await db.account.findUnique({
    where: { email: attempt.accountKey },
    select: { ...publicSelect, passwordHash: true, status: true },
  });
  const ok = await verifyPassword(password, account?.passwordHash ?? (await dummyPasswordHash()));
  const valid = account && ok && account.status === "active" ? account : null;
  if (await needsChallenge(attempt, account?.id ?? null)) {
    // Right or wrong, the points stay and the same answer comes in the same time: what differs
    // (counting the failure, mailing the code) happens in the background.
    if (!valid) challengedFailure(attempt, account?.id ?? null);
    else if (!opts.reauth) mailLoginChallengeCode(valid.email, clientKey);
    throw challengeRequired(opts.reauth === true);
  }
  if (!valid) {
    await loginFailed(attempt, account?.id ?? null);
    return null;
  }
  await loginSucceeded(attempt, valid.id);
  await db.account.update({ where: { id: valid.id }, data: { lastLoginAt: new Date() } });
  return { id: valid.id, email: valid.email, name: valid.name };
}

/**
 * Changes the password of a signed-in account. The current password is checked like a login
 * (same failure limits; past the account's soft threshold from a client it does not know, 429);
 * a wrong one is 422 and changes nothing.
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
  const checked = await loginWithPassword(account.email, input.currentPassword, clientKey, { reauth: true });
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
