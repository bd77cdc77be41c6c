// Direct SQL: the attempt hot path (README "Benchmarks" (a) and (e): attempts/s, CPU per attempt).
import "server-only";
import crypto from "node:crypto";
import type { AttemptResult } from "@/lib/contracts/attempts";
import { asNumOrNull, one, query, transaction, type Step } from "@/lib/db/sql";
import { authSubkey } from "@/lib/crypto";
import { AppError, forbidden, notFound } from "@/lib/errors";
import { assertClaimPace, takeClaimAllowance } from "@/lib/services/attempts/claim-limits";
import { claim, settled, waitForAttempt, REPLAY_WAIT_MS } from "@/lib/services/attempts/claims";
import { withCreatorFeedback } from "@/lib/services/attempts/feedback";
import { LEASE_OWNER } from "@/lib/services/attempts/lease";
import { allowanceStep } from "@/lib/services/attempts/limits";
import { recordAttemptInTransaction } from "@/lib/services/attempts/record";
import { MESSAGES, toResult } from "@/lib/services/attempts/result";
import { ensureEndUserStep, failPendingAttempt, loadPlayable } from "@/lib/services/attempts/store";
import { assertLevelOpen, attemptLadderStep } from "@/lib/services/ladder";

// Claim the password (Gandalf's guess box). The claim takes an attempt's place: the same claim
// transaction (attempt limit, cooldown, per-minute rate, idempotency key, and the slowdown after
// wrong claims; claim-limits.ts also limits them per client address) inserts a pending
// attempt whose prompt is CLAIM_PROMPT, and the normal recording path completes it — succeeded
// when the typed secret matches — so boards, collection scores and events count a correct claim
// like any win. The typed text is compared and dropped: never stored, logged or echoed.
//
// The comparison normalises both sides (NFKC, lower case, whitespace removed), hashes each with
// HMAC-SHA256 under a per-process random key and compares the equal-length digests with
// crypto.timingSafeEqual, so the time taken says nothing about how much of a guess was right.
//
// A claim is credited with the metrics of the player's latest evaluated attempt on the challenge
// (the attack that leaked the secret in disguise): its time, tokens and rating. Without one the
// success is recorded with none, so a strategy ranked by time or tokens gives it no board place
// (a secret learned elsewhere cannot top a "fastest" board).

export const CLAIM_PROMPT = "[claim]";

export const CLAIM_MESSAGES = {
  right: "Claim accepted: that is the password.",
  wrong: "That is not the password.",
} as const;

const HMAC_KEY = crypto.randomBytes(32);

export function normaliseClaim(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/gu, "");
}

/** Constant-time equality of two claims after normalisation (equal-length HMAC digests). */
export function claimMatches(typed: string, secret: string): boolean {
  const digest = (s: string) =>
    crypto.createHmac("sha256", HMAC_KEY).update(normaliseClaim(s), "utf8").digest();
  const a = digest(typed);
  const b = digest(secret);
  return crypto.timingSafeEqual(a, b) && normaliseClaim(secret) !== "";
}

/**
 * The stored hash binding a claim's idempotency key to what was typed: HMAC-SHA-256 under a key
 * derived from AUTH_SECRET (the same on every instance, so a replay on another one matches).
 */
export function claimHash(typed: string): string {
  return crypto
    .createHmac("sha256", authSubkey("gauntlet claim hash v1"))
    .update(`${CLAIM_PROMPT}${normaliseClaim(typed)}`, "utf8")
    .digest("base64url");
}

export interface ClaimSecretInput {
  challengeId: string;
  accountId: string;
  /** What the player typed (size-capped by the contract). */
  secret: string;
  /** The client's address key (lib/http/client-ip.ts clientKey), for the per-address limits. */
  clientKey: string;
  idempotencyKey?: string | null;
}

interface Credit {
  elapsedMs: number | null;
  tokensTotal: number | null;
  judgeRating: number | null;
}

function* latestEvaluated(challengeId: string, endUserId: string): Step<Credit> {
  const r = yield* one<Record<string, unknown>>(
    `SELECT elapsed_ms, tokens_total, judge_rating FROM challenge_attempts
     WHERE challenge_id = $1 AND end_user_id = $2 AND status = 'completed' AND COALESCE(prompt, '') <> $3
     ORDER BY created_at DESC LIMIT 1`,
    challengeId,
    endUserId,
    CLAIM_PROMPT,
  );
  return {
    elapsedMs: asNumOrNull(r?.elapsed_ms),
    tokensTotal: asNumOrNull(r?.tokens_total),
    judgeRating: asNumOrNull(r?.judge_rating),
  };
}

