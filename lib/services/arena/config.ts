import "server-only";
import { authSubkey } from "@/lib/crypto";
import { env } from "@/lib/env";

// The arena's settings (lib/env.ts): identity mode, session-key secret, stall timeout.

export type ArenaMode = "auth" | "standalone";

export const arenaMode = (): ArenaMode => env.ARENA_MODE;

let derived: { from: string; secret: string } | undefined;

/** The session-key secret: derived from AUTH_SECRET, so every instance computes the same keys. */
export function arenaSecret(): string {
  if (derived?.from !== env.AUTH_SECRET) {
    derived = { from: env.AUTH_SECRET, secret: authSubkey("gauntlet:arena:session-keys:v1").toString("hex") };
  }
  return derived.secret;
}

export const arenaTimeoutMs = (): number => env.ARENA_GAME_TIMEOUT_SECONDS * 1000;

/** Longest message content (characters) a player or the chat may send. */
export const MAX_CONTENT_CHARS = 8_000;
/** Most messages one sync returns (clients page with `index`). */
export const MAX_SYNC_MESSAGES = 1_000;
/** Most chat messages one game keeps (a player cannot grow a game without bound). */
export const MAX_CHAT_MESSAGES = 10_000;
/** Most concurrent SSE streams one client address may hold open in one process. */
export const MAX_STREAMS_PER_CLIENT = 200;
/** Most operator-channel messages one game keeps (each action is logged there). */
export const MAX_OPERATOR_MESSAGES = 20_000;

/** How long an open game nobody has joined is kept. */
export const openGameTtlMs = (): number => env.ARENA_OPEN_GAME_TTL_SECONDS * 1000;
