import "server-only";
import { db } from "@/lib/db";
import { lockEndUserRow } from "@/lib/db/guests";
import { guestSessionId } from "@/lib/auth/guest-name";
import { env } from "@/lib/env";
import { configuredLimiter, createLimiter } from "@/lib/rate-limit";
import { allowance } from "@/lib/services/attempts/limits";
import { forgetBoardEverywhere } from "@/lib/services/caches";
import { rebuildEntry } from "@/lib/services/leaderboards/rebuild-entry";
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
  const result = await db.$transaction(async (tx): Promise<GuestClaim> => {
    const guests = await tx.endUser.findMany({
      where: { sessionId, type: "guest" },
      select: { id: true, workspaceId: true },
    });
    let attempts = 0;
    for (const g of guests) {
      const challenges = await tx.challengeAttempt.findMany({
        where: { endUserId: g.id },
        distinct: ["challengeId"],
        select: { challengeId: true },
      });
      const own = await tx.endUser.findFirst({
        where: { workspaceId: g.workspaceId, accountId },
        select: { id: true },
      });
      let target = g.id;
      if (!own) {
        await tx.endUser.update({
          where: { id: g.id },
          data: { accountId, type: "account", sessionId: null },
          select: { id: true },
        });
        attempts += (await tx.challengeAttempt.updateMany({ where: { endUserId: g.id }, data: { accountId } })).count;
      } else {
        target = own.id;
        await lockEndUserRow(tx, own.id);
        // Idempotency keys are per end user: the guest's could collide with the account's.
        attempts += (
          await tx.challengeAttempt.updateMany({
            where: { endUserId: g.id },
            data: { endUserId: own.id, accountId, idempotencyKey: null },
          })
        ).count;
        await tx.workflowRun.updateMany({ where: { endUserId: g.id }, data: { endUserId: own.id } });
        await tx.challengeLeaderboardEntry.deleteMany({ where: { endUserId: g.id } });
        await tx.endUser.deleteMany({ where: { id: g.id } });
      }
      for (const { challengeId } of challenges) {
        await rebuildEntry(tx, challengeId, target, accountId);
        touched.add(challengeId);
      }
    }
    return { workspaces: guests.length, attempts };
  });
  for (const id of touched) forgetBoardEverywhere(id);
  return result;
}
