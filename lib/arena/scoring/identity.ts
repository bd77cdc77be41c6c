import type { GameResult } from "@/lib/arena/types";
import { SECURITY_BREACH } from "@/lib/arena/types";

/** A player the arena scores: its seat, its invite code and its persistent user id. */
export interface ScoredPlayer {
  position: number;
  invite: string;
  userId: string;
}

/** The persistent user id behind an invite, or undefined for an anonymous (or unknown) seat. */
function identityOf(result: GameResult, invite: string): string | undefined {
  const userId = Object.hasOwn(result.playerIdentities, invite) ? result.playerIdentities[invite] : undefined;
  return typeof userId === "string" && userId !== "" ? userId : undefined;
}

/**
 * The players a game scores, in seat order: only those with a persistent identity. A game in which
 * one user holds two seats (self-play) scores nobody: it would let a user farm wins against
 * themselves.
 */
export function scoredPlayers(result: GameResult): ScoredPlayer[] {
  const scored: ScoredPlayer[] = [];
  const seen = new Set<string>();
  for (const [position, invite] of result.players.entries()) {
    const userId = identityOf(result, invite);
    if (userId === undefined) continue;
    if (seen.has(userId)) return [];
    seen.add(userId);
    scored.push({ position, invite, userId });
  }
  return scored;
}

/** True when every seat has a persistent identity (the red-team strategy needs both sides). */
export function everyPlayerIdentified(result: GameResult): boolean {
  return (
    result.players.length > 0 && result.players.every((invite) => identityOf(result, invite) !== undefined)
  );
}

/**
 * The seat an attribution party names: a 0-based position (the reference sends numbers), an invite
 * code, or a position written as decimal text (an invite code of the game wins over that reading).
 * Undefined when it names no seat of this game.
 */
export function resolveAttributionPosition(result: GameResult, party: number | string): number | undefined {
  if (typeof party === "number") {
    return Number.isInteger(party) && party >= 0 && party < result.players.length ? party : undefined;
  }
  const byInvite = result.players.indexOf(party);
  if (byInvite >= 0) return byInvite;
  return /^(0|[1-9]\d{0,8})$/.test(party) ? resolveAttributionPosition(result, Number(party)) : undefined;
}

/** The user id an attribution party stands for; undefined when the seat is unknown or anonymous. */
export function resolveAttributionParty(result: GameResult, party: number | string): string | undefined {
  const position = resolveAttributionPosition(result, party);
  const invite = position === undefined ? undefined : result.players[position];
  return invite === undefined ? undefined : identityOf(result, invite);
}

export { SECURITY_BREACH };

/**
 * `security_breach` attributions of a game, per user: breaches caused and suffered. Each
 * attribution counts once (a player breached twice in one game suffered 2). An attribution counts
 * only when both parties are identified seats and they are different seats; any other is ignored.
 */
export function breachCounts(result: GameResult): Map<string, { caused: number; suffered: number }> {
  const counts = new Map<string, { caused: number; suffered: number }>();
  const at = (userId: string) => {
    let c = counts.get(userId);
    if (!c) counts.set(userId, (c = { caused: 0, suffered: 0 }));
    return c;
  };
  for (const a of result.attributions ?? []) {
    if (a.type !== SECURITY_BREACH) continue;
    const fromPos = resolveAttributionPosition(result, a.from);
    const toPos = resolveAttributionPosition(result, a.to);
    if (fromPos === undefined || toPos === undefined || fromPos === toPos) continue;
    const attacker = resolveAttributionParty(result, fromPos);
    const victim = resolveAttributionParty(result, toPos);
    if (attacker === undefined || victim === undefined) continue;
    at(attacker).caused += 1;
    at(victim).suffered += 1;
  }
  return counts;
}
