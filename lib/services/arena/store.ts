// Direct SQL: a Prisma version cost 4-12x the CPU per chat send and sync in process (SQLite send 0.12-0.19 -> 1.6 ms).
import "server-only";
import {
  all,
  asDate,
  asDateOrNull,
  asJson,
  asNum,
  dialect,
  exec,
  json,
  lockRow,
  one,
  type Step,
} from "@/lib/db/sql";
import type { Attribution, GameStatus, Score } from "@/lib/arena/types";

// The arena's SQL (lib/db/sql.ts generator steps, PostgreSQL syntax, run on both databases).
// Every write of a game happens inside transaction() after lockGame(): the game row lock
// serialises actions on one game across instances, and message indexes are assigned from the
// game's counters under it.

export interface GameRow {
  id: string;
  type: string;
  name: string;
  status: GameStatus;
  state: unknown;
  scores: Score[];
  attributions: Attribution[];
  chatCount: number;
  operatorCount: number;
  endReason: string | null;
  createdAt: Date;
  lastActivityAt: Date;
  completedAt: Date | null;
}

export interface InviteRow {
  code: string;
  gameId: string;
  slot: number;
  position: number | null;
  userId: string | null;
}

export interface MessageRow {
  channel: string;
  idx: number;
  sender: string;
  recipient: string | null;
  content: string;
  type: string | null;
  createdAt: Date;
}

const GAME_COLUMNS =
  "id, type, name, status, state, scores, attributions, chat_count, operator_count, end_reason, created_at, last_activity_at, completed_at";

type Raw = Record<string, unknown>;
const optText = (v: unknown): string | null => (typeof v === "string" ? v : null);

function gameRow(r: Raw): GameRow {
  return {
    id: String(r.id),
    type: String(r.type),
    name: String(r.name),
    status: String(r.status) as GameStatus,
    state: asJson(r.state),
    scores: (asJson(r.scores) as Score[]) ?? [],
    attributions: (asJson(r.attributions) as Attribution[]) ?? [],
    chatCount: asNum(r.chat_count),
    operatorCount: asNum(r.operator_count),
    endReason: optText(r.end_reason),
    createdAt: asDate(r.created_at),
    lastActivityAt: asDate(r.last_activity_at),
    completedAt: asDateOrNull(r.completed_at),
  };
}

const inviteRow = (r: Raw): InviteRow => ({
  code: String(r.code),
  gameId: String(r.game_id),
  slot: asNum(r.slot),
  position: r.position === null || r.position === undefined ? null : asNum(r.position),
  userId: optText(r.user_id),
});

const messageRow = (r: Raw): MessageRow => ({
  channel: String(r.channel),
  idx: asNum(r.idx),
  sender: String(r.sender),
  recipient: optText(r.recipient),
  content: String(r.content),
  type: optText(r.type),
  createdAt: asDate(r.created_at),
});

// ───────────── games and invites ─────────────

export function* insertGame(g: GameRow, invites: string[]): Step<void> {
  yield* exec(
    `INSERT INTO arena_games (${GAME_COLUMNS}) VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7::jsonb, 0, 0, NULL, $8, $8, NULL)`,
    g.id,
    g.type,
    g.name,
    g.status,
    json(g.state),
    json(g.scores),
    json(g.attributions),
    g.createdAt,
  );
  for (const [slot, code] of invites.entries()) {
    yield* exec("INSERT INTO arena_invites (code, game_id, slot) VALUES ($1, $2, $3)", code, g.id, slot);
  }
}

export function* readGame(id: string): Step<GameRow | undefined> {
  const r = yield* one<Raw>(`SELECT ${GAME_COLUMNS} FROM arena_games WHERE id = $1`, id);
  return r ? gameRow(r) : undefined;
}

