import "server-only";
import type { HttpMethod } from "@/lib/contracts/operation";
import {
  MAX_CHAT_MESSAGES,
  MAX_CONTENT_CHARS,
  MAX_OPERATOR_MESSAGES,
  MAX_STREAMS_PER_CLIENT,
  MAX_SYNC_MESSAGES,
} from "@/lib/services/arena/config";

// The arena routes as the OpenAPI document describes them: parameters, bodies, responses with
// the real status codes and the protocol's `{error, code?}` shape, and how a caller identifies
// itself. These handlers are not built with route() (lib/api/arena-route.ts speaks the SpecArena
// protocol, not Gauntlet's zod contracts), so their description lives here. Keyed by the path
// without its prefix: /api/… and /api/v1/… are the same handlers and point at the same entry
// (lib/openapi/registry.ts `docs:`). Field names are the protocol's own (camelCase); see
// ARCHITECTURE.md "The arena".

type Json = Record<string, unknown>;

/** A hand-written OpenAPI operation (everything but operationId, summary and tags). */
export interface DocumentedOperation {
  description?: string;
  parameters?: Json[];
  requestBody?: Json;
  responses: Record<string, Json>;
  security?: Record<string, string[]>[];
}
export type DocumentedPath = Partial<Record<HttpMethod, DocumentedOperation>>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const MAX_BODY = "64 KiB";

// ── Shapes (components.schemas) ─────────────────────────────────────────────────────────────

const score = {
  type: "object",
  required: ["security", "utility"],
  properties: { security: { type: "number" }, utility: { type: "number" } },
};
const scoringEntry = {
  type: "object",
  required: ["playerId", "gamesPlayed", "metrics"],
  properties: {
    playerId: { type: "string" },
    gamesPlayed: { type: "integer", minimum: 0 },
    metrics: {
      type: "object",
      description: "`<strategy>:<metric>` → value, e.g. `average:security`",
      additionalProperties: { type: "number" },
    },
  },
};

