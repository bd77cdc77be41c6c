import "server-only";
import { env } from "@/lib/env";
import { AppError, rateLimited } from "@/lib/errors";
import { enqueue } from "@/lib/jobs";
import { log } from "@/lib/log";
import { createLimiter, emailKey, limits, type Limiter } from "@/lib/rate-limit";
import { limitFor } from "@/lib/services/event-codes";
import { LOGIN_WARNING_QUEUE } from "@/lib/services/login-warning";
import { waitMessage } from "@/lib/time/wait";

// Failed password logins, counted per client, per (account, client) and softly per account, so
// knowing an address is not enough to keep its owner out (ARCHITECTURE.md, 'Failed logins').

interface GuardLimits {
  windowSec: number;
  softThreshold: number;
  perPair: Limiter;
  perAccount: Limiter;
  addresses: Limiter;
  warned: Limiter;
  standing: Limiter;
  challengeMails: Limiter;
}

/** Login codes one account is mailed by challenges per window (only the right password sends). */
const CHALLENGE_MAILS_PER_WINDOW = 3;

let built: { config: string; value: GuardLimits } | undefined;

/** The limiters for the current configuration (built again when a test changes it). */
function guard(): GuardLimits {
  const windowSec = env.LOGIN_FAILURE_WINDOW_MINUTES * 60;
  const perPair = env.LOGIN_FAILURES_PER_ACCOUNT_CLIENT;
  const softThreshold = env.LOGIN_FAILURES_PER_ACCOUNT;
  const standingSec = env.LOGIN_TRUSTED_CLIENT_DAYS * 24 * 60 * 60;
  const config = [windowSec, perPair, softThreshold, standingSec].join(",");
  if (built?.config === config) return built.value;
  const value: GuardLimits = {
    windowSec,
    softThreshold,
    perPair: createLimiter({
      name: "login-failures-pair",
      points: perPair,
      durationSec: windowSec,
      reason: "Too many failed sign-in attempts for this account from here. You can sign in with an email code instead.",
    }),
    // Soft: counted (points are a ceiling no count is refused at), never refused.
    perAccount: createLimiter({ name: "login-failures-account", points: 1_000_000, durationSec: windowSec }),
    addresses: createLimiter({ name: "login-failure-addresses", points: 1_000_000, durationSec: windowSec }),
    warned: createLimiter({ name: "login-warning-sent", points: 1, durationSec: windowSec }),
    standing: createLimiter({ name: "login-known-client", points: 1, durationSec: standingSec }),
    challengeMails: createLimiter({ name: "login-challenge-mails", points: 1_000_000, durationSec: windowSec }),
  };
  built = { config, value };
  return value;
}

// Client keys never contain "|", so the pair is unambiguous; long keys are hashed by the store.
const pairKey = (accountKey: string, clientKey: string) => `${clientKey}|${accountKey}`;
const standingKey = (accountId: string, clientKey: string) => `${clientKey}|${accountId}`;

export interface LoginAttempt {
  readonly accountKey: string;
  readonly clientKey: string;
  /** Where the per-address failures are counted: the address, or an event code's room. */
  readonly addressLimit: { limiter: Limiter; key: string };
  /** Attempts counted against the account in this window (failures and ones in flight), this one included. */
  readonly accountCount: number;
  /** The same, from this client only. */
  readonly pairCount: number;
}

/**
 * Before the password is checked: takes this attempt's points up front, so parallel guesses
 * cannot all slip past a check. Throws 429 when the client, or the client on this account, has
 * used its failures; the account's own count only decides needsChallenge().
 */
export async function beginLoginAttempt(email: string, clientKey: string, event?: string): Promise<LoginAttempt> {
  const g = guard();
  const accountKey = emailKey(email) || "(empty)";
  const addressLimit = await limitFor(limits.loginFailures, clientKey, event);
  await addressLimit.limiter.consume(addressLimit.key);
  let pairLeft: number;
  try {
    pairLeft = await g.perPair.consume(pairKey(accountKey, clientKey));
  } catch (err) {
    // Refused for this account from here: no password was tried, so the client's point goes back.
    await addressLimit.limiter.refund(addressLimit.key);
    throw err;
  }
  const accountCount = await g.perAccount.count(accountKey);
  return { accountKey, clientKey, addressLimit, accountCount, pairCount: g.perPair.points - pairLeft };
}