/** Inside transaction(): locks the game row and reads it, in one statement. */
export function* lockGame(id: string): Step<GameRow | undefined> {
  const lock = dialect() === "postgresql" ? " FOR NO KEY UPDATE" : "";
  const r = yield* one<Raw>(`SELECT ${GAME_COLUMNS} FROM arena_games WHERE id = $1${lock}`, id);
  return r ? gameRow(r) : undefined;
}

export function* saveGame(g: GameRow): Step<void> {
  yield* exec(
    `UPDATE arena_games SET status = $2, state = $3::jsonb, scores = $4::jsonb, attributions = $5::jsonb,
       chat_count = $6, operator_count = $7, end_reason = $8, last_activity_at = $9, completed_at = $10
     WHERE id = $1`,
    g.id,
    g.status,
    json(g.state),
    json(g.scores),
    json(g.attributions),
    g.chatCount,
    g.operatorCount,
    g.endReason,
    g.lastActivityAt,
    g.completedAt,
  );
}

/** Counters and activity only: a change that left the game's state as it was (a chat message). */
export function* touchGame(g: GameRow): Step<void> {
  yield* exec(
    "UPDATE arena_games SET chat_count = $2, operator_count = $3, last_activity_at = $4 WHERE id = $1",
    g.id,
    g.chatCount,
    g.operatorCount,
    g.lastActivityAt,
  );
}

/** A game's status and its seated players in join order, in one statement (the sync path). */
export function* readSeats(gameId: string): Step<{ status: GameStatus; players: string[] } | undefined> {
  const rows = yield* all<Raw>(
    `SELECT g.status, i.code, i.position FROM arena_games g
     LEFT JOIN arena_invites i ON i.game_id = g.id AND i.position IS NOT NULL
     WHERE g.id = $1 ORDER BY i.position`,
    gameId,
  );
  if (rows.length === 0) return undefined;
  const players = rows.filter((r) => typeof r.code === "string").map((r) => String(r.code));
  return { status: String(rows[0]!.status) as GameStatus, players };
}

export function* readInvites(gameIds: string[]): Step<InviteRow[]> {
  if (gameIds.length === 0) return [];
  const marks = gameIds.map((_, i) => `$${i + 1}`).join(", ");
  const rows = yield* all<Raw>(
    `SELECT code, game_id, slot, position, user_id FROM arena_invites WHERE game_id IN (${marks}) ORDER BY game_id, slot`,
    ...gameIds,
  );
  return rows.map(inviteRow);
}

export function* readInvite(code: string): Step<InviteRow | undefined> {
  const r = yield* one<Raw>(
    "SELECT code, game_id, slot, position, user_id FROM arena_invites WHERE code = $1",
    code,
  );
  return r ? inviteRow(r) : undefined;
}

export function* useInvite(code: string, position: number, userId: string | null, now: Date): Step<void> {
  yield* exec(
    "UPDATE arena_invites SET position = $2, user_id = $3, joined_at = $4 WHERE code = $1 AND position IS NULL",
    code,
    position,
    userId,
    now,
  );
}

export interface GameFilter {
  type?: string;
  status?: GameStatus;
  /** Only games this persistent identity played. */
  userId?: string;
  limit: number;
  offset: number;
}

function filterSql(f: GameFilter): { where: string; params: string[] } {
  const clauses: string[] = [];
  const params: string[] = [];
  if (f.type) clauses.push(`g.type = $${params.push(f.type)}`);
  if (f.status) clauses.push(`g.status = $${params.push(f.status)}`);
  if (f.userId) {
    clauses.push(
      `EXISTS (SELECT 1 FROM arena_invites i WHERE i.game_id = g.id AND i.user_id = $${params.push(f.userId)})`,
    );
  }
  return { where: clauses.length ? `WHERE ${clauses.join(" AND ")}` : "", params };
}