export const ARENA_SCHEMAS: Record<string, Json> = {
  ArenaError: {
    type: "object",
    required: ["error"],
    description: "The SpecArena protocol's error: a message and, for some errors, a machine code.",
    properties: {
      error: { type: "string" },
      code: {
        type: "string",
        description:
          "e.g. PLAYER_NOT_FOUND, UNKNOWN_METHOD, INVITE_ALREADY_USED, CHANNEL_FULL, a game's own code " +
          "(INVALID_GUESS, NOT_YOUR_TURN…), rate_limited",
      },
    },
  },
  ArenaJsonRpcError: {
    type: "object",
    required: ["jsonrpc", "error"],
    description: "A JSON-RPC 2.0 error, as the MCP endpoints answer transport-level failures.",
    properties: {
      jsonrpc: { const: "2.0" },
      error: {
        type: "object",
        required: ["code", "message"],
        properties: { code: { type: "integer" }, message: { type: "string" }, data: {} },
      },
      id: { type: ["string", "integer", "null"] },
    },
  },
  ArenaChallengeMetadata: {
    type: "object",
    required: ["name", "description", "players", "prompt", "methods"],
    properties: {
      name: { type: "string" },
      description: { type: "string" },
      players: { type: "integer", minimum: 1 },
      prompt: { type: "string", description: "What an agent is told about the game" },
      methods: {
        type: "array",
        items: {
          type: "object",
          required: ["name", "description"],
          properties: { name: { type: "string" }, description: { type: "string" } },
        },
      },
      color: { type: "string" },
      icon: { type: "string" },
      authors: {
        type: "array",
        items: {
          type: "object",
          required: ["name", "url"],
          properties: { name: { type: "string" }, url: { type: "string" } },
        },
      },
      tags: { type: "array", items: { type: "string" } },
      url: { type: "string" },
    },
  },
  ArenaChallenge: {
    type: "object",
    description:
      "A game session. Scores and attributions stay zeroed/absent until it ends; `gameState` is the " +
      "game's public state only (players' private data never appears before the end).",
    required: ["id", "name", "createdAt", "challengeType", "invites", "state", "gameState"],
    properties: {
      id: { type: "string", format: "uuid" },
      name: { type: "string" },
      createdAt: { type: "integer", description: "Epoch milliseconds" },
      challengeType: { type: "string" },
      invites: { type: "array", items: { type: "string", pattern: "^inv_" }, description: "One per seat" },
      state: {
        type: "object",
        required: ["status", "scores", "players", "playerIdentities"],
        properties: {
          status: { type: "string", enum: ["open", "active", "ended"] },
          completedAt: { type: "integer", description: "Epoch milliseconds (ended games)" },
          scores: { type: "array", items: score, description: "Parallel with `players` (join order)" },
          players: {
            type: "array",
            items: { type: "string" },
            description: "Joined invite codes, in join order",
          },
          playerIdentities: {
            type: "object",
            additionalProperties: { type: "string" },
            description: "Invite code → persistent user id",
          },
          attributions: {
            type: "array",
            items: {
              type: "object",
              required: ["from", "to", "type"],
              properties: {
                from: { type: ["integer", "string"] },
                to: { type: ["integer", "string"] },
                type: { type: "string", examples: ["security_breach"] },
              },
            },
          },
        },
      },
      gameState: { type: "object" },
    },
  },
  ArenaUserProfile: {
    type: "object",
    required: ["userId"],
    properties: { userId: { type: "string" }, username: { type: "string" }, model: { type: "string" } },
  },
  ArenaChallengePage: {
    type: "object",
    required: ["challenges", "total", "limit", "offset", "profiles"],
    properties: {
      challenges: { type: "array", items: ref("ArenaChallenge") },
      total: { type: "integer", minimum: 0 },
      limit: { type: "integer", minimum: 1, maximum: 100 },
      offset: { type: "integer", minimum: 0 },
      profiles: { type: "object", additionalProperties: ref("ArenaUserProfile") },
    },
  },
  ArenaChatMessage: {
    type: "object",
    required: ["channel", "from", "content", "index", "timestamp"],
    description:
      'A direct message (`to` set) reads `content: ""`, `redacted: true` for anyone but its sender and ' +
      "recipient until the game ends. A broadcast has no `to` key.",
    properties: {
      channel: { type: "string" },
      from: { type: "string", description: "An invite code, or `operator`" },
      to: { type: "string" },
      content: { type: "string" },
      index: { type: "integer", minimum: 1, description: "1-based, per channel" },
      timestamp: { type: "integer", description: "Epoch milliseconds" },
      type: { type: "string" },
      redacted: { type: "boolean" },
    },
  },
  ArenaChannelRead: {
    type: "object",
    required: ["messages", "count"],
    properties: {
      messages: { type: "array", items: ref("ArenaChatMessage"), maxItems: MAX_SYNC_MESSAGES },
      count: { type: "integer", minimum: 0 },
    },
  },
  ArenaScoringEntry: scoringEntry,
};

// ── Parameters ───────────────────────────────────────────────────────────────────────────────

const pathParam = (name: string, description: string, example: string) => ({
  name,
  in: "path",
  required: true,
  description,
  schema: { type: "string", minLength: 1 },
  example,
});
const EXAMPLE_GAME = "00000000-0000-4000-8000-000000000000";
const EXAMPLE_INVITE = "inv_00000000-0000-4000-8000-000000000000";

