import "server-only";
import { db } from "@/lib/db";
import { all, asBool, asDate, asNumOrNull, exec, lockRow, one, transaction, type Step } from "@/lib/db/sql";
import { guestSessionId } from "@/lib/auth/guest-name";
import { env } from "@/lib/env";
import { configuredLimiter, createLimiter } from "@/lib/rate-limit";
import { isBetter } from "@/lib/scoring/compare";
import { getChallengeStrategy } from "@/lib/scoring/registry";
import type { ChallengeStrategy } from "@/lib/scoring/types";
import { allowance } from "@/lib/services/attempts/limits";
import { completedAttemptCount, insertEntry, type EntryValues } from "@/lib/services/attempts/store";
import { forgetBoardEverywhere } from "@/lib/services/caches";
import { syncEntryHintCost } from "@/lib/services/hints/store";
import { HISTORY_LIMIT, HISTORY_SELECT, toPlayState, type PlayState } from "@/lib/services/player-pages";

// Guests: visitors without an account who play challenges whose creator allows it. Their
// identity is a signed cookie (lib/auth/guest.ts); their attempts belong to an EndUser of type
// "guest" (sessionId "guest:<id>") in the challenge's workspace, created on the first attempt.
// Registering (or logging in) claims them for the account.

// Per guest id, and per client address so that clearing cookies does not give more tries.
// The address quotas are configuration (GUEST_ATTEMPTS_PER_ADDRESS_PER_MINUTE / _PER_DAY): a
// classroom behind one NAT shares them.
const perGuest = createLimiter({
  name: "guest-attempts",
  points: 10,
  durationSec: 60,
  reason: "You are submitting too fast.",
});
const perAddress = configuredLimiter(() => ({
  name: "guest-attempts-address",
  points: env.GUEST_ATTEMPTS_PER_ADDRESS_PER_MINUTE,
  durationSec: 60,
  reason: "Too many guest attempts from your network. Register to keep playing, or wait.",
}));
const perAddressDaily = configuredLimiter(() => ({
  name: "guest-attempts-address-day",
  points: env.GUEST_ATTEMPTS_PER_ADDRESS_PER_DAY,
  durationSec: 24 * 3600,
  reason: "Too many guest attempts from your network today. Register to keep playing.",
}));

/**
 * Takes one guest attempt from the guest's and the client address's allowances (429 with
 * Retry-After when either is used up). A request without a known address shares one bucket.
 */
export async function consumeGuestAttempt(guestId: string, clientKey: string): Promise<void> {
  const address = clientKey.startsWith("unidentified:") ? "unidentified" : clientKey;
  await perAddressDaily.assertNotBlocked(address);
  await perAddress.consume(address);
  await perGuest.consume(guestId);
  await perAddressDaily.consume(address);
}

/** Whether the active challenge lets guests play (false for unknown or inactive challenges). */
export async function challengeAllowsGuests(challengeId: string): Promise<boolean> {
  const c = await db.challenge.findFirst({
    where: { id: challengeId, isActive: true },
    select: { allowGuests: true },
  });
  return c?.allowGuests ?? false;
}

