// Direct SQL: a Prisma version cost 4-12x the CPU per chat send and sync in process (SQLite send 0.12-0.19 -> 1.6 ms).
import "server-only";
import { arenaGameTypes, getArenaGame } from "@/lib/arena/games";
import { redactFor } from "@/lib/arena/redact";
import type {
  Challenge,
  ChallengeMetadata,
  ChallengeOperatorState,
  ChatMessage,
  GameStatus,
  UserProfile,
} from "@/lib/arena/types";
import { query, transaction } from "@/lib/db/sql";
import { type ArenaCaller, readerInvites } from "@/lib/services/arena/caller";
import { freeViewer, isGameChannelName, readFreeChannel } from "@/lib/services/arena/channels";
import { arenaTimeoutMs, MAX_SYNC_MESSAGES, openGameTtlMs } from "@/lib/services/arena/config";
import { ArenaError, badRequest, GAME_NOT_FOUND, notFound } from "@/lib/services/arena/errors";
import { mutateGame } from "@/lib/services/arena/engine";
import {
  abandonedGameIds,
  countGames,
  countParticipants,
  deleteIfAbandoned,
  listGames,
  readGame,
  readInvite,
  readInvites,
  readMessages,
  readSeats,
  stalledGameIds,
  type GameRow,
} from "@/lib/services/arena/store";
import { readUsers } from "@/lib/services/arena/store-users";
import {
  challengeView,
  gameIdOfChannel,
  messageView,
  operatorChannel,
  profilesRecord,
} from "@/lib/services/arena/views";

// The arena's reads: catalogue, sessions, invites, channel syncs, stats.

export function catalogue(): Record<string, ChallengeMetadata> {
  const out: Record<string, ChallengeMetadata> = {};
  for (const type of arenaGameTypes()) out[type] = getArenaGame(type)!.metadata;
  return out;
}

export function metadataOf(type: string): ChallengeMetadata {
  const def = getArenaGame(type);
  if (!def) throw notFound(GAME_NOT_FOUND);
  return def.metadata;
}

export interface GamePage {
  challenges: Challenge[];
  total: number;
  limit: number;
  offset: number;
  profiles: Record<string, UserProfile>;
}

const STATUSES = new Set<GameStatus>(["open", "active", "ended"]);

/** `?limit&offset&status` as the reference reads them (default 50, at most 100). */
export function pageParams(search: URLSearchParams): { limit: number; offset: number; status?: GameStatus } {
  const limit = Math.min(100, Math.max(1, Math.floor(Number(search.get("limit") ?? 50)) || 50));
  const offset = Math.max(0, Math.floor(Number(search.get("offset") ?? 0)) || 0);
  const status = search.get("status");
  if (status !== null && status !== "" && !STATUSES.has(status as GameStatus)) {
    throw badRequest("status must be one of open, active, ended");
  }
  return { limit, offset, status: (status || undefined) as GameStatus | undefined };
}

/**
 * `?limit&offset` of a user's games, read the reference's way there (leading digits count, `10x`
 * is 10; a missing, zero or unreadable limit is 50; `status` is not read: the list holds ended
 * games only), with the same cap of 100 as the other lists.
 */
export function userPageParams(search: URLSearchParams): { limit: number; offset: number } {
  const int = (name: string) => parseInt(search.get(name) ?? "", 10);
  const limit = Math.min(100, Math.max(1, int("limit") || 50));
  const offset = Math.max(0, int("offset") || 0);
  return { limit, offset };
}

/** `GET /users/:userId/challenges`: the user's ended games, newest first, a page at a time. */
export function gamesOfUser(userId: string, search: URLSearchParams): Promise<GamePage> {
  return listChallenges({ userId, status: "ended", ...userPageParams(search) });
}

async function pageOf(rows: GameRow[], total: number, limit: number, offset: number): Promise<GamePage> {
  const invites = await query(() => readInvites(rows.map((r) => r.id)));
  const userIds = invites.map((i) => i.userId).filter((u): u is string => !!u);
  const users = await query(() => readUsers(userIds));
  return {
    challenges: rows.map((r) => challengeView(r, invites)),
    total,
    limit,
    offset,
    profiles: profilesRecord(users),
  };
}

export async function listChallenges(filter: {
  type?: string;
  status?: GameStatus;
  userId?: string;
  limit: number;
  offset: number;
}): Promise<GamePage> {
  if (filter.type && !getArenaGame(filter.type)) throw notFound(GAME_NOT_FOUND);
  const { rows, total } = await query(() => listGames(filter));
  return pageOf(rows, total, filter.limit, filter.offset);
}

export async function challengeById(id: string): Promise<Challenge | null> {
  const game = await query(() => readGame(id));
  if (!game) return null;
  const invites = await query(() => readInvites([id]));
  return challengeView(game, invites);
}

