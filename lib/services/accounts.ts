import "server-only";
import { dummyPasswordHash, hashPassword, verifyPassword } from "@/lib/crypto";
import { db } from "@/lib/db";
import { one, query } from "@/lib/db/lean";
import { AppError, conflict } from "@/lib/errors";
import { limits } from "@/lib/rate-limit";
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
 * up front (so parallel guesses cannot all slip past a check) and a success gives it back; once
 * the budget is spent, even a correct password is refused with 429 until the window passes.
 */
export async function loginWithPassword(
  email: string,
  password: string,
  clientKey: string,
): Promise<PublicAccount | null> {
  await limits.loginFailures.consume(clientKey);
  const normalized = email.trim().toLowerCase();
  const account = await db.account.findUnique({
    where: { email: normalized },
    select: { ...publicSelect, passwordHash: true, status: true },
  });
  const ok = await verifyPassword(password, account?.passwordHash ?? (await dummyPasswordHash()));
  if (!account || !ok || account.status !== "active") return null;
  await limits.loginFailures.refund(clientKey);
  await db.account.update({ where: { id: account.id }, data: { lastLoginAt: new Date() } });
  return { id: account.id, email: account.email, name: account.name };
}

export async function getActiveAccount(id: string): Promise<PublicAccount | null> {
  // Lean SQL: this runs on every authenticated request (lib/db/lean.ts).
  const account = await query(() =>
    one<{ id: string; email: string; name: string; status: string }>(
      "SELECT id, email, name, status FROM accounts WHERE id = $1",
      id,
    ),
  );
  return account && account.status === "active" ? { id: account.id, email: account.email, name: account.name } : null;
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
