import "server-only";
import { keyedHash, safeEqual, sixDigitCode } from "@/lib/crypto";
import { db } from "@/lib/db";
import { sendEmail, renderLoginCodeEmail } from "@/lib/email";
import { emailKey, limits } from "@/lib/rate-limit";
import { log } from "@/lib/log";
import type { PublicAccount } from "@/lib/services/public-account";
import { limitFor } from "@/lib/services/event-codes";
import { challengeMailAllowed, isKnownClient, rememberClient } from "@/lib/services/login-guard";

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_TRIES = 5;

type Purpose = "login" | "register";

// A code is bound to the client it was sent for, and guessing is bounded per account
// (ARCHITECTURE.md, 'Email codes': the arithmetic).

/**
 * The binding of a code to a client. Requests with no address have a new key each time, so they
 * share one binding (only without the peer-address hook, where per-client limits are weak anyway).
 */
function clientHash(clientKey: string): string {
  return keyedHash(clientKey.startsWith("unidentified:") ? "unidentified" : clientKey);
}

/**
 * Sends a 6-digit code. For login, an unknown email gets no mail but the same answer, so the
 * endpoint does not reveal which emails have accounts. Past the address's budget, only clients
 * the account knows (signed in from there recently) still get codes: others' requests cannot
 * keep the owner's usual client from getting one.
 */
export async function sendEmailCode(email: string, purpose: Purpose, clientKey: string, event?: string): Promise<void> {
  const address = emailKey(email);
  const send = limits.emailCodeSend;
  const perClient = await limitFor(send.perClient, clientKey, event);
  await perClient.limiter.consume(perClient.key);
  await send.perEmailClient.consume(`${clientKey}|${address}`);
  const account = await db.account.findUnique({ where: { email }, select: { id: true, status: true } });
  // Read for unknown addresses too, so the time taken does not tell which have accounts.
  const known = await isKnownClient(account?.id ?? "(none)", clientKey);
  if ((await send.perEmail.count(address)) > send.perEmail.points && !(account && known)) {
    await send.perEmail.assertNotBlocked(address); // over its points: throws the 429
  }
  if (purpose === "login" && (!account || account.status !== "active")) return;
  if (purpose === "register" && account) return;

  await issueCode(email, purpose, clientKey);
}

/** A new code for the email and client (replacing that client's earlier one), mailed. */
async function issueCode(email: string, purpose: Purpose, clientKey: string): Promise<void> {
  const code = sixDigitCode();
  const now = new Date();
  const client = clientHash(clientKey);
  await db.$transaction([
    db.emailLoginCode.updateMany({
      where: { email, purpose, clientHash: client, consumedAt: null },
      data: { consumedAt: now },
    }),
    db.emailLoginCode.create({
      data: {
        email,
        purpose,
        clientHash: client,
        codeHash: keyedHash(code),
        expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
      },
    }),
  ]);
  const mail = renderLoginCodeEmail({ code, minutes: CODE_TTL_MINUTES, purpose });
  await sendEmail({ to: email, ...mail });
}

/**
 * Mails a login code to the owner of an account whose right password came from a client that
 * must pass the challenge (login-guard.ts); the code works from that client only. Only the right
 * password gets here, so these mails have their own budget: someone who knows only the address
 * cannot spend it (they can spend the code-request endpoint's). Runs in the background: the
 * challenged answer must take as long whether or not a mail goes out.
 */
export function mailLoginChallengeCode(email: string, clientKey: string): void {
  void (async () => {
    if (await challengeMailAllowed(emailKey(email))) await issueCode(email, "login", clientKey);
  })().catch((err: unknown) => {
    log.error("Sign-in challenge code could not be sent", { error: err instanceof Error ? err.message : String(err) });
  });
}

/**
 * Checks a code against the newest live code sent for this email and client. Each wrong guess
 * uses one of CODE_MAX_TRIES; the code is consumed on success or when the tries run out.
 */
export async function consumeEmailCode(email: string, code: string, purpose: Purpose, clientKey: string): Promise<boolean> {
  const now = new Date();
  const row = await db.emailLoginCode.findFirst({
    where: { email, purpose, clientHash: clientHash(clientKey), consumedAt: null, expiresAt: { gt: now } },
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

export async function verifyEmailCode(
  email: string,
  code: string,
  clientKey: string,
  event?: string,
): Promise<PublicAccount | null> {
  const checks = await limitFor(limits.emailCodeVerify, clientKey, event);
  await checks.limiter.consume(checks.key);
  const normalized = email.trim().toLowerCase();
  if (!(await consumeEmailCode(normalized, code.trim(), "login", clientKey))) return null;
  const account = await db.account.findUnique({
    where: { email: normalized },
    select: { id: true, email: true, name: true, status: true },
  });
  if (!account || account.status !== "active") return null;
  await db.account.update({ where: { id: account.id }, data: { lastLoginAt: new Date() } });
  await rememberClient(account.id, clientKey);
  return { id: account.id, email: account.email, name: account.name };
}
