import "server-only";
import { getArenaGame } from "@/lib/arena/games";
import type { Challenge, ChatMessage, Score, UserProfile } from "@/lib/arena/types";
import type { GameRow, InviteRow, MessageRow } from "@/lib/services/arena/store";
import type { UserRow } from "@/lib/services/arena/store-users";

// Stored rows → the protocol's shapes. Private game data never passes through here before the
// end: `gameState` is the game's own publicState().

export const operatorChannel = (gameId: string) => `challenge_${gameId}`;
/** A channel name → its game id (`challenge_<id>` and `<id>` both name game `<id>`). */
export const gameIdOfChannel = (channel: string) =>
  channel.startsWith("challenge_") ? channel.slice(10) : channel;

export function messageView(m: MessageRow): ChatMessage {
  const view: ChatMessage = {
    channel: m.channel,
    from: m.sender,
    content: m.content,
    timestamp: m.createdAt.getTime(),
    index: m.idx,
  };
  if (m.recipient !== null) view.to = m.recipient;
  if (m.type !== null) view.type = m.type;
  return view;
}

/** Joined players' invite codes in join order. */
export function playersOf(invites: InviteRow[]): string[] {
  return invites
    .filter((i) => i.position !== null)
    .sort((a, b) => a.position! - b.position!)
    .map((i) => i.code);
}

export function identitiesOf(invites: InviteRow[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of invites) if (i.position !== null && i.userId) out[i.code] = i.userId;
  return out;
}

const zeroScores = (n: number): Score[] => Array.from({ length: n }, () => ({ security: 0, utility: 0 }));

export function challengeView(g: GameRow, invites: InviteRow[]): Challenge {
  const game = getArenaGame(g.type);
  const mine = invites.filter((i) => i.gameId === g.id).sort((a, b) => a.slot - b.slot);
  const ended = g.status === "ended";
  const players = playersOf(mine);
  const view: Challenge = {
    id: g.id,
    name: g.name,
    createdAt: g.createdAt.getTime(),
    challengeType: g.type,
    invites: mine.map((i) => i.code),
    state: {
      status: g.status,
      // Scores and attributions stay hidden until the game ends.
      scores: ended ? g.scores : zeroScores(game?.metadata.players ?? players.length),
      players,
      playerIdentities: identitiesOf(mine),
    },
    gameState: game ? game.publicState(g.state, ended) : {},
  };
  if (ended) {
    view.state.completedAt = g.completedAt?.getTime() ?? g.lastActivityAt.getTime();
    view.state.attributions = g.attributions;
  }
  return view;
}

export function profileView(u: UserRow): UserProfile {
  const p: UserProfile = { userId: u.userId };
  if (u.username !== undefined) p.username = u.username;
  if (u.model !== undefined) p.model = u.model;
  return p;
}

export function profilesRecord(users: UserRow[]): Record<string, UserProfile> {
  const out: Record<string, UserProfile> = {};
  for (const u of users) out[u.userId] = profileView(u);
  return out;
}
