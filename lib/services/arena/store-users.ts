// Direct SQL: a Prisma version cost 4-12x the CPU per chat send and sync in process (SQLite send 0.12-0.19 -> 1.6 ms).
import "server-only";
import { all, asJson, asNum, exec, json, one, type Step } from "@/lib/db/sql";
import type { StoredEntry, UserProfile } from "@/lib/arena/types";

// Arena identities and the strategies' stored rows (SQL steps, see store.ts).

export interface UserRow extends UserProfile {
  publicKey: string | null;
  accountId: string | null;
  lastSignedAt: number | null;
}

type Raw = Record<string, unknown>;
const optText = (v: unknown): string | null => (typeof v === "string" ? v : null);
const str = optText;

function userRow(r: Raw): UserRow {
  const row: UserRow = {
    userId: String(r.id),
    publicKey: str(r.public_key),
    accountId: str(r.account_id),
    lastSignedAt:
      r.last_signed_at === null || r.last_signed_at === undefined ? null : asNum(r.last_signed_at),
  };
  if (typeof r.username === "string") row.username = r.username;
  if (typeof r.model === "string") row.model = r.model;
  return row;
}

const USER_COLUMNS = "id, username, model, public_key, account_id, last_signed_at";

/** Creates the identity on first sight (join), keeping an existing profile. */
export function* ensureUser(userId: string, publicKey: string | null, now: Date): Step<void> {
  yield* exec(
    `INSERT INTO arena_users (id, public_key, created_at, updated_at) VALUES ($1, $2, $3, $3)
     ON CONFLICT (id) DO UPDATE SET public_key = COALESCE(arena_users.public_key, EXCLUDED.public_key)`,
    userId,
    publicKey,
    now,
  );
}

export function* readUser(userId: string): Step<UserRow | undefined> {
  const r = yield* one<Raw>(`SELECT ${USER_COLUMNS} FROM arena_users WHERE id = $1`, userId);
  return r ? userRow(r) : undefined;
}

export function* readUsers(ids: string[]): Step<UserRow[]> {
  const unique = [...new Set(ids)].slice(0, 500);
  if (unique.length === 0) return [];
  const marks = unique.map((_, i) => `$${i + 1}`).join(", ");
  const rows = yield* all<Raw>(`SELECT ${USER_COLUMNS} FROM arena_users WHERE id IN (${marks})`, ...unique);
  return rows.map(userRow);
}

export function* listUsers(limit: number, offset: number): Step<UserRow[]> {
  const rows = yield* all<Raw>(
    `SELECT ${USER_COLUMNS} FROM arena_users ORDER BY created_at, id LIMIT $1 OFFSET $2`,
    limit,
    offset,
  );
  return rows.map(userRow);
}

export function* usersOfAccount(accountId: string): Step<UserRow[]> {
  const rows = yield* all<Raw>(
    `SELECT ${USER_COLUMNS} FROM arena_users WHERE account_id = $1 ORDER BY created_at`,
    accountId,
  );
  return rows.map(userRow);
}

export function* upsertProfile(
  userId: string,
  patch: { username?: string; model?: string; publicKey?: string | null; lastSignedAt?: number | null },
  now: Date,
): Step<number> {
  // A signed update applies only over an older signature: a replay (the same or an earlier
  // timestamp) changes nothing, even when two arrive at once (the row is written under its lock).
  return yield* exec(
    `INSERT INTO arena_users (id, username, model, public_key, last_signed_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6)
     ON CONFLICT (id) DO UPDATE SET
       username = COALESCE(EXCLUDED.username, arena_users.username),
       model = COALESCE(EXCLUDED.model, arena_users.model),
       public_key = COALESCE(arena_users.public_key, EXCLUDED.public_key),
       last_signed_at = COALESCE(EXCLUDED.last_signed_at, arena_users.last_signed_at),
       updated_at = EXCLUDED.updated_at
     WHERE EXCLUDED.last_signed_at IS NULL OR arena_users.last_signed_at IS NULL
       OR EXCLUDED.last_signed_at > arena_users.last_signed_at`,
    userId,
    patch.username ?? null,
    patch.model ?? null,
    patch.publicKey ?? null,
    patch.lastSignedAt ?? null,
    now,
  );
}

/**
 * Links (or, with null, unlinks) an identity. Linking changes nothing when the identity is
 * already linked to another account (checked in the same statement, so two accounts racing to
 * link one identity cannot both win); returns the rows changed.
 */
export function* linkAccount(userId: string, accountId: string | null, now: Date): Step<number> {
  return yield* exec(
    "UPDATE arena_users SET account_id = $2, updated_at = $3 WHERE id = $1 AND ($2::text IS NULL OR account_id IS NULL OR account_id = $2)",
    userId,
    accountId,
    now,
  );
}

// ───────────── scores ─────────────

function entryRow(r: Raw): StoredEntry & { gameType: string; strategy: string } {
  return {
    gameType: String(r.game_type),
    strategy: String(r.strategy),
    playerId: String(r.player_id),
    gamesPlayed: asNum(r.games_played),
    metrics: (asJson(r.metrics) as Record<string, number>) ?? {},
    state: (asJson(r.state) as Record<string, number>) ?? {},
  };
}

const SCORE_COLUMNS = "game_type, strategy, player_id, games_played, metrics, state";

/** The stored rows of these players (every type and strategy; game type "" = global). */
export function* scoresOfPlayers(
  playerIds: string[],
): Step<(StoredEntry & { gameType: string; strategy: string })[]> {
  const unique = [...new Set(playerIds)];
  if (unique.length === 0) return [];
  const marks = unique.map((_, i) => `$${i + 1}`).join(", ");
  const rows = yield* all<Raw>(
    `SELECT ${SCORE_COLUMNS} FROM arena_scores WHERE player_id IN (${marks})`,
    ...unique,
  );
  return rows.map(entryRow);
}

/** The rows of one game type ("" = global): of one strategy (the key's prefix) or all of them. */
export function* scoresOfType(
  gameType: string,
  limit: number,
  strategy?: string,
): Step<(StoredEntry & { gameType: string; strategy: string })[]> {
  const rows = strategy
    ? yield* all<Raw>(
        `SELECT ${SCORE_COLUMNS} FROM arena_scores WHERE game_type = $1 AND strategy = $2 ORDER BY games_played DESC, player_id LIMIT $3`,
        gameType,
        strategy,
        limit,
      )
    : yield* all<Raw>(
        `SELECT ${SCORE_COLUMNS} FROM arena_scores WHERE game_type = $1 ORDER BY games_played DESC, player_id, strategy LIMIT $2`,
        gameType,
        limit,
      );
  return rows.map(entryRow);
}

export function* writeScore(gameType: string, strategy: string, e: StoredEntry, now: Date): Step<void> {
  yield* exec(
    `INSERT INTO arena_scores (game_type, strategy, player_id, games_played, metrics, state, updated_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)
     ON CONFLICT (game_type, strategy, player_id) DO UPDATE SET
       games_played = EXCLUDED.games_played, metrics = EXCLUDED.metrics, state = EXCLUDED.state, updated_at = EXCLUDED.updated_at`,
    gameType,
    strategy,
    e.playerId,
    e.gamesPlayed,
    json(e.metrics),
    json(e.state),
    now,
  );
}

export function* clearScores(): Step<void> {
  yield* exec("DELETE FROM arena_scores");
}
