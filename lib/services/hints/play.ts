import "server-only";
import { assertLevelOpen, attemptLadderStep } from "@/lib/services/ladder";
import { db } from "@/lib/db";
import { exec, lockRow, transaction } from "@/lib/db/sql";
import { AppError, notFound } from "@/lib/errors";
import { uuidv7 } from "@/lib/ids";
import type { HintUnlockResult, PlayerHint, PlayerHints } from "@/lib/contracts/hints";
import { createLimiter } from "@/lib/rate-limit";
import { ensureEndUser } from "@/lib/services/accounts";
import { forgetBoardEverywhere } from "@/lib/services/caches";
import { failedAttempts, hintOfChallenge, spentOnHints, syncEntryHintCost } from "@/lib/services/hints/store";

// What players see of hints and how they unlock one. A hint's body is read only for hints the
// player has unlocked (and for the one being unlocked, after the unlock is recorded).

/** Unlocks per player per minute (an unlock is a write; a no-op repeat still counts). */
const unlockLimiter = createLimiter({
  name: "hint-unlocks",
  points: 30,
  durationSec: 60,
  reason: "Too many hint unlocks.",
});

// The same rule as the public challenge page: active, with a published workflow.
const playable = { isActive: true, workflow: { publishedVersionId: { not: null } } };

async function playableChallenge(challengeId: string) {
  const challenge = await db.challenge.findFirst({
    where: { id: challengeId, ...playable },
    select: { id: true, workspaceId: true },
  });
  if (!challenge) throw notFound("Challenge");
  return challenge;
}

const isAvailable = (k: number | null, failures: number) => k === null || failures >= k;

/** The challenge's hints for a visitor (accountId null: nothing unlocked, no failures). */
export async function listPlayerHints(challengeId: string, accountId: string | null): Promise<PlayerHints> {
  const challenge = await playableChallenge(challengeId);
  const [hints, endUser] = await Promise.all([
    db.challengeHint.findMany({
      where: { challengeId },
      orderBy: [{ position: "asc" }, { id: "asc" }],
      // No body here: bodies come only with the player's own unlocks below.
      select: { id: true, position: true, cost: true, unlockAfterFailures: true },
    }),
    accountId
      ? db.endUser.findFirst({
          where: { workspaceId: challenge.workspaceId, accountId },
          select: { id: true },
        })
      : Promise.resolve(null),
  ]);
  let failures = 0;
  const unlocked = new Map<string, { body: string; cost: number }>();
  if (endUser && hints.length > 0) {
    const [rows, failed] = await Promise.all([
      db.challengeHintUnlock.findMany({
        where: { challengeId, endUserId: endUser.id },
        select: { hintId: true, cost: true, hint: { select: { body: true } } },
      }),
      db.challengeAttempt.count({
        where: { challengeId, endUserId: endUser.id, status: "completed", succeeded: false },
      }),
    ]);
    failures = failed;
    for (const r of rows) unlocked.set(r.hintId, { body: r.hint.body, cost: r.cost });
  }
  let spent = 0;
  for (const u of unlocked.values()) spent += u.cost;
  return {
    failures,
    spent,
    hints: hints.map((h): PlayerHint => ({
      id: h.id,
      position: h.position,
      cost: h.cost,
      unlock_after_failures: h.unlockAfterFailures,
      unlocked: unlocked.has(h.id),
      available: isAvailable(h.unlockAfterFailures, failures),
      body: unlocked.get(h.id)?.body ?? null,
    })),
  };
}

/**
 * Unlocks a hint for the player: one transaction (under the challenge's row lock, like the
 * attempt recording) records the unlock at the hint's current cost and adds it to the player's
 * leaderboard entry when they already have one. Idempotent: a second unlock charges nothing.
 * Refused (403) before the hint's failed-attempt threshold; a hint of another challenge is not found.
 */
export async function unlockHint(
  challengeId: string,
  hintId: string,
  accountId: string,
): Promise<HintUnlockResult> {
  await unlockLimiter.consume(accountId);
  const challenge = await playableChallenge(challengeId);
  const { id: endUserId } = await ensureEndUser(challenge.workspaceId, accountId);
  const result = await transaction(function* () {
    if (!(yield* lockRow("challenges", challengeId))) throw notFound("Challenge");
    // A locked ladder level's hints stay locked too (gating, lib/services/ladder.ts).
    assertLevelOpen(yield* attemptLadderStep(challengeId, endUserId));
    const hint = yield* hintOfChallenge(challengeId, hintId);
    if (!hint) throw notFound("Hint");
    const failures = yield* failedAttempts(challengeId, endUserId);
    const inserted = yield* exec(
      `INSERT INTO challenge_hint_unlocks (id, hint_id, challenge_id, end_user_id, account_id, cost, created_at)
       SELECT $1, $2, $3, $4, $5, $6, $7
        WHERE NOT EXISTS (SELECT 1 FROM challenge_hint_unlocks WHERE hint_id = $2 AND end_user_id = $4)`,
      uuidv7(),
      hint.id,
      challengeId,
      endUserId,
      accountId,
      hint.cost,
      new Date(),
    );
    const charged = inserted > 0;
    if (charged) {
      if (!isAvailable(hint.unlockAfterFailures, failures)) {
        // Thrown inside the transaction: the insert is rolled back.
        throw new AppError(
          "forbidden",
          `This hint unlocks after ${hint.unlockAfterFailures} failed attempts (you have ${failures}).`,
          { details: { unlock_after_failures: hint.unlockAfterFailures, failures } },
        );
      }
      yield* syncEntryHintCost(challengeId, endUserId);
    }
    const spent = yield* spentOnHints(challengeId, endUserId);
    return { hint, charged, spent, failures };
  });
  if (result.charged && result.hint.cost > 0) forgetBoardEverywhere(challengeId);
  const { hint } = result;
  return {
    charged: result.charged,
    spent: result.spent,
    hint: {
      id: hint.id,
      position: hint.position,
      cost: hint.cost,
      unlock_after_failures: hint.unlockAfterFailures,
      unlocked: true,
      available: true,
      body: hint.body,
    },
  };
}
