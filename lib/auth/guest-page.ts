import "server-only";
import { cookies } from "next/headers";
import { guestCookieName, verifyGuestToken } from "@/lib/auth/guest";
import { guestDisplayName } from "@/lib/auth/guest-name";
import { challengeAllowsGuests, getGuestPlayState } from "@/lib/services/guests";
import type { PlayState } from "@/lib/services/player-pages";

export type GuestPlayState = PlayState & { guest: { name: string | null } };

/**
 * A visitor's play state on a challenge that allows guests (null where it does not: they are
 * asked to log in). The name is known once the guest cookie exists (set by their first attempt).
 */
export async function guestPlayFor(challengeId: string): Promise<GuestPlayState | null> {
  if (!(await challengeAllowsGuests(challengeId))) return null;
  const guestId = verifyGuestToken((await cookies()).get(guestCookieName())?.value);
  const play = await getGuestPlayState(challengeId, guestId);
  return { ...play, guest: { name: guestId ? guestDisplayName(guestId) : null } };
}
