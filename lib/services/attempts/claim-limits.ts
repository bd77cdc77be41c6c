// Direct SQL: the attempt hot path (README "Benchmarks" (a) and (e): attempts/s, CPU per attempt).
import "server-only";
import { asDateOrNull, asNum, one, type Step } from "@/lib/db/sql";
import { env } from "@/lib/env";
import { AppError, rateLimited } from "@/lib/errors";
import { createLimiter, type Limiter } from "@/lib/rate-limit";
import { waitMessage } from "@/lib/time/wait";

// Limits on wrong password claims, so that guessing speed does not grow with accounts. A claim
// already counts like an attempt (per-account rate, cooldown, attempt limit); on top of that:
//
// - per client address, across accounts and challenges: CLAIM_WRONG_PER_ADDRESS_PER_MINUTE;
// - per (challenge, client address): CLAIM_WRONG_PER_CHALLENGE_ADDRESS_PER_HOUR;
// - per account and challenge, a slowdown: after CLAIM_SLOWDOWN_AFTER wrong claims (of the last
//   24 hours) the next claim waits CLAIM_SLOWDOWN_BASE_SECONDS after the latest wrong one, the
//   wait doubling with each further wrong claim up to CLAIM_SLOWDOWN_MAX_SECONDS.
//
// Whether a claim is right is only known after it is compared, and a refusal must not depend on
// it (that would answer the guess), so every claim takes its points up front, atomically (no
// parallel burst slips past), and a right claim (or one refused for another reason) gives them
// back. There is no global per-challenge bound: anyone could use it to lock everyone else out.
// The address limits live in the shared rate-limit store; the slowdown is read from the attempts
// table inside the claim transaction, which already serialises one player's claims.

const SLOWDOWN_WINDOW_MS = 24 * 3600 * 1000;

/** 429 in the claims' words: "Too many wrong claims. Try again in 5 minutes." */
export function wrongClaimsLimited(retryAfterSeconds: number, reason: string): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const err = rateLimited(seconds, waitMessage("Too many wrong claims.", seconds));
  return new AppError(err.code, err.message, {
    headers: err.headers,
    details: { reason, retry_after: seconds },
  });
}

let limiters: { perAddress: Limiter; perChallengeAddress: Limiter } | undefined;
function claimLimiters() {
  limiters ??= {
    perAddress: createLimiter({
      name: "wrong-claims-address",
      points: env.CLAIM_WRONG_PER_ADDRESS_PER_MINUTE,
      durationSec: 60,
    }),
    perChallengeAddress: createLimiter({
      name: "wrong-claims-challenge-address",
      points: env.CLAIM_WRONG_PER_CHALLENGE_ADDRESS_PER_HOUR,
      durationSec: 3600,
    }),
  };
  return limiters;
}

async function take(limiter: Limiter, key: string, reason: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (err) {
    const retry =
      err instanceof AppError && err.code === "rate_limited" ? Number(err.headers?.["Retry-After"]) : NaN;
    if (Number.isFinite(retry)) throw wrongClaimsLimited(retry, reason);
    throw err;
  }
}

/**
 * Takes one claim from the client address's allowances (429 when either is used up) and returns
 * the function that gives it back, for a right claim or one refused later. Requests without a
 * known address share one bucket, as guests' do.
 */
export async function takeClaimAllowance(
  challengeId: string,
  clientKey: string,
): Promise<() => Promise<void>> {
  const address = clientKey.startsWith("unidentified:") ? "unidentified" : clientKey;
  const pair = `${challengeId}:${address}`;
  const { perAddress, perChallengeAddress } = claimLimiters();
  await take(perAddress, address, "wrong_claims_address");
  try {
    await take(perChallengeAddress, pair, "wrong_claims_challenge_address");
  } catch (err) {
    await perAddress.refund(address).catch(() => undefined);
    throw err;
  }
  let given = false;
  return async () => {
    if (given) return;
    given = true;
    await Promise.all([perAddress.refund(address), perChallengeAddress.refund(pair)]).catch(() => undefined);
  };
}

/** How long a player must wait after their latest wrong claim, having made `wrong` of them. */
export function claimSlowdownSeconds(wrong: number): number {
  const after = env.CLAIM_SLOWDOWN_AFTER;
  if (wrong < after) return 0;
  const doublings = Math.min(wrong - after, 40);
  return Math.min(env.CLAIM_SLOWDOWN_MAX_SECONDS, env.CLAIM_SLOWDOWN_BASE_SECONDS * 2 ** doublings);
}

/**
 * Throws 429 while the player is slowed down on this challenge (see the file comment). Claims
 * still being checked count as wrong, so parallel claims cannot get past it. Runs in the claim
 * transaction, under the player's row lock.
 */
export function* assertClaimPace(
  challengeId: string,
  endUserId: string,
  claimPrompt: string,
  now = new Date(),
): Step<void> {
  const r = yield* one<{ n: unknown; last: unknown }>(
    `SELECT COUNT(*) AS n, MAX(created_at) AS last FROM challenge_attempts
     WHERE challenge_id = $1 AND end_user_id = $2 AND prompt = $3 AND created_at > $4
       AND (status = 'pending' OR (status = 'completed' AND succeeded = FALSE))`,
    challengeId,
    endUserId,
    claimPrompt,
    new Date(now.getTime() - SLOWDOWN_WINDOW_MS),
  );
  const wait = claimSlowdownSeconds(asNum(r?.n));
  const last = asDateOrNull(r?.last);
  if (wait === 0 || !last) return;
  const left = (last.getTime() + wait * 1000 - now.getTime()) / 1000;
  if (left > 0) throw wrongClaimsLimited(left, "wrong_claims_slowdown");
}
