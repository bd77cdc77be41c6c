// Direct SQL: the attempt hot path (README "Benchmarks" (a) and (e): attempts/s, CPU per attempt).
import "server-only";
import { MESSAGES } from "@/lib/services/attempts/result";
import type { SubmitAttemptInput } from "@/lib/services/attempts/types";
import { concurrently, lockRow, nothing, query, transaction, type Step } from "@/lib/db/sql";
import { AppError } from "@/lib/errors";
import type { ChallengeAttempt } from "@/lib/generated/sqlite/client";
import { log } from "@/lib/log";
import { DEFAULT_RUN_LIMITS } from "@/lib/workflow/engine/limits";
import { claimIsLive, LEASE_OWNER, leaseTiming } from "@/lib/services/attempts/lease";
import {
  accountRateWindow,
  allowanceStep,
  assertAllowed,
  checkAccountRate,
  PENDING_STALE_MS,
  reapDeadClaims,
} from "@/lib/services/attempts/limits";
import {
  allPendingClaims,
  attemptById,
  attemptByKey,
  failDeadClaim,
  insertPendingAttempt,
  reclaimDeadAttempt,
  renewLease,
  takeOverClaim,
  type PlayableRow,
} from "@/lib/services/attempts/store";

// The claim on an attempt: taking it (one per idempotency key, within the limits), waiting for
// one another request holds, keeping its lease alive, and clearing claims whose run died.

type PlayableChallenge = PlayableRow;

// In-process wake-ups for requests waiting on a pending attempt; other processes poll.
const waiters = new Map<string, Set<() => void>>();
export function settled(attemptId: string): void {
  const set = waiters.get(attemptId);
  waiters.delete(attemptId);
  set?.forEach((wake) => wake());
}
export function nextWake(attemptId: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    let set = waiters.get(attemptId);
    if (!set) waiters.set(attemptId, (set = new Set()));
    const wake = () => {
      clearTimeout(timer);
      set.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    set.add(wake);
  });
}

/** How long a request with a reused key waits, at most, for the attempt running under it. */
export const REPLAY_WAIT_MS = DEFAULT_RUN_LIMITS.maxWallMs + 5_000;

export type Waited = { kind: "done" | "takeover"; row: ChallengeAttempt } | null;

/**
 * Waits until a pending attempt is completed; takes its claim over ("takeover": the caller runs
 * it) when the process running it died (lease.ts). Null when it was withdrawn. The wait ends at
 * the request's own deadline (409 with Retry-After) or when its signal aborts.
 */
export async function waitForAttempt(
  attemptId: string,
  deadline: number,
  signal?: AbortSignal,
): Promise<Waited> {
  let delay = 25;
  for (;;) {
    const row = await query(() => attemptById(attemptId));
    if (!row) return null;
    if (row.status !== "pending") return { kind: "done", row };
    if (!claimIsLive(row, PENDING_STALE_MS)) {
      const until = new Date(Date.now() + leaseTiming.leaseMs);
      if (await transaction(() => takeOverClaim(row, LEASE_OWNER, until))) {
        log.info("took over an abandoned attempt", { attemptId, from: row.leaseOwner });
        return { kind: "takeover", row: { ...row, leaseOwner: LEASE_OWNER, leaseUntil: until } };
      }
    }
    if (signal?.aborted)
      throw new AppError("conflict", "The request was cancelled while waiting for the attempt");
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new AppError(
        "conflict",
        "The attempt with this idempotency key is still running; retry with the same key in a moment.",
        { headers: { "Retry-After": "2" } },
      );
    }
    await nextWake(attemptId, Math.min(delay, left));
    delay = Math.min(delay * 2, 500);
  }
}

/** Refuses a reused idempotency key whose claim was made for another prompt (422). */
export function assertSamePrompt(existing: { promptHash: string | null }, hash: string | null): void {
  if (existing.promptHash && hash && existing.promptHash !== hash) {
    throw new AppError(
      "validation_failed",
      "This idempotency key was already used with a different prompt; use a new key for a new attempt.",
    );
  }
}

/** Keeps a claim's lease alive while its run lasts; `signal` aborts when another process took it over. */
export function holdLease(attemptId: string): { signal: AbortSignal; stop: () => void } {
  const lost = new AbortController();
  const timer = setInterval(() => {
    transaction(() => renewLease(attemptId, LEASE_OWNER, new Date(Date.now() + leaseTiming.leaseMs))).then(
      (held) => {
        if (!held && !lost.signal.aborted)
          lost.abort(new AppError("conflict", "This attempt was taken over by another server"));
      },
      (err: unknown) => log.warn("attempt lease renewal failed", { attemptId, error: String(err) }),
    );
  }, leaseTiming.heartbeatMs);
  timer.unref();
  return { signal: lost.signal, stop: () => clearInterval(timer) };
}

