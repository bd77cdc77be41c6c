// Direct SQL: the attempt hot path (README "Benchmarks" (a) and (e): attempts/s, CPU per attempt).
import "server-only";
import { AppError, rateLimited } from "@/lib/errors";
import { noteRateLimit } from "@/lib/rate-limit/headers";
import type { Step } from "@/lib/db/sql";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { claimIsLive } from "@/lib/services/attempts/lease";
import { countedAttempts, failDeadClaim, pendingClaims, recentAccountAttempts } from "@/lib/services/attempts/store";
import { waitMessage } from "@/lib/time/wait";

// What counts against a player: completed attempts, and attempts still running (so parallel
// submits cannot slip past maxAttempts). Model failures (errored) and grader failures
// (judge_error) never count. A pending attempt counts while its claim's lease is live
// (attempts/lease.ts): a run that died with its process stops counting when its lease runs out,
// or at once when its process is known to be gone. Pending rows from before leases (no
// lease_until) count for PENDING_STALE_MS.

export const PENDING_STALE_MS = 10 * 60 * 1000;

/**
 * Attempts per account per minute, across challenges (the brute-force guard).
 * Counted from the attempts table (index on account_id, created_at) inside the claim
 * transaction rather than in the rate-limit store: on SQLite that store's own connection
 * contends with the app's transactions for the write lock, which measurably stalled parallel
 * submits, and the table is already shared by every app instance.
 */
export const ATTEMPTS_PER_MINUTE = 10;
const RATE_WINDOW_MS = 60_000;

export function countedWhere(challengeId: string, endUserId: string, now = new Date()): Prisma.ChallengeAttemptWhereInput {
  return {
    challengeId,
    endUserId,
    OR: [
      { status: "completed" },
      { status: "pending", leaseUntil: { gt: now } },
      { status: "pending", leaseUntil: null, createdAt: { gt: new Date(now.getTime() - PENDING_STALE_MS) } },
    ],
  };
}

export interface PlayerAllowance {
  /** null = unlimited. */
  attemptsLeft: number | null;
  /** When the cooldown after the last counted attempt ends, if it has not yet. */
  cooldownUntil: Date | null;
}

/** The client or a transaction: only the two reads used here. */
interface Reader {
  challengeAttempt: {
    count(args: { where: Prisma.ChallengeAttemptWhereInput }): PromiseLike<number>;
    findFirst(args: {
      where: Prisma.ChallengeAttemptWhereInput;
      orderBy: { createdAt: "desc" | "asc" };
      select: { createdAt: true };
    }): PromiseLike<{ createdAt: Date } | null>;
  };
}

export async function allowance(
  reader: Reader,
  challenge: { id: string; maxAttempts: number | null; cooldownSeconds: number },
  endUserId: string,
  now = new Date(),
): Promise<PlayerAllowance> {
  const where = countedWhere(challenge.id, endUserId, now);
  const [used, last] = await Promise.all([
    challenge.maxAttempts != null ? reader.challengeAttempt.count({ where }) : Promise.resolve(0),
    challenge.cooldownSeconds > 0
      ? reader.challengeAttempt.findFirst({ where, orderBy: { createdAt: "desc" }, select: { createdAt: true } })
      : Promise.resolve(null),
  ]);
  const until = last ? new Date(last.createdAt.getTime() + challenge.cooldownSeconds * 1000) : null;
  return {
    attemptsLeft: challenge.maxAttempts != null ? Math.max(0, challenge.maxAttempts - used) : null,
    cooldownUntil: until && until.getTime() > now.getTime() ? until : null,
  };
}

/** allowance() as a SQL step (lib/db/sql.ts) (the attempt hot path; reads only what is limited). */
export function* allowanceStep(
  challenge: { id: string; maxAttempts: number | null; cooldownSeconds: number },
  endUserId: string,
  now = new Date(),
): Step<PlayerAllowance> {
  const want = { count: challenge.maxAttempts != null, last: challenge.cooldownSeconds > 0 };
  const { used, last } =
    want.count || want.last
      ? yield* countedAttempts(challenge.id, endUserId, new Date(now.getTime() - PENDING_STALE_MS), want, now)
      : { used: 0, last: null };
  const until = last ? new Date(last.getTime() + challenge.cooldownSeconds * 1000) : null;
  return {
    attemptsLeft: challenge.maxAttempts != null ? Math.max(0, challenge.maxAttempts - used) : null,
    cooldownUntil: until && until.getTime() > now.getTime() ? until : null,
  };
}

/**
 * Marks the player's dead claims on the challenge (lease expired, or their process is gone)
 * as errored, so they stop counting now rather than when their lease runs out. Runs in the
 * claim transaction, only when the challenge limits attempts.
 */
export function* reapDeadClaims(
  challenge: { id: string; maxAttempts: number | null; cooldownSeconds: number },
  endUserId: string,
  message: string,
): Step<number> {
  if (challenge.maxAttempts == null && challenge.cooldownSeconds <= 0) return 0;
  let reaped = 0;
  for (const row of yield* pendingClaims(challenge.id, endUserId)) {
    if (claimIsLive(row, PENDING_STALE_MS)) continue;
    if (yield* failDeadClaim(row, message)) reaped++;
  }
  return reaped;
}

/**
 * Throws when the player may not attempt the challenge right now: 403 attempts_exhausted (final:
 * no Retry-After, a client must not retry) when every allowed attempt is used, 429 with
 * Retry-After during a cooldown.
 */
export function assertAllowed(a: PlayerAllowance, maxAttempts: number | null, now = new Date()): void {
  if (a.attemptsLeft === 0) {
    throw new AppError("attempts_exhausted", `You have used all ${maxAttempts} attempts for this challenge.`, {
      details: { reason: "max_attempts", attempts_left: 0 },
    });
  }
  if (a.cooldownUntil) {
    const seconds = (a.cooldownUntil.getTime() - now.getTime()) / 1000;
    const err = rateLimited(seconds, waitMessage("This challenge has a cooldown between attempts.", seconds));
    throw new AppError(err.code, err.message, {
      headers: err.headers,
      details: { reason: "cooldown", retry_after: Math.max(1, Math.ceil(seconds)), cooldown_until: a.cooldownUntil.toISOString() },
    });
  }
}

/** The account's attempts in the rate window (what checkAccountRate judges). */
export function* accountRateWindow(accountId: string, now = new Date()): Step<Date[]> {
  return yield* recentAccountAttempts(accountId, new Date(now.getTime() - RATE_WINDOW_MS), ATTEMPTS_PER_MINUTE);
}

/**
 * Throws 429 when the account has started ATTEMPTS_PER_MINUTE attempts in the last minute
 * (attempts the model side failed, status errored, do not count); Retry-After is when the
 * oldest of them leaves the window. Notes the RateLimit-* headers either way (this attempt
 * included when allowed). `recent`: accountRateWindow's read.
 */
export function checkAccountRate(recent: Date[], now = new Date()): void {
  const limit = ATTEMPTS_PER_MINUTE;
  const freeAt = (recent[0]?.getTime() ?? now.getTime()) + RATE_WINDOW_MS;
  const resetSec = (freeAt - now.getTime()) / 1000;
  const allowed = recent.length < limit;
  noteRateLimit("attempts-per-minute", {
    limit,
    remaining: allowed ? limit - recent.length - 1 : 0,
    resetSec,
    windowSec: RATE_WINDOW_MS / 1000,
  });
  if (allowed) return;
  throw rateLimited(resetSec, waitMessage("You are submitting too fast.", resetSec));
}