/** A page of games, newest first, and the total matching. */
export function* listGames(f: GameFilter): Step<{ rows: GameRow[]; total: number }> {
  const { where, params } = filterSql(f);
  const n = params.length;
  const rows = yield* all<Raw>(
    `SELECT ${GAME_COLUMNS.split(", ")
      .map((c) => `g.${c}`)
      .join(
        ", ",
      )} FROM arena_games g ${where} ORDER BY g.created_at DESC, g.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
    ...params,
    f.limit,
    f.offset,
  );
  const count = yield* one<{ n: unknown }>(`SELECT COUNT(*) AS n FROM arena_games g ${where}`, ...params);
  return { rows: rows.map(gameRow), total: asNum(count?.n) };
}

/** Active games whose last action is older than `before` (the stall sweep). */
export function* stalledGameIds(before: Date, limit: number): Step<string[]> {
  const rows = yield* all<{ id: string }>(
    "SELECT id FROM arena_games WHERE status = 'active' AND last_activity_at < $1 ORDER BY last_activity_at LIMIT $2",
    before,
    limit,
  );
  return rows.map((r) => String(r.id));
}

/** Open games created before `before` that nobody has joined (oldest first). */
export function* abandonedGameIds(before: Date, limit: number): Step<string[]> {
  const rows = yield* all<{ id: string }>(
    `SELECT g.id FROM arena_games g WHERE g.status = 'open' AND g.created_at < $1
       AND NOT EXISTS (SELECT 1 FROM arena_invites i WHERE i.game_id = g.id AND i.joined_at IS NOT NULL)
     ORDER BY g.created_at LIMIT $2`,
    before,
    limit,
  );
  return rows.map((r) => String(r.id));
}

/**
 * Deletes an abandoned game (its invites and messages go with it) under its row lock, checking
 * again that it is still open and unjoined: a join that won the lock keeps the game.
 */
export function* deleteIfAbandoned(id: string, before: Date): Step<boolean> {
  if (!(yield* lockRow("arena_games", id))) return false;
  const deleted = yield* exec(
    `DELETE FROM arena_games WHERE id = $1 AND status = 'open' AND created_at < $2
       AND NOT EXISTS (SELECT 1 FROM arena_invites i WHERE i.game_id = arena_games.id AND i.joined_at IS NOT NULL)`,
    id,
    before,
  );
  return deleted > 0;
}

/** Ended games in completion order (scoring rebuild), a page at a time. */
export function* endedGames(offset: number, limit: number): Step<GameRow[]> {
  const rows = yield* all<Raw>(
    `SELECT ${GAME_COLUMNS} FROM arena_games WHERE status = 'ended' ORDER BY completed_at, id LIMIT $1 OFFSET $2`,
    limit,
    offset,
  );
  return rows.map(gameRow);
}

export function* countGames(): Step<{ type: string; status: string; n: number }[]> {
  const rows = yield* all<Raw>("SELECT type, status, COUNT(*) AS n FROM arena_games GROUP BY type, status");
  return rows.map((r) => ({ type: String(r.type), status: String(r.status), n: asNum(r.n) }));
}

export function* countParticipants(): Step<number> {
  const r = yield* one<{ n: unknown }>(
    "SELECT COUNT(DISTINCT user_id) AS n FROM arena_invites WHERE user_id IS NOT NULL",
  );
  return asNum(r?.n);
}

// ───────────── messages ─────────────

export function* insertMessage(gameId: string, m: MessageRow): Step<void> {
  yield* exec(
    "INSERT INTO arena_messages (channel, idx, game_id, sender, recipient, content, type, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    m.channel,
    m.idx,
    gameId,
    m.sender,
    m.recipient,
    m.content,
    m.type,
    m.createdAt,
  );
}

/** Messages of a channel with index ≥ `from`, in order, at most `limit`. */
export function* readMessages(channel: string, from: number, limit: number): Step<MessageRow[]> {
  const rows = yield* all<Raw>(
    "SELECT channel, idx, sender, recipient, content, type, created_at FROM arena_messages WHERE channel = $1 AND idx >= $2 ORDER BY idx LIMIT $3",
    channel,
    from,
    limit,
  );
  return rows.map(messageRow);
}