/** `GET /invites/:id`: the game of an unused invite. */
export async function gameOfInvite(code: string): Promise<Challenge> {
  const invite = await query(() => readInvite(code));
  if (!invite) throw notFound(`Challenge not found for invite: ${code}`);
  if (invite.position !== null) throw new ArenaError(409, `Invite already used: ${code}`);
  return (await challengeById(invite.gameId))!;
}

/**
 * `POST /invites {inviteId}`: claims an invite. The invite must exist and be unused (the same
 * 404/409 answers as `GET /invites/:id`); the answer is `{success: true}` as the reference
 * gives it, with the game alongside. Claiming takes no seat: joining does.
 */
export async function claimInvite(body: Record<string, unknown>): Promise<Challenge & { success: true }> {
  const inviteId = body.inviteId;
  if (typeof inviteId !== "string" || inviteId === "") throw badRequest("inviteId is required");
  return { ...(await gameOfInvite(inviteId)), success: true };
}

/** The operator state sent with `game_ended`, with the players' profiles. */
export async function endedState(
  gameId: string,
): Promise<(ChallengeOperatorState & { profiles: Record<string, UserProfile> }) | null> {
  const view = await challengeById(gameId);
  if (!view) return null;
  const ids = Object.values(view.state.playerIdentities);
  const users = await query(() => readUsers(ids));
  return { ...view.state, profiles: profilesRecord(users) };
}

export interface ChannelRead {
  messages: ChatMessage[];
  count: number;
}

/** What a channel holds from `index` on, redacted for the caller (a game's or a free channel). */
export async function syncChannel(
  channel: string,
  index: number,
  caller: ArenaCaller,
): Promise<ChannelRead & { ended: boolean; viewer: string[] }> {
  if (!Number.isFinite(index) || index < 0) throw badRequest("index must be a non-negative integer");
  const gameId = gameIdOfChannel(channel);
  const seats = await query(() => readSeats(gameId));
  if (!seats) {
    // A game's channel name of no game reads empty; any other name is a free chat channel.
    if (isGameChannelName(channel)) return { messages: [], count: 0, ended: false, viewer: [] };
    const viewer = await freeViewer(channel, caller);
    const messages = await readFreeChannel(channel, Math.floor(index), viewer);
    return { messages, count: messages.length, ended: false, viewer };
  }
  const viewer = readerInvites(caller, gameId, seats.players);
  const ended = seats.status === "ended";
  const rows = await query(() => readMessages(channel, Math.floor(index), MAX_SYNC_MESSAGES));
  const messages = rows.map((r) => redactFor(messageView(r), viewer, ended));
  return { messages, count: messages.length, ended, viewer };
}

export const syncOperator = (gameId: string, index: number, caller: ArenaCaller) =>
  syncChannel(operatorChannel(gameId), index, caller);

export async function arenaStats(): Promise<{
  challenges: Record<string, { gamesPlayed: number }>;
  global: { participants: number; gamesPlayed: number };
}> {
  const counts = await query(() => countGames());
  const challenges: Record<string, { gamesPlayed: number }> = {};
  for (const type of arenaGameTypes()) challenges[type] = { gamesPlayed: 0 };
  let played = 0;
  for (const c of counts) {
    if (c.status !== "ended") continue;
    (challenges[c.type] ??= { gamesPlayed: 0 }).gamesPlayed += c.n;
    played += c.n;
  }
  return {
    challenges,
    global: { participants: await query(() => countParticipants()), gamesPlayed: played },
  };
}

let lastSweep = 0;

/** Ends active games with no action for ARENA_GAME_TIMEOUT_SECONDS (at most every 5 s). */
export async function endStalledGames(force = false): Promise<number> {
  const now = Date.now();
  if (!force && now - lastSweep < 5_000) return 0;
  lastSweep = now;
  const ids = await query(() => stalledGameIds(new Date(now - arenaTimeoutMs()), 50));
  let ended = 0;
  for (const id of ids) {
    // mutateGame ends a stalled game before its work runs; the work only reports it.
    const done = await mutateGame(id, function* (m) {
      yield* [];
      return { value: m.game.status === "ended" };
    });
    if (done) ended++;
  }
  return ended;
}

/** Deletes open games nobody joined within ARENA_OPEN_GAME_TTL_SECONDS (at most 200 a sweep). */
export async function deleteAbandonedGames(now = Date.now()): Promise<number> {
  const before = new Date(now - openGameTtlMs());
  const ids = await query(() => abandonedGameIds(before, 200));
  let deleted = 0;
  for (const id of ids) if (await transaction(() => deleteIfAbandoned(id, before))) deleted++;
  return deleted;
}
