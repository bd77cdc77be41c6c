import "server-only";
import { verifySessionKey } from "@/lib/arena/identity";
import { arenaMode, arenaSecret } from "@/lib/services/arena/config";
import { fromRequired, keyNeedsGame, unauthorized } from "@/lib/services/arena/errors";

// Who is calling, per docs/arena-protocol.md "Two identity modes": in auth mode a session key
// (Bearer or ?key=) bound to one game; in standalone mode the invite code given as `from`.

export interface ArenaCaller {
  key?: string;
  from?: string;
  /**
   * The game a session key belongs to, as the request names it (`challengeId` in the body or the
   * query): how a key identifies its player on a free chat channel, which names no game.
   */
  challengeId?: string;
  /** The client address key (lib/http/client-ip.ts), for the free channels' per-address limit. */
  clientKey?: string;
  /**
   * The seat's invite code, set by server code only (a signed-in Gauntlet player acting from the
   * browser, resolved from their session). Never read from a request.
   */
  trustedInvite?: string;
}

// Keys already verified, by game: a key's seat is a fact of the secret, the game and the key
// alone (it never changes), so every request after a player's first skips the HMAC.
const MAX_VERIFIED = 10_000;
let verified: { secret: string; seats: Map<string, number> } = { secret: "", seats: new Map() };

/**
 * The seat (0-based join order) a key grants in `gameId`; null without a key. A key that is
 * malformed or for another game is 401.
 */
export function seatOfKey(caller: ArenaCaller, gameId: string): number | null {
  if (!caller.key || arenaMode() === "standalone") return null;
  const secret = arenaSecret();
  const known = `${gameId} ${caller.key}`;
  let seat = verified.secret === secret ? verified.seats.get(known) : undefined;
  if (seat === undefined) {
    seat = verifySessionKey(secret, caller.key, gameId) ?? undefined;
    if (seat === undefined) throw unauthorized();
    if (verified.secret !== secret || verified.seats.size >= MAX_VERIFIED) {
      verified = { secret, seats: new Map() };
    }
    verified.seats.set(known, seat);
  }
  return seat;
}

/** The invite code a writer acts as in a game whose joined players are `players`. */
export function writerInvite(caller: ArenaCaller, gameId: string, players: string[]): string {
  if (caller.trustedInvite) return caller.trustedInvite;
  if (arenaMode() === "standalone") {
    if (!caller.from) throw fromRequired();
    return caller.from;
  }
  const seat = seatOfKey(caller, gameId);
  if (seat === null) throw fromRequired("auth");
  const invite = players[seat];
  if (!invite) throw unauthorized();
  return invite;
}

/** The invite codes a reader sees DMs of (empty: an anonymous viewer). */
export function readerInvites(caller: ArenaCaller, gameId: string, players: string[]): string[] {
  if (caller.trustedInvite) return [caller.trustedInvite];
  if (arenaMode() === "standalone") return caller.from ? [caller.from] : [];
  const seat = seatOfKey(caller, gameId);
  if (seat === null) return [];
  const invite = players[seat];
  if (!invite) throw unauthorized();
  return [invite];
}

/** The game whose players may speak on free channel `channel` with a key (auth mode); null: none. */
export function keyGameOnFreeChannel(caller: ArenaCaller, channel: string): string | null {
  if (caller.trustedInvite || arenaMode() === "standalone" || !caller.key) return null;
  if (!caller.challengeId) throw keyNeedsGame(channel);
  return caller.challengeId;
}

/**
 * Who writes on a free channel: `from` in standalone mode; in auth mode the invite of the seat
 * the key grants in the game named by `challengeId` (`players`: that game's joined players).
 */
export function freeWriter(caller: ArenaCaller, channel: string, players: string[] | null): string {
  if (caller.trustedInvite) return caller.trustedInvite;
  if (arenaMode() === "standalone") {
    if (!caller.from) throw fromRequired();
    return caller.from;
  }
  const gameId = keyGameOnFreeChannel(caller, channel);
  if (gameId === null) throw fromRequired("auth");
  const seat = seatOfKey(caller, gameId)!;
  const invite = players?.[seat];
  if (!invite) throw unauthorized();
  return invite;
}

/** Whose DMs a reader of a free channel sees (empty: an anonymous viewer). */
export function freeReader(caller: ArenaCaller, channel: string, players: string[] | null): string[] {
  if (caller.trustedInvite) return [caller.trustedInvite];
  if (arenaMode() === "standalone") return caller.from ? [caller.from] : [];
  if (keyGameOnFreeChannel(caller, channel) === null) return [];
  return [freeWriter(caller, channel, players)];
}