/**
 * The sweep (at start-up, then every minute: sweeper.ts): marks pending attempts whose run is
 * dead (lease expired, or their process on this host is gone, e.g. this server's previous life)
 * as errored and not counted. Returns how many. A retry with such an attempt's key runs it.
 */
export async function sweepAbandonedAttempts(limit = 1000): Promise<number> {
  let swept = 0;
  for (const row of await query(() => allPendingClaims(limit))) {
    if (claimIsLive(row, PENDING_STALE_MS)) continue;
    if (await transaction(() => failDeadClaim(row, MESSAGES.abandoned))) swept++;
  }
  return swept;
}

/**
 * An attempt whose run died with its server and that was closed as not counted (by the sweep or
 * by its player's next claim): a retry with its key runs it (claim() takes it again), it is not
 * a replay of the error.
 */
export function diedUncounted(row: { status: string; errorMessage: string | null }): boolean {
  return row.status === "errored" && row.errorMessage === MESSAGES.abandoned;
}

export type Claim = { kind: "claimed"; attempt: ChallengeAttempt } | { kind: "existing"; attemptId: string };

export async function claim(
  challenge: PlayableChallenge,
  endUserId: string,
  input: SubmitAttemptInput,
  prompt: string,
  hash: string | null,
  /** A further check under the player's lock, after the attempt limits (password claims' slowdown). */
  guard?: () => Step<void>,
): Promise<Claim> {
  const key = input.idempotencyKey ?? null;
  return transaction(function* (): Step<Claim> {
    const now = new Date();
    // Serializes this player's claims (see the file comment). The reads go out with the lock, in
    // one round trip, and run after it (statements of a transaction run in order), so they see
    // every claim committed before this one; each is judged below in the order of the checks.
    const [, keyed, firstAllowance, firstRecent] = yield* concurrently(
      lockRow("end_users", endUserId),
      key ? attemptByKey(endUserId, key) : nothing(),
      allowanceStep(challenge, endUserId),
      input.accountId ? accountRateWindow(input.accountId, now) : nothing(),
    );
    let rerun: string | null = null;
    if (keyed) {
      assertSamePrompt(keyed, hash);
      if (!diedUncounted(keyed)) return { kind: "existing", attemptId: keyed.id };
      rerun = keyed.id; // runs now, within the limits like a new attempt, and counts once
    }
    let allowed = firstAllowance;
    let recent = firstRecent;
    // Claims left by a crashed run stop counting now, not when their lease runs out (looked
    // for only when a limit would refuse this attempt).
    if (
      (allowed.attemptsLeft === 0 || allowed.cooldownUntil) &&
      (yield* reapDeadClaims(challenge, endUserId, MESSAGES.abandoned))
    ) {
      allowed = yield* allowanceStep(challenge, endUserId);
      // Reaped claims are errored now, which the per-account rate does not count.
      if (input.accountId) recent = yield* accountRateWindow(input.accountId, now);
    }
    assertAllowed(allowed, challenge.maxAttempts);
    if (guard) yield* guard();
    // Guests are limited per guest id and per client address before they get here (lib/services/guests.ts).
    if (recent) checkAccountRate(recent, now);
    if (rerun) {
      const until = new Date(now.getTime() + leaseTiming.leaseMs);
      const again = yield* reclaimDeadAttempt(rerun, MESSAGES.abandoned, LEASE_OWNER, until, now);
      return again ? { kind: "claimed", attempt: again } : { kind: "existing", attemptId: rerun };
    }
    const attempt = yield* insertPendingAttempt({
      workspaceId: challenge.workspaceId,
      challengeId: challenge.id,
      endUserId,
      accountId: input.accountId,
      status: "pending",
      prompt,
      idempotencyKey: key,
      createdAt: now,
      promptHash: hash,
      leaseOwner: LEASE_OWNER,
      leaseUntil: new Date(now.getTime() + leaseTiming.leaseMs),
    });
    if (attempt) return { kind: "claimed", attempt };
    // Another process claimed the key between our read and insert.
    const raced = key ? yield* attemptByKey(endUserId, key) : null;
    if (!raced) throw new AppError("conflict", "The attempt could not be claimed; please retry.");
    assertSamePrompt(raced, hash);
    return { kind: "existing", attemptId: raced.id };
  });
}
