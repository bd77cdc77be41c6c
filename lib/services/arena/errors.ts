// Errors of the arena protocol: `{"error": string, "code"?: string}` with the reference's exact
// strings (docs/arena-protocol.md). Thrown by the arena services, answered by lib/api/arena-route.ts.

export class ArenaError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = "ArenaError";
  }
  body(): { error: string; code?: string } {
    return this.code ? { error: this.message, code: this.code } : { error: this.message };
  }
}

export const badRequest = (message: string, code?: string) => new ArenaError(400, message, code);
export const unauthorized = (message = "Authentication required") => new ArenaError(401, message);
export const notFound = (message: string) => new ArenaError(404, message);

export const GAME_NOT_FOUND = "Challenge not found";
export const inviteNotFound = (invite: string) => badRequest(`Challenge not found for invite: ${invite}`);
export const playerNotFound = () => badRequest("Player not found.", "PLAYER_NOT_FOUND");
/**
 * A write that names no identity. In standalone mode the identity is `from` (the invite code); in
 * auth mode it is the session key the signed join returned, sent as `Authorization: Bearer` or
 * `?key=` (lib/api/arena-route.ts; the MCP endpoints read the connection's Authorization header).
 * The text starts as the reference's, so clients matching on it still do.
 */
export const fromRequired = (mode: "auth" | "standalone" = "standalone") =>
  badRequest(
    mode === "auth"
      ? "from is required: this server runs in auth mode, where a write is identified by a session key, not by from. " +
          "Get one by joining: POST /api/v1/arena/join with a signed body {invite, publicKey, signature, timestamp} " +
          "(Ed25519 signature, hex, of arena:v1:join:{invite}:{timestamp}) returns sessionKey; send it as " +
          "Authorization: Bearer <sessionKey> (or ?key=<sessionKey>) on every later request of that game."
      : "from is required",
  );

/** A session key on a free chat channel without the game it belongs to (auth mode). */
export const keyNeedsGame = (channel: string) =>
  unauthorized(
    `Authentication required: a session key belongs to one game, and channel ${JSON.stringify(channel.slice(0, 128))} ` +
      "is no game's. Add challengeId (the game the key came from) to the body or the query to chat there as that game's player.",
  );
