import "server-only";
import type { HttpMethod } from "@/lib/contracts/operation";
import { MAX_SYNC_MESSAGES } from "@/lib/services/arena/config";

// The building blocks of the arena's hand-written operations (lib/openapi/arena/games.ts and
// chat-users.ts): parameters, request bodies, responses and who may call.

export type Json = Record<string, unknown>;

/** A hand-written OpenAPI operation (everything but operationId and tags). */
export interface DocumentedOperation {
  summary?: string;
  description?: string;
  parameters?: Json[];
  requestBody?: Json;
  responses: Record<string, Json>;
  security?: Record<string, string[]>[];
}
export type DocumentedPath = Partial<Record<HttpMethod, DocumentedOperation>>;

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const MAX_BODY = "64 KiB";

// ── Parameters ───────────────────────────────────────────────────────────────────────────────

export const pathParam = (name: string, description: string, example: string) => ({
  name,
  in: "path",
  required: true,
  description,
  schema: { type: "string", minLength: 1 },
  example,
});
export const EXAMPLE_GAME = "00000000-0000-4000-8000-000000000000";
export const EXAMPLE_INVITE = "inv_00000000-0000-4000-8000-000000000000";

export const pageQuery = [
  {
    name: "limit",
    in: "query",
    required: false,
    description: "Page size (default 50, at most 100; other values are clamped)",
    schema: { type: "integer", minimum: 1, maximum: 100, default: 50 },
  },
  {
    name: "offset",
    in: "query",
    required: false,
    description: "Rows to skip (default 0)",
    schema: { type: "integer", minimum: 0, default: 0 },
  },
];
export const statusQuery = {
  name: "status",
  in: "query",
  required: false,
  description: "Only sessions in this state",
  schema: { type: "string", enum: ["open", "active", "ended"] },
};
export const fromQuery = {
  name: "from",
  in: "query",
  required: false,
  description:
    "Standalone mode: your invite code, to read your own direct messages. Ignored in auth mode (send the session key).",
  schema: { type: "string" },
};
export const syncQuery = (channel: string) => [
  {
    name: "channel",
    in: "query",
    required: true,
    description: channel,
    schema: { type: "string", minLength: 1 },
    example: EXAMPLE_GAME,
  },
  {
    name: "index",
    in: "query",
    required: false,
    description: `Messages with index ≥ this (1-based; default 0: from the start). At most ${MAX_SYNC_MESSAGES} per read: page with the last index + 1.`,
    schema: { type: "integer", minimum: 0, default: 0 },
    example: 0,
  },
  fromQuery,
];

// ── Request bodies ───────────────────────────────────────────────────────────────────────────

export const jsonBody = (schema: Json, example: Json, required = true) => ({
  required,
  content: { "application/json": { schema, example } },
});
export const signatureFields = (message: string) => ({
  publicKey: {
    type: "string",
    pattern: "^[0-9a-fA-F]+$",
    description: "Auth mode: the hex of your Ed25519 public key's SPKI DER (88 hex characters)",
  },
  signature: { type: "string", description: `Auth mode: hex Ed25519 signature of \`${message}\`` },
  timestamp: {
    type: ["integer", "string"],
    description: "Auth mode: the epoch milliseconds signed; within ±5 minutes of the server's clock",
  },
});
export const SIGNED_EXAMPLE = {
  publicKey: `302a300506032b6570032100${"0".repeat(64)}`,
  signature: "0".repeat(128),
  timestamp: 1_767_225_600_000,
};

// ── Responses ────────────────────────────────────────────────────────────────────────────────

export const ok = (schema: Json, description = "Success") => ({
  description,
  content: { "application/json": { schema } },
});
export const err = (description: string) => ({
  description,
  content: { "application/json": { schema: ref("ArenaError") } },
});
export const serverError = err("Unexpected error (`Internal server error`)");