/**
 * Checks a claimed secret. Throws not_found (unknown or inactive challenge), forbidden (the
 * challenge takes no claims or has no secret), level_locked (gating), rate_limited (limits, as for
 * attempts). A wrong claim is a result (succeeded: false), counted like a failed attempt.
 */
export async function claimSecret(input: ClaimSecretInput): Promise<AttemptResult> {
  const challenge = await query(() => loadPlayable(input.challengeId, { accountId: input.accountId }));
  if (!challenge || !challenge.isActive) throw notFound("Challenge");
  if (!challenge.workflowId || !challenge.versionId) {
    throw new AppError(
      "conflict",
      "This challenge cannot be played yet: its workflow has not been published.",
    );
  }
  const secret = challenge.run.secret;
  const endUserId =
    challenge.endUserId ??
    (await transaction(() => ensureEndUserStep(challenge.workspaceId, input.accountId)));
  // Read with the challenge, or again for an end user created just now.
  const ladder = challenge.endUserId
    ? challenge.ladder
    : await query(() => attemptLadderStep(challenge.id, endUserId));
  if (!ladder?.allowSecretClaims || !secret) throw forbidden("This challenge does not take password claims.");
  assertLevelOpen(ladder);

  const key = input.idempotencyKey ?? null;
  // The key is bound to the claim text, like an attempt's to its prompt, by a keyed hash: a right
  // claim is the secret, so a plain SHA-256 in the attempts table would let anyone who reads the
  // database (a backup, say) guess the secret offline, past its encryption at rest.
  const hash = key ? claimHash(input.secret) : null;
  // Taken before the comparison and given back unless the claim turns out wrong (claim-limits.ts).
  const giveBack = await takeClaimAllowance(challenge.id, input.clientKey);
  let claimed: Awaited<ReturnType<typeof claim>>;
  try {
    claimed = await claim(
      challenge,
      endUserId,
      { challengeId: challenge.id, accountId: input.accountId, prompt: CLAIM_PROMPT, idempotencyKey: key },
      CLAIM_PROMPT,
      hash,
      () => assertClaimPace(challenge.id, endUserId, CLAIM_PROMPT),
    );
  } catch (err) {
    await giveBack();
    throw err;
  }
  if (claimed.kind === "existing") {
    await giveBack();
    const waited = await waitForAttempt(claimed.attemptId, Date.now() + REPLAY_WAIT_MS);
    if (!waited || waited.kind !== "done") {
      throw new AppError(
        "conflict",
        "An earlier claim with this idempotency key did not finish; use a new key.",
      );
    }
    const allowed = await query(() => allowanceStep(challenge, endUserId));
    return toResult(waited.row, { ...allowed, replayed: true });
  }

  const pending = claimed.attempt;
  try {
    const right = claimMatches(input.secret, secret);
    if (right) await giveBack();
    const credit = right ? await query(() => latestEvaluated(challenge.id, endUserId)) : null;
    const recorded = await recordAttemptInTransaction({
      challenge,
      attemptId: pending.id,
      leaseOwner: LEASE_OWNER,
      endUserId,
      accountId: pending.accountId,
      status: "completed",
      succeeded: right,
      elapsedMs: credit?.elapsedMs ?? null,
      tokensTotal: credit?.tokensTotal ?? null,
      judgeRating: credit?.judgeRating ?? null,
      response: null,
      errorMessage: null,
    });
    const allowed = await query(() => allowanceStep(challenge, endUserId));
    const result = toResult(recorded.attempt, {
      ...allowed,
      replayed: false,
      firstBlood: recorded.firstBlood,
      personalBest: recorded.personalBest,
      message: right ? CLAIM_MESSAGES.right : CLAIM_MESSAGES.wrong,
    });
    return withCreatorFeedback(result, ladder, secret);
  } catch (err) {
    await transaction(() => failPendingAttempt(pending.id, MESSAGES.runFailed, LEASE_OWNER)).catch(
      () => undefined,
    );
    await giveBack();
    throw err;
  } finally {
    settled(pending.id);
  }
}