/** A guest's history and allowance on a challenge (their own results, shown only to them). */
export async function getGuestPlayState(challengeId: string, guestId: string | null): Promise<PlayState> {
  const challenge = await db.challenge.findFirst({
    where: { id: challengeId, isActive: true },
    select: { id: true, workspaceId: true, maxAttempts: true, cooldownSeconds: true },
  });
  const endUser =
    challenge && guestId
      ? await db.endUser.findUnique({
          where: {
            workspaceId_sessionId: { workspaceId: challenge.workspaceId, sessionId: guestSessionId(guestId) },
          },
          select: { id: true },
        })
      : null;
  if (!challenge || !endUser) {
    return { history: [], attempts_left: challenge?.maxAttempts ?? null, cooldown_until: null };
  }
  const [rows, allowed] = await Promise.all([
    db.challengeAttempt.findMany({
      where: { endUserId: endUser.id, challengeId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: HISTORY_LIMIT,
      select: HISTORY_SELECT,
    }),
    allowance(db, challenge, endUser.id),
  ]);
  return toPlayState(rows, allowed);
}

// ---- Claiming a guest's attempts ---------------------------------------------------------------

const num = (v: unknown) => asNumOrNull(v);

/**
 * Rebuilds one player's board entry on a challenge from their attempts (the best ranked success
 * by the strategy, as recordAttempt keeps it; attempts_count = completed attempts). Removes the
 * entry when they have no ranked success. Runs under the challenge's row lock.
 */
function* rebuildEntry(challengeId: string, endUserId: string, accountId: string): Step<void> {
  const c = yield* one<{ scoring_strategy: string; max_attempts: unknown }>(
    `SELECT scoring_strategy, max_attempts FROM challenges WHERE id = $1`,
    challengeId,
  );
  if (!c || !(yield* lockRow("challenges", challengeId))) return;
  const strategy: ChallengeStrategy = getChallengeStrategy(c.scoring_strategy);
  const rows = yield* all<Record<string, unknown>>(
    `SELECT id, succeeded, score, elapsed_ms, tokens_total, judge_rating, created_at FROM challenge_attempts
     WHERE challenge_id = $1 AND end_user_id = $2 AND status = 'completed'
     ORDER BY created_at ASC, id ASC`,
    challengeId,
    endUserId,
  );
  // A limited challenge counts only the first max_attempts of the merged attempts: a player who
  // used theirs up cannot get more by playing as a guest and signing in afterwards.
  const limit = asNumOrNull(c.max_attempts);
  const counted = limit === null ? rows : rows.slice(0, limit);
  let best: EntryValues | null = null;
  for (const r of counted) {
    if (!asBool(r.succeeded)) continue;
    const m = {
      score: num(r.score),
      elapsedMs: num(r.elapsed_ms),
      tokensTotal: num(r.tokens_total),
      judgeRating: num(r.judge_rating),
    };
    if (strategy.rankValue(m) === null) continue;
    if (best && !isBetter(strategy, m, best)) continue;
    best = {
      accountId,
      bestAttemptId: r.id as string,
      score: m.score,
      elapsedMs: m.elapsedMs,
      tokensTotal: m.tokensTotal,
      judgeRating: strategy.column === "judgeRating" ? strategy.rankValue(m) : m.judgeRating,
      achievedAt: asDate(r.created_at),
    };
  }
  yield* exec(
    `DELETE FROM challenge_leaderboard_entries WHERE challenge_id = $1 AND end_user_id = $2`,
    challengeId,
    endUserId,
  );
  if (best) {
    yield* insertEntry(challengeId, endUserId, best, yield* completedAttemptCount(challengeId, endUserId));
    // The rebuilt entry keeps what the player spent on hints.
    yield* syncEntryHintCost(challengeId, endUserId);
  }
}

export interface GuestClaim {
  /** Workspaces whose guest end user became (or merged into) the account's. */
  workspaces: number;
  attempts: number;
}

/**
 * Makes a guest's attempts the account's, in one transaction, in every workspace the guest
 * played in. Where the account has no end user yet, the guest's end user becomes the account's
 * (type "account", accountId set, sessionId cleared) with its attempts and board entries;
 * where it has one, the guest's attempts and runs move to it and the guest's end user is removed.
 * Board entries are rebuilt from the attempts (a guest kept off a board gets their entry now).
 * `guestId` must come from a verified cookie (lib/auth/guest.ts verifyGuestToken).
 */
export async function claimGuestAttempts(accountId: string, guestId: string): Promise<GuestClaim> {
  const sessionId = guestSessionId(guestId);
  const touched = new Set<string>();
  const result = await transaction(function* (): Step<GuestClaim> {
    const guests = yield* all<{ id: string; tenant_id: string }>(
      `SELECT id, tenant_id FROM end_users WHERE session_id = $1 AND type = 'guest'`,
      sessionId,
    );
    let attempts = 0;
    for (const g of guests) {
      const challenges = yield* all<{ challenge_id: string }>(
        `SELECT DISTINCT challenge_id FROM challenge_attempts WHERE end_user_id = $1`,
        g.id,
      );
      const own = yield* one<{ id: string }>(
        `SELECT id FROM end_users WHERE tenant_id = $1 AND account_id = $2`,
        g.tenant_id,
        accountId,
      );
      let target = g.id;
      if (!own) {
        yield* exec(
          `UPDATE end_users SET account_id = $2, type = 'account', session_id = NULL WHERE id = $1`,
          g.id,
          accountId,
        );
        attempts += yield* exec(
          `UPDATE challenge_attempts SET account_id = $2 WHERE end_user_id = $1`,
          g.id,
          accountId,
        );
      } else {
        target = own.id;
        yield* lockRow("end_users", own.id);
        // Idempotency keys are per end user: the guest's could collide with the account's.
        attempts += yield* exec(
          `UPDATE challenge_attempts SET end_user_id = $2, account_id = $3, idempotency_key = NULL WHERE end_user_id = $1`,
          g.id,
          own.id,
          accountId,
        );
        yield* exec(`UPDATE workflow_runs SET end_user_id = $2 WHERE end_user_id = $1`, g.id, own.id);
        yield* exec(`DELETE FROM challenge_leaderboard_entries WHERE end_user_id = $1`, g.id);
        yield* exec(`DELETE FROM end_users WHERE id = $1`, g.id);
      }
      for (const { challenge_id } of challenges) {
        yield* rebuildEntry(challenge_id, target, accountId);
        touched.add(challenge_id);
      }
    }
    return { workspaces: guests.length, attempts };
  });
  for (const id of touched) forgetBoardEverywhere(id);
  return result;
}