/** A GET of one resource by a path parameter: `schema` on 200, `notFound` on 404. */
export const getOne = (summary: string, param: Json, schema: Json, notFound: string): DocumentedPath => ({
  GET: { summary, parameters: [param], responses: { "200": ok(schema), "404": err(notFound), "500": serverError } },
});
/** Every arenaRoute POST: the body is read (capped) and parsed before anything else. */
export const bodyErrors = {
  "400": err(
    "`Invalid JSON in request body` (also for a body that is not a JSON object), or a field is missing or malformed",
  ),
  "413": err(`The body is larger than ${MAX_BODY}`),
};
export const rateLimited = err(
  "Too many writes from this address or identity (`code: rate_limited`, see Retry-After and RateLimit-* headers)",
);
export const badKey = err(
  "`Authentication required`: the session key is malformed or belongs to another game (auth mode)",
);

export const readerSecurity: Record<string, string[]>[] = [
  {},
  { arenaSessionKey: [] },
  { arenaSessionKeyQuery: [] },
];
export const writerSecurity: Record<string, string[]>[] = [
  { arenaSessionKey: [] },
  { arenaSessionKeyQuery: [] },
  {},
];

export const pageOk = ok(
  ref("ArenaChallengePage"),
  "A page of sessions, newest first, with the players' profiles",
);

export const SSE_EVENTS =
  'Unnamed events, each `data: <json>`: first `{type: "initial", messages: ChatMessage[]}` (the history, ' +
  'redacted for this viewer), then `{type: "new_message", message}` per message, and ' +
  '`{type: "game_ended", data}` (the game\'s state with `profiles`) when the game ends; a `: ping` ' +
  "comment every 30 s.";

export const mcpPost = (tools: string): DocumentedOperation => ({
  summary: `Arena MCP (Streamable HTTP, stateless): tools ${tools}`,
  description:
    `MCP over Streamable HTTP, stateless (no Mcp-Session-Id). Tools: ${tools}; each answers one text item ` +
    "holding the JSON of the equivalent HTTP response (errors: `isError: true` with `{error, code?}`). " +
    "Send `Accept: application/json, text/event-stream` and `Content-Type: application/json`. Identity: " +
    "the tools' `from` in standalone mode; in auth mode the session key as `Authorization: Bearer`.",
  security: [{}, { arenaSessionKey: [] }],
  parameters: [
    {
      name: "Accept",
      in: "header",
      required: true,
      schema: { const: "application/json, text/event-stream" },
    },
  ],
  requestBody: jsonBody(
    {
      description: "A JSON-RPC 2.0 message (or a batch of them)",
      oneOf: [
        {
          type: "object",
          required: ["jsonrpc", "method"],
          properties: {
            jsonrpc: { const: "2.0" },
            id: { type: ["string", "integer"] },
            method: { type: "string", examples: ["initialize", "tools/list", "tools/call"] },
            params: { type: "object" },
          },
        },
        { type: "array", items: { type: "object" } },
      ],
    },
    { jsonrpc: "2.0", id: 1, method: "tools/list" },
  ),
  responses: {
    "200": {
      description: "The JSON-RPC response(s)",
      content: {
        "application/json": { schema: { type: ["object", "array"] } },
        "text/event-stream": { schema: { type: "string" } },
      },
    },
    "202": { description: "Accepted (the body held only notifications or responses)" },
    "400": ok(ref("ArenaJsonRpcError"), "Parse error or an invalid JSON-RPC message"),
    "406": ok(
      ref("ArenaJsonRpcError"),
      "The Accept header does not list application/json and text/event-stream",
    ),
    "413": ok(ref("ArenaJsonRpcError"), `The body is larger than ${MAX_BODY}`),
    "415": ok(ref("ArenaJsonRpcError"), "The body is not application/json"),
    "500": ok(ref("ArenaJsonRpcError"), "Unexpected error"),
  },
});
const mcpNotAllowed = (summary: string, why: string): DocumentedOperation => ({
  summary: `Arena MCP: 405 (${summary})`,
  description: `Not served: ${why}. Answers 405 with \`Allow: POST\`.`,
  responses: { "405": ok(ref("ArenaJsonRpcError"), "Method not allowed (use POST)") },
});
/** GET and DELETE of an MCP endpoint: not served by a stateless server. */
export const mcpNotServed: DocumentedPath = {
  GET: mcpNotAllowed(
    "stateless server, no stream to resume",
    "the server is stateless, so there is no stream to open or resume",
  ),
  DELETE: mcpNotAllowed("no sessions", "there are no sessions to end"),
};

export const joinedGame = ok(ref("ArenaChallenge"), "The session of the invite");