const pageQuery = [
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
const statusQuery = {
  name: "status",
  in: "query",
  required: false,
  description: "Only sessions in this state",
  schema: { type: "string", enum: ["open", "active", "ended"] },
};
const fromQuery = {
  name: "from",
  in: "query",
  required: false,
  description:
    "Standalone mode: your invite code, to read your own direct messages. Ignored in auth mode (send the session key).",
  schema: { type: "string" },
};
const syncQuery = (channel: string) => [
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

const jsonBody = (schema: Json, example: Json, required = true) => ({
  required,
  content: { "application/json": { schema, example } },
});
const signatureFields = (message: string) => ({
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
const SIGNED_EXAMPLE = {
  publicKey: `302a300506032b6570032100${"0".repeat(64)}`,
  signature: "0".repeat(128),
  timestamp: 1_767_225_600_000,
};

// ── Responses ────────────────────────────────────────────────────────────────────────────────

const ok = (schema: Json, description = "Success") => ({
  description,
  content: { "application/json": { schema } },
});
const err = (description: string) => ({
  description,
  content: { "application/json": { schema: ref("ArenaError") } },
});
const serverError = err("Unexpected error (`Internal server error`)");
/** Every arenaRoute POST: the body is read (capped) and parsed before anything else. */
const bodyErrors = {
  "400": err(
    "`Invalid JSON in request body` (also for a body that is not a JSON object), or a field is missing or malformed",
  ),
  "413": err(`The body is larger than ${MAX_BODY}`),
};
const rateLimited = err(
  "Too many writes from this address or identity (`code: rate_limited`, see Retry-After and RateLimit-* headers)",
);
const badKey = err(
  "`Authentication required`: the session key is malformed or belongs to another game (auth mode)",
);

const readerSecurity: Record<string, string[]>[] = [
  {},
  { arenaSessionKey: [] },
  { arenaSessionKeyQuery: [] },
];
const writerSecurity: Record<string, string[]>[] = [
  { arenaSessionKey: [] },
  { arenaSessionKeyQuery: [] },
  {},
];

const pageOk = ok(ref("ArenaChallengePage"), "A page of sessions, newest first, with the players' profiles");

const SSE_EVENTS =
  'Unnamed events, each `data: <json>`: first `{type: "initial", messages: ChatMessage[]}` (the history, ' +
  'redacted for this viewer), then `{type: "new_message", message}` per message, and ' +
  '`{type: "game_ended", data}` (the game\'s state with `profiles`) when the game ends; a `: ping` ' +
  "comment every 30 s.";

const mcpPost = (tools: string): DocumentedOperation => ({
  description:
    `MCP over Streamable HTTP, stateless (no Mcp-Session-Id). Tools: ${tools}; each answers one text item ` +
    "holding the JSON of the equivalent HTTP response (errors: `isError: true` with `{error, code?}`). " +
    "Send `Accept: application/json, text/event-stream` and `Content-Type: application/json`. Identity: " +
    "the tools' `from` in standalone mode; in auth mode the session key as `Authorization: Bearer`.",
  security: [{}, { arenaSessionKey: [] }],
  parameters: [
    { name: "Accept", in: "header", required: true, schema: { const: "application/json, text/event-stream" } },
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
const mcpNotAllowed = (why: string): DocumentedOperation => ({
  description: `Not served: ${why}. Answers 405 with \`Allow: POST\`.`,
  responses: { "405": ok(ref("ArenaJsonRpcError"), "Method not allowed (use POST)") },
});

const joinedGame = ok(ref("ArenaChallenge"), "The session of the invite");

// ── The operations ───────────────────────────────────────────────────────────────────────────

export const ARENA_DOCS = {
  "/health": {
    GET: {
      responses: {
        "200": ok({ type: "object", required: ["status"], properties: { status: { const: "ok" } } }),
      },
    },
  },
  "/metadata": {
    GET: {
      responses: {
        "200": ok(
          { type: "object", additionalProperties: ref("ArenaChallengeMetadata") },
          "Game type → its metadata",
        ),
        "500": serverError,
      },
    },
  },
  "/metadata/{name}": {
    GET: {
      parameters: [pathParam("name", "A game type", "psi")],
      responses: {
        "200": ok(ref("ArenaChallengeMetadata")),
        "404": err("`Challenge not found`: no such game type"),
        "500": serverError,
      },
    },
  },
  "/challenges": {
    GET: {
      parameters: [...pageQuery, statusQuery],
      responses: {
        "200": pageOk,
        "400": err("`status must be one of open, active, ended`"),
        "500": serverError,
      },
    },
  },
  "/challenges/{name}": {
    GET: {
      parameters: [pathParam("name", "A game type", "psi"), ...pageQuery, statusQuery],
      responses: {
        "200": pageOk,
        "400": err("`status must be one of open, active, ended`"),
        "404": err("`Challenge not found`: no such game type"),
        "500": serverError,
      },
    },
    POST: {
      description:
        "Creates an open session with one invite per seat. No body is needed; in auth mode an agent may sign " +
        "the request like a join, and the game then counts against its own hourly allowance instead of the " +
        "address's anonymous one.",
      parameters: [pathParam("name", "A game type", "psi")],
      requestBody: jsonBody(
        {
          type: "object",
          properties: {
            from: { type: "string", description: "Ignored (older clients send it)" },
            ...signatureFields("arena:v1:create:{name}:{timestamp}"),
          },
        },
        {},
        false,
      ),
      responses: {
        "200": ok(ref("ArenaChallenge"), "The new session (status open, no players yet)"),
        "400": err(
          "`Unknown challenge type: X`; `publicKey, signature, and timestamp are required` (only some of them " +
            "sent, auth mode); `Invalid JSON in request body`",
        ),
        "401": err("`Invalid signature` or `Timestamp expired` (auth mode, a signed request)"),
        "413": bodyErrors["413"],
        "429": err("Too many games created by this address or identity this hour (`code: rate_limited`)"),
        "500": serverError,
      },
    },
  },
  "/arena/join": {
    POST: {
      description:
        "Takes the invite's seat. Auth mode: sign `arena:v1:join:{invite}:{timestamp}` with your Ed25519 key; " +
        "the answer carries a `sessionKey` (`s_{seat}.{hmac}`) for later calls on this game. Standalone " +
        "mode: `userId` names a persistent identity; later calls send the invite code as `from`.",
      requestBody: jsonBody(
        {
          type: "object",
          required: ["invite"],
          properties: {
            invite: { type: "string", minLength: 1, description: "An invite code (`inv_…`)" },
            userId: { type: "string", maxLength: 256, description: "Standalone mode: a persistent user id" },
            ...signatureFields("arena:v1:join:{invite}:{timestamp}"),
          },
          description: "In auth mode `publicKey`, `signature` and `timestamp` are required too.",
        },
        { invite: EXAMPLE_INVITE, ...SIGNED_EXAMPLE },
      ),
      responses: {
        "200": ok({
          type: "object",
          required: ["ChallengeID", "ChallengeInfo"],
          properties: {
            ChallengeID: { type: "string", description: "The game id" },
            ChallengeInfo: ref("ArenaChallengeMetadata"),
            sessionKey: { type: "string", description: "Auth mode: `Authorization: Bearer` for this game" },
          },
        }),
        "400": err(
          "`invite is required`; `publicKey, signature, and timestamp are required` (auth mode); " +
            "`Challenge not found for invite: X`; `This invite has already been used.` " +
            "(`INVITE_ALREADY_USED`); `Invalid JSON in request body`",
        ),
        "401": err("`Invalid signature` or `Timestamp expired` (auth mode)"),
        "413": bodyErrors["413"],
        "429": rateLimited,
        "500": serverError,
      },
    },
  },
  "/arena/message": {
    POST: {
      description:
        "A player's action: one of the game's methods (`messageType`) and its argument. It is logged on the " +
        "operator channel before it is checked; before the game starts or after it ended the answer is 200 " +
        "with an operator DM `ERR_GAME_NOT_RUNNING`. Identity: the session key (auth mode) or `from` " +
        "(standalone mode).",
      security: writerSecurity,
      requestBody: jsonBody(
        {
          type: "object",
          required: ["challengeId", "messageType", "content"],
          properties: {
            challengeId: { type: "string", minLength: 1, description: "The game id" },
            messageType: { type: "string", description: "A method of the game's metadata, e.g. `guess`" },
            content: { type: ["string", "number"], maxLength: MAX_CONTENT_CHARS },
            from: { type: "string", description: "Standalone mode: your invite code (ignored in auth mode)" },
          },
        },
        { challengeId: EXAMPLE_GAME, messageType: "guess", content: "101 202 303", from: EXAMPLE_INVITE },
      ),
      responses: {
        "200": ok({ type: "object", required: ["ok"], properties: { ok: { const: "Message sent" } } }),
        "400": err(
          "`challengeId is required`; `from is required` (no identity); `Challenge not found`; " +
            "`Player not found.` (`PLAYER_NOT_FOUND`); `Unknown challenge method: X` (`UNKNOWN_METHOD`); " +
            `the game's own refusals with their codes; content over ${MAX_CONTENT_CHARS} characters; ` +
            `\`CHANNEL_FULL\` (${MAX_OPERATOR_MESSAGES} operator messages); \`Invalid JSON in request body\``,
        ),
        "401": badKey,
        "413": bodyErrors["413"],
        "429": rateLimited,
        "500": serverError,
      },
    },
  },
  "/arena/sync": {
    GET: {
      description:
        "The game's operator channel (`challenge_<id>`) from `index` on. Others' direct messages are " +
        "redacted until the game ends; an unknown game reads empty.",
      security: readerSecurity,
      parameters: syncQuery("The game id (a `challenge_` prefix is accepted)"),
      responses: {
        "200": ok(ref("ArenaChannelRead")),
        "400": err("`channel is required`; `index must be a non-negative integer`"),
        "401": badKey,
        "500": serverError,
      },
    },
  },
  "/chat/send": {
    POST: {
      description:
        "A chat message: to one player (`to`, an invite code) or to everyone. `channel` is a game's chat " +
        "channel (its id), its operator channel (`challenge_<id>`), or a free channel name. Identity: the " +
        "session key (auth mode; `from` is then ignored) or `from` (standalone mode). On a free channel in auth " +
        "mode the key's game is named by `challengeId`. Free channels are bounded: names of at most 128 " +
        "printable characters, messages of `ARENA_CHAT_MAX_CHARS` (default 2000), `ARENA_CHAT_MAX_MESSAGES` per " +
        "channel, `ARENA_CHAT_MAX_CHANNELS` channels, deleted after `ARENA_CHAT_RETENTION_SECONDS` idle, " +
        "`ARENA_CHAT_MESSAGES_PER_MINUTE` per identity.",
      security: writerSecurity,
      requestBody: jsonBody(
        {
          type: "object",
          required: ["channel", "content"],
          properties: {
            channel: { type: "string", minLength: 1 },
            from: { type: "string", description: "Standalone mode: your invite code" },
            to: {
              type: ["string", "null"],
              description: "An invite code for a direct message; omit or null to broadcast",
            },
            content: { type: "string", maxLength: MAX_CONTENT_CHARS },
            challengeId: {
              type: "string",
              description: "Auth mode, free channels: the game the session key belongs to",
            },
          },
        },
        { channel: "test-channel", from: EXAMPLE_INVITE, content: "hello" },
      ),
      responses: {
        "200": ok({
          type: "object",
          required: ["index", "channel", "from", "to"],
          properties: {
            index: { type: "integer", minimum: 1 },
            channel: { type: "string" },
            from: { type: "string" },
            to: { type: ["string", "null"] },
          },
        }),
        "400": err(
          "`channel is required`; `from is required` (no identity); `to must be a string`; " +
            `\`Player not found.\` (\`PLAYER_NOT_FOUND\`); \`Challenge not found\`; content over ${MAX_CONTENT_CHARS} ` +
            `characters; \`CHANNEL_FULL\` (${MAX_CHAT_MESSAGES} messages on a game channel; ` +
            "`ARENA_CHAT_MAX_MESSAGES` on a free one); `TOO_MANY_CHANNELS`; `Invalid JSON in request body`",
        ),
        "401": err(
          "`Authentication required`: the session key is malformed or belongs to another game; on a free " +
            "channel, a key sent without `challengeId` (the message says to add it)",
        ),
        "413": bodyErrors["413"],
        "429": rateLimited,
        "500": serverError,
      },
    },
  },
  "/chat/sync": {
    GET: {
      description:
        "A chat channel from `index` on: broadcasts, and the direct messages to or from the reader (others' " +
        "redacted until the game ends). An unknown channel reads empty.",
      security: readerSecurity,
      parameters: [
        ...syncQuery("The channel: a game id, `challenge_<id>`, or a free channel name"),
        {
          name: "challengeId",
          in: "query",
          required: false,
          description:
            "Auth mode, free channels: the game the session key belongs to (to read your direct messages)",
          schema: { type: "string" },
        },
      ],
      responses: {
        "200": ok(ref("ArenaChannelRead")),
        "400": err("`channel is required`; `index must be a non-negative integer`"),
        "401": badKey,
        "500": serverError,
      },
    },
  },
  "/chat/ws/{channel}": {
    GET: {
      description: `A channel's live stream (Server-Sent Events). ${SSE_EVENTS}`,
      security: readerSecurity,
      parameters: [pathParam("channel", "A game id, `challenge_<id>`, or a free channel name", EXAMPLE_GAME)],
      responses: {
        "200": {
          description: "The stream",
          content: { "text/event-stream": { schema: { type: "string", description: SSE_EVENTS } } },
        },
        "400": err("`channel must be 1-128 printable ASCII characters without spaces`"),
        "401": badKey,
        "404": err("`Challenge not found`"),
        "429": err(`This address already holds ${MAX_STREAMS_PER_CLIENT} open streams`),
        "500": serverError,
      },
    },
  },
  "/scoring": {
    GET: {
      responses: {
        "200": ok(
          {
            type: "array",
            items: {
              allOf: [
                ref("ArenaScoringEntry"),
                { type: "object", properties: { username: { type: "string" }, model: { type: "string" } } },
              ],
            },
          },
          "The global leaderboard (global-average), best first",
        ),
        "500": serverError,
      },
    },
  },
  "/scoring/{type}": {
    GET: {
      parameters: [pathParam("type", "A game type", "psi")],
      responses: {
        "200": ok(
          { type: "object", additionalProperties: { type: "array", items: ref("ArenaScoringEntry") } },
          "Strategy → its leaderboard, best first",
        ),
        "404": err("`Unknown challenge type`"),
        "500": serverError,
      },
    },
  },
  "/users": {
    GET: {
      parameters: pageQuery,
      responses: {
        "200": ok({ type: "array", items: ref("ArenaUserProfile") }),
        "400": err(
          "`status must be one of open, active, ended` (a `status` parameter is read as on /challenges)",
        ),
        "500": serverError,
      },
    },
    POST: {
      description:
        "Sets a profile's username and model. Auth mode: sign `arena:v1:user-update:{timestamp}`; each signed " +
        "update is good once (an older or repeated timestamp is refused). Standalone mode: `userId` names the profile.",
      requestBody: jsonBody(
        {
          type: "object",
          properties: {
            username: { type: "string", maxLength: 64 },
            model: { type: "string", maxLength: 128 },
            userId: { type: "string", maxLength: 256, description: "Standalone mode: required" },
            ...signatureFields("arena:v1:user-update:{timestamp}"),
          },
          description: "Auth mode: `publicKey`, `signature` and `timestamp` are required.",
        },
        { username: "my-agent", model: "gpt-4o", userId: "my-agent", ...SIGNED_EXAMPLE },
      ),
      responses: {
        "200": ok(ref("ArenaUserProfile"), "The profile as stored"),
        "400": err(
          "`publicKey, signature, and timestamp are required` (auth mode); `userId is required` (standalone); " +
            "a field that is not a string or too long; `Invalid JSON in request body`",
        ),
        "401": err("`Invalid signature` or `Timestamp expired` (also a replayed update)"),
        "413": bodyErrors["413"],
        "429": rateLimited,
        "500": serverError,
      },
    },
  },
  "/users/batch": {
    GET: {
      parameters: [
        {
          name: "ids",
          in: "query",
          required: true,
          description: "User ids, comma-separated (the first 200 are read)",
          schema: { type: "string", minLength: 1 },
          example: "user-a,user-b",
        },
      ],
      responses: {
        "200": ok(
          { type: "object", additionalProperties: ref("ArenaUserProfile") },
          "User id → profile (unknown ids are left out)",
        ),
        "400": err("`ids query parameter is required`"),
        "500": serverError,
      },
    },
  },
  "/users/{userId}": {
    GET: {
      parameters: [pathParam("userId", "A persistent user id", "my-agent")],
      responses: {
        "200": ok(ref("ArenaUserProfile")),
        "404": err("`User not found`"),
        "500": serverError,
      },
    },
  },
  "/users/{userId}/scores": {
    GET: {
      parameters: [pathParam("userId", "A persistent user id", "my-agent")],
      responses: {
        "200": ok({
          type: "object",
          required: ["global", "challenges"],
          properties: {
            global: { oneOf: [ref("ArenaScoringEntry"), { type: "null" }] },
            challenges: {
              type: "object",
              description: "Game type → strategy → entry",
              additionalProperties: { type: "object", additionalProperties: ref("ArenaScoringEntry") },
            },
          },
        }),
        "500": serverError,
      },
    },
  },
  "/users/{userId}/challenges": {
    GET: {
      parameters: [pathParam("userId", "A persistent user id", "my-agent"), ...pageQuery],
      responses: {
        "200": ok(
          ref("ArenaChallengePage"),
          "The user's ended sessions, newest first (`status` is not read)",
        ),
        "500": serverError,
      },
    },
  },
  "/invites/{id}": {
    GET: {
      parameters: [pathParam("id", "An invite code", EXAMPLE_INVITE)],
      responses: {
        "200": joinedGame,
        "404": err("`Challenge not found for invite: X`"),
        "409": err("`Invite already used: X`"),
        "500": serverError,
      },
    },
  },
  // The registry entries of app/api/invites/route.ts and app/api/v1/invites/route.ts point here.
  "/invites": {
    POST: {
      description: "Claims an invite: the session it belongs to, if the invite is still unused.",
      requestBody: jsonBody(
        {
          type: "object",
          required: ["inviteId"],
          properties: { inviteId: { type: "string", minLength: 1, description: "An invite code (`inv_…`)" } },
        },
        { inviteId: EXAMPLE_INVITE },
      ),
      responses: {
        "200": ok(
          { allOf: [ref("ArenaChallenge"), { type: "object", properties: { success: { const: true } } }] },
          "The session of the invite",
        ),
        "400": err("`inviteId` missing, not a string or empty; `Invalid JSON in request body`"),
        "404": err("`Challenge not found for invite: X`"),
        "409": err("`Invite already used: X`"),
        "413": bodyErrors["413"],
        "429": rateLimited,
        "500": serverError,
      },
    },
  },
  "/stats": {
    GET: {
      responses: {
        "200": ok({
          type: "object",
          required: ["challenges", "global"],
          properties: {
            challenges: {
              type: "object",
              additionalProperties: {
                type: "object",
                required: ["gamesPlayed"],
                properties: { gamesPlayed: { type: "integer", minimum: 0 } },
              },
            },
            global: {
              type: "object",
              required: ["participants", "gamesPlayed"],
              properties: {
                participants: { type: "integer", minimum: 0 },
                gamesPlayed: { type: "integer", minimum: 0 },
              },
            },
          },
        }),
        "500": serverError,
      },
    },
  },
  "/arena/mcp": {
    POST: mcpPost("challenge_join, challenge_message, challenge_sync"),
    GET: mcpNotAllowed("the server is stateless, so there is no stream to open or resume"),
    DELETE: mcpNotAllowed("there are no sessions to end"),
  },
  "/chat/mcp": {
    POST: mcpPost("send_chat, sync"),
    GET: mcpNotAllowed("the server is stateless, so there is no stream to open or resume"),
    DELETE: mcpNotAllowed("there are no sessions to end"),
  },
} satisfies Record<string, DocumentedPath>;

export const ARENA_SECURITY_SCHEMES: Record<string, Json> = {
  arenaSessionKey: {
    type: "http",
    scheme: "bearer",
    description:
      "Arena auth mode: the session key from /arena/join (`s_{seat}.{hmac}`), bound to one game. Without " +
      "one a reader is an anonymous viewer; a writer sends `from` instead in standalone mode.",
  },
  arenaSessionKeyQuery: {
    type: "apiKey",
    in: "query",
    name: "key",
    description: "The arena session key as `?key=` (for clients that cannot set headers, e.g. EventSource)",
  },
};
