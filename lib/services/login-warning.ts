import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { renderLoginWarningEmail, sendEmail } from "@/lib/email";
import { AppError } from "@/lib/errors";
import { defineJob } from "@/lib/jobs";
import { log } from "@/lib/log";

// `email.login-warning` {accountId, attempts, addresses, minutes}: tells an account's owner that
// its password is being guessed. login-guard.ts enqueues it at most once per account and window
// (an atomic flag in the shared rate-limit store, and a singleton key per window on the job).
// The address is read at send time; a banned or deleted account gets nothing.

export const LOGIN_WARNING_QUEUE = "email.login-warning";

const payloadSchema = z.object({
  accountId: z.string().min(1).max(64),
  attempts: z.number().int().min(1).max(1_000_000),
  addresses: z.number().int().min(1).max(1_000_000),
  minutes: z.number().int().min(1).max(24 * 60),
});
export type LoginWarningPayload = z.infer<typeof payloadSchema>;

export async function runLoginWarning(payload: LoginWarningPayload): Promise<void> {
  const account = await db.account.findUnique({
    where: { id: payload.accountId },
    select: { email: true, status: true },
  });
  if (!account || account.status !== "active") return;
  const mail = renderLoginWarningEmail(payload);
  try {
    await sendEmail({ to: account.email, ...mail });
  } catch (err) {
    // An address the mailer refuses outright: retrying cannot help.
    if (err instanceof AppError && err.code === "bad_request") {
      log.warn("Sign-in warning not sent: the account's address was refused", { accountId: payload.accountId });
      return;
    }
    throw err;
  }
  log.info("Sign-in warning sent", { accountId: payload.accountId, attempts: payload.attempts });
}

export const loginWarningJob = defineJob<LoginWarningPayload>({
  queue: LOGIN_WARNING_QUEUE,
  payload: payloadSchema,
  // Late is still useful, but not hours late: tries spread over about 15 minutes.
  maxAttempts: 5,
  backoff: { baseMs: 30_000, maxMs: 5 * 60_000 },
  timeoutMs: 60_000,
  run: (payload) => runLoginWarning(payload),
});
