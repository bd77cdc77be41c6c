// Guest players (no account): how their end users are keyed and how boards name them.
// Pure and client-safe: the signed cookie that proves a guest id is guest.ts beside it.

/** EndUser.sessionId of a guest: "guest:<id>" (unique per workspace). */
export const GUEST_SESSION_PREFIX = "guest:";

export const guestSessionId = (guestId: string): string => `${GUEST_SESSION_PREFIX}${guestId}`;

/** The guest id of an end user's sessionId, or null when it is not a guest's. */
export function guestIdOfSession(sessionId: string | null | undefined): string | null {
  return sessionId?.startsWith(GUEST_SESSION_PREFIX) ? sessionId.slice(GUEST_SESSION_PREFIX.length) : null;
}

/** A stable four-digit number (1000–9999) for a guest id: FNV-1a over its characters. */
export function guestNumber(guestId: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < guestId.length; i++) {
    h ^= guestId.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return 1000 + (h % 9000);
}

/** "Guest-1234": how a guest is shown to themselves and, where the creator allows it, on boards. */
export const guestDisplayName = (guestId: string): string => `Guest-${guestNumber(guestId)}`;
