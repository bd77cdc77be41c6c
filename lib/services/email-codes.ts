import "server-only";
import { keyedHash, safeEqual, sixDigitCode } from "@/lib/crypto";
import { db } from "@/lib/db";
import { sendEmail, renderLoginCodeEmail } from "@/lib/email";
import { emailKey, limits } from "@/lib/rate-limit";
import { log } from "@/lib/log";
import type { PublicAccount } from "@/lib/services/accounts";
import { challengeMailAllowed, rememberClient } from "@/lib/services/login-guard";

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_TRIES = 5;

type Purpose = "login" | "register";

/**
 * Sends a 6-digit code. For login, an unknown email gets no mail but the same answer, so the
 * endpoint does not reveal which emails have accounts.
 */
export async function sendEmailCode(email: string, purpose: Purpose, clientKey: string): Promise<void> {
  await limits.emailCodeSend.perClient.consume(clientKey);
  await limits.emailCodeSend.perEmail.consume(emailKey(email));
  const account = await db.account.findUnique({ where: { email }, select: { id: true, status: true } });
  if (purpose === "login" && (!account || account.status !== "active")) return;
  if (purpose === "register" && account) return;

  await issueCode(email, purpose);
}

/** A new code for the email (replacing any earlier one), mailed. */
async function issueCode(email: string, purpose: Purpose): Promise<void> {
  const code = sixDigitCode();
  const now = new Date();
  await db.$transaction([
    // A new code replaces any earlier one.
    db.emailLoginCode.updateMany({ where: { email, purpose, consumedAt: null }, data: { consumedAt: now } }),
    db.emailLoginCode.create({
      data: { email, purpose, codeHash: keyedHash(code), expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000) },
    }),
  ]);
  const mail = renderLoginCodeEmail({ code, minutes: CODE_TTL_MINUTES, purpose });
  await sendEmail({ to: email, ...mail });
}

/**
 * Mails a login code to the owner of an account whose right password came from a client that
 * must pass the challenge (login-guard.ts). Only the right password gets here, so these mails
 * have their own budget: someone who knows only the address cannot spend it (they can spend the
 * code-request endpoint's). Runs in the background: the challenged answer must take as long
 * whether or not a mail goes out.
 */
export function mailLoginChallengeCode(email: string): void {
  void (async () => {
    if (await challengeMailAllowed(emailKey(email))) await issueCode(email, "login");
  })().catch((err: unknown) => {
    log.error("Sign-in challenge code could not be sent", { error: err instanceof Error ? err.message : String(err) });
  });
}

/**
 * Checks a code against the newest live code for the email. Each wrong guess uses one of
 * CODE_MAX_TRIES; the code is consumed on success or when the tries run out.
 */
export async function consumeEmailCode(email: string, code: string, purpose: Purpose): Promise<boolean> {
  const now = new Date();
  const row = await db.emailLoginCode.findFirst({
    where: { email, purpose, consumedAt: null, expiresAt: { gt: now } },
    orderBy: { createdAt: "desc" },
    select: { id: true, codeHash: true, attempts: true },
  });
  if (!row || row.attempts >= CODE_MAX_TRIES) return false;
  if (safeEqual(row.codeHash, keyedHash(code))) {
    // Conditional update: of two concurrent verifications, one wins.
    const won = await db.emailLoginCode.updateMany({
      where: { id: row.id, consumedAt: null, attempts: { lt: CODE_MAX_TRIES } },
      data: { consumedAt: now },
    });
    return won.count === 1;
  }
  await db.emailLoginCode.updateMany({
    where: { id: row.id, consumedAt: null },
    data: { attempts: { increment: 1 } },
  });
  await db.emailLoginCode.updateMany({
    where: { id: row.id, consumedAt: null, attempts: { gte: CODE_MAX_TRIES } },
    data: { consumedAt: now },
  });
  return false;
}

export async function verifyEmailCode(email: string, code: string, clientKey: string): Promise<PublicAccount | null> {
  await limits.emailCodeVerify.consume(clientKey);
  const normalized = email.trim().toLowerCase();
  if (!(await consumeEmailCode(normalized, code.trim(), "login"))) return null;
  const account = await db.account.findUnique({
    where: { email: normalized },
    select: { id: true, email: true, name: true, status: true },
  });
  if (!account || account.status !== "active") return null;
  await db.account.update({ where: { id: account.id }, data: { lastLoginAt: new Date() } });
  await rememberClient(account.id, clientKey);
  return { id: account.id, email: account.email, name: account.name };
}
