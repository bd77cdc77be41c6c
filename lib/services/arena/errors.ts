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
export const fromRequired = () => badRequest("from is required");
