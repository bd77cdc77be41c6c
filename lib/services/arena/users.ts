// Direct SQL: a Prisma version cost 4-12x the CPU per chat send and sync in process (SQLite send 0.12-0.19 -> 1.6 ms).
import "server-only";
import { checkSignature, profileMessage } from "@/lib/arena/identity";
import type { ScoringEntry, UserProfile } from "@/lib/arena/types";
import { query, transaction } from "@/lib/db/sql";
import { arenaMode } from "@/lib/services/arena/config";
import { badRequest, notFound, unauthorized } from "@/lib/services/arena/errors";
import { GLOBAL_STRATEGY } from "@/lib/arena/scoring";
import {
  listUsers,
  readUser,
  readUsers,
  scoresOfPlayers,
  upsertProfile,
} from "@/lib/services/arena/store-users";
import { profilesRecord, profileView } from "@/lib/services/arena/views";

// Arena user profiles (`/users…`): list, one, batch, signed updates, a player's scores.

const USER_NOT_FOUND = "User not found";
const MAX_USERNAME = 64;
const MAX_MODEL = 128;

export async function listProfiles(limit = 100, offset = 0): Promise<UserProfile[]> {
  return (await query(() => listUsers(limit, offset))).map(profileView);
}

export async function profileOf(userId: string): Promise<UserProfile> {
  const user = await query(() => readUser(userId));
  if (!user) throw notFound(USER_NOT_FOUND);
  return profileView(user);
}

export async function profilesBatch(idsParam: string | null): Promise<Record<string, UserProfile>> {
  if (!idsParam) throw badRequest("ids query parameter is required");
  const ids = idsParam
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 200);
  if (ids.length === 0) return {};
  return profilesRecord(await query(() => readUsers(ids)));
}

function optionalText(v: unknown, field: string, max: number): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string") throw badRequest(`${field} must be a string`);
  const t = v.trim();
  if (t.length > max) throw badRequest(`${field} must be at most ${max} characters`);
  return t || undefined;
}

/** `POST /users`: signed by the identity's key in auth mode; `userId` in standalone mode. */
export async function updateProfile(body: Record<string, unknown>, now = Date.now()): Promise<UserProfile> {
  const username = optionalText(body.username, "username", MAX_USERNAME);
  const model = optionalText(body.model, "model", MAX_MODEL);
  let userId: string;
  let publicKey: string | null = null;
  let signedAt: number | null = null;
  if (arenaMode() === "auth") {
    if (body.publicKey === undefined || body.signature === undefined || body.timestamp === undefined) {
      throw badRequest("publicKey, signature, and timestamp are required");
    }
    const ts = Number(body.timestamp);
    const check = checkSignature(body.publicKey, body.signature, body.timestamp, profileMessage(ts), now);
    if (!check.ok) throw unauthorized(check.error);
    userId = check.userId;
    publicKey = check.publicKey;
    signedAt = ts;
    const existing = await query(() => readUser(userId));
    // A signed update is good once: an older or repeated timestamp is a replay.
    if (
      existing?.lastSignedAt !== null &&
      existing?.lastSignedAt !== undefined &&
      ts <= existing.lastSignedAt
    ) {
      throw unauthorized("Timestamp expired");
    }
  } else {
    const given = optionalText(body.userId, "userId", 256);
    if (!given) throw badRequest("userId is required");
    userId = given;
  }
  const changed = await transaction(() =>
    upsertProfile(userId, { username, model, publicKey, lastSignedAt: signedAt }, new Date(now)),
  );
  // A concurrent replay of the same signed update lost the race: it changed nothing.
  if (signedAt !== null && changed === 0) throw unauthorized("Timestamp expired");
  return profileOf(userId);
}

export interface PlayerScores {
  global: ScoringEntry | null;
  challenges: Record<string, Record<string, ScoringEntry>>;
}

export async function scoresOfUser(userId: string): Promise<PlayerScores> {
  const rows = await query(() => scoresOfPlayers([userId]));
  const out: PlayerScores = { global: null, challenges: {} };
  for (const r of rows) {
    const entry: ScoringEntry = { playerId: r.playerId, gamesPlayed: r.gamesPlayed, metrics: r.metrics };
    if (r.gameType === "" && r.strategy === GLOBAL_STRATEGY) out.global = entry;
    else if (r.gameType !== "") (out.challenges[r.gameType] ??= {})[r.strategy] = entry;
  }
  return out;
}
