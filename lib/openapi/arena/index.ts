import "server-only";
import type { HttpMethod } from "@/lib/contracts/operation";
import { CHAT_USER_DOCS } from "@/lib/openapi/arena/chat-users";
import { GAME_DOCS } from "@/lib/openapi/arena/games";
import type { DocumentedOperation, DocumentedPath } from "@/lib/openapi/arena/parts";

// The arena routes as the OpenAPI document describes them: parameters, bodies, responses with
// the real status codes and the protocol's `{error, code?}` shape, and how a caller identifies
// itself. These handlers are not built with route() (lib/api/arena-route.ts speaks the SpecArena
// protocol, not Gauntlet's zod contracts), so their description lives here. Keyed by the path
// without its prefix: /api/… and /api/v1/… are the same handlers. Field names are the protocol's
// own (camelCase); see ARCHITECTURE.md "The arena".

export type { DocumentedOperation, DocumentedPath };
export { ARENA_SCHEMAS, ARENA_SECURITY_SCHEMES } from "@/lib/openapi/arena/schemas";

const ARENA_DOCS: Record<string, DocumentedPath> = { ...GAME_DOCS, ...CHAT_USER_DOCS };

/** The SpecArena protocol's routes (docs/arena-protocol.md): their own error shape, tag "arena". */
export const isArenaPath = (path: string) =>
  path === "/health" ||
  /^\/api(\/v1)?\/(metadata|challenges|arena|chat|scoring|users|invites|stats)(\/|$)/.test(path);

/** The hand-written operation of an arena route, under /api or /api/v1 alike. */
export function arenaDocOf(path: string, method: HttpMethod): DocumentedOperation | undefined {
  return isArenaPath(path) ? ARENA_DOCS[path.replace(/^\/api(\/v1)?/, "")]?.[method] : undefined;
}