/**
 * Whether this attempt must finish with an email code instead of a session, right password or
 * not: the account is past its soft threshold and this client is not in good standing with it
 * (an unknown address is never).
 */
export async function needsChallenge(attempt: LoginAttempt, accountId: string | null): Promise<boolean> {
  const g = guard();
  if (attempt.accountCount <= g.softThreshold) return false;
  // Read for unknown addresses too, so the time taken does not tell which have accounts.
  const known = await g.standing.used(standingKey(accountId ?? "(none)", attempt.clientKey));
  return accountId === null || known === 0;
}

/** The refusal of a challenged attempt: the same words whether the password was right or not. */
export function challengeRequired(reauth: boolean): AppError {
  if (reauth) {
    // Checking the password of a signed-in account has no code step: wait, as before.
    const wait = guard().windowSec;
    return rateLimited(wait, waitMessage("Too many failed sign-in attempts for this account.", wait));
  }
  return new AppError(
    "login_challenge_required",
    "This account has had many failed sign-in attempts, so signing in from here also needs a code. " +
      "If the password was right, we sent a code to the account's email address: enter it to finish signing in.",
  );
}

/** A right password: the attempt's points go back and the client is in good standing with the account. */
export async function loginSucceeded(attempt: LoginAttempt, accountId: string): Promise<void> {
  const g = guard();
  await attempt.addressLimit.limiter.refund(attempt.addressLimit.key);
  await g.perPair.refund(pairKey(attempt.accountKey, attempt.clientKey));
  await g.perAccount.refund(attempt.accountKey);
  await rememberClient(accountId, attempt.clientKey);
}

/**
 * A wrong password: its points stay. The client's first failure on the account in its window
 * counts one more address; reaching the soft threshold warns the owner (once per window).
 */
export async function loginFailed(attempt: LoginAttempt, accountId: string | null): Promise<void> {
  const g = guard();
  const addresses =
    attempt.pairCount === 1 ? await g.addresses.count(attempt.accountKey) : await g.addresses.used(attempt.accountKey);
  if (!accountId || attempt.accountCount < g.softThreshold) return;
  // Atomic in the shared store: exactly one attempt per window sees 1, on any instance.
  if ((await g.warned.count(accountId)) !== 1) return;
  const windowMs = g.windowSec * 1000;
  try {
    await enqueue(
      LOGIN_WARNING_QUEUE,
      { accountId, attempts: attempt.accountCount, addresses: Math.max(1, addresses), minutes: g.windowSec / 60 },
      // Also one per fixed window, should the store fall back to per-process memory.
      { singletonKey: `${LOGIN_WARNING_QUEUE}:${accountId}:${Math.floor(Date.now() / windowMs)}` },
    );
  } catch (err) {
    // The answer to the attempt is the same either way; the operator hears about it.
    log.error("Sign-in warning could not be queued", { accountId, error: err instanceof Error ? err.message : String(err) });
  }
}

/**
 * A wrong password that got the challenge's answer: counted like loginFailed(), in the background,
 * so it answers in the same time as the right password (whose code is mailed in the background).
 */
export function challengedFailure(attempt: LoginAttempt, accountId: string | null): void {
  loginFailed(attempt, accountId).catch((err: unknown) => {
    log.error("Failed sign-in could not be counted", { error: err instanceof Error ? err.message : String(err) });
  });
}

/** Whether a challenge may mail the account another code in this window. */
export async function challengeMailAllowed(accountKey: string): Promise<boolean> {
  return (await guard().challengeMails.count(accountKey)) <= CHALLENGE_MAILS_PER_WINDOW;
}

/** Whether a sign-in to the account succeeded from this client within LOGIN_TRUSTED_CLIENT_DAYS. */
export async function isKnownClient(accountId: string, clientKey: string): Promise<boolean> {
  return (await guard().standing.used(standingKey(accountId, clientKey))) > 0;
}

/** A sign-in (password, email code or registration) succeeded from this client. */
export async function rememberClient(accountId: string, clientKey: string): Promise<void> {
  // A request with no address has a key of its own that no later request shares.
  if (clientKey.startsWith("unidentified:")) return;
  await guard().standing.set(standingKey(accountId, clientKey));
}
