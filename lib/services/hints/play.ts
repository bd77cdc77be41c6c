import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import type { HintUnlockResult, PlayerHint, PlayerHints } from "@/lib/contracts/hints";
import { createLimiter } from "@/lib/rate-limit";
import { ensureEndUser } from "@/lib/services/accounts";
import { forgetBoardEverywhere } from "@/lib/services/caches";
import { isAvailable, recordHintUnlock } from "@/lib/services/hints/store";

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
 * Unlocks a hint for the player (lib/services/hints/store.ts recordHintUnlock: one transaction
 * under the challenge's row lock). Idempotent: a second unlock charges nothing. Refused (403)
 * before the hint's failed-attempt threshold; a hint of another challenge is not found.
 */
export async function unlockHint(
  challengeId: string,
  hintId: string,
  accountId: string,
): Promise<HintUnlockResult> {
  await unlockLimiter.consume(accountId);
  const challenge = await playableChallenge(challengeId);
  const { id: endUserId } = await ensureEndUser(challenge.workspaceId, accountId);
  const result = await recordHintUnlock(challengeId, hintId, endUserId, accountId);
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
