import "server-only";
import { MAX_CONTENT_CHARS, MAX_OPERATOR_MESSAGES } from "@/lib/services/arena/config";
import {
  badKey,
  bodyErrors,
  type DocumentedPath,
  err,
  EXAMPLE_GAME,
  getOne,
  EXAMPLE_INVITE,
  joinedGame,
  jsonBody,
  mcpNotServed,
  mcpPost,
  ok,
  pageOk,
  pageQuery,
  pathParam,
  rateLimited,
  readerSecurity,
  ref,
  serverError,
  signatureFields,
  SIGNED_EXAMPLE,
  statusQuery,
  syncQuery,
  writerSecurity,
} from "@/lib/openapi/arena/parts";

// The arena's games: the catalogue, sessions, joining and playing, invites, the arena MCP tools.

export const GAME_DOCS: Record<string, DocumentedPath> = {
  "/health": {
    GET: {
      summary: 'Arena clients\' health check: {"status":"ok"}',
      responses: {
        "200": ok({ type: "object", required: ["status"], properties: { status: { const: "ok" } } }),
      },
    },
  },
  "/metadata": {
    GET: {
      summary: "Arena: the game catalogue (SpecArena protocol)",
      responses: {
        "200": ok(
          { type: "object", additionalProperties: ref("ArenaChallengeMetadata") },
          "Game type → its metadata",
        ),
        "500": serverError,
      },
    },
  },
  "/metadata/{name}": getOne(
    "Arena: one game type's metadata",
    pathParam("name", "A game type", "psi"),
    ref("ArenaChallengeMetadata"),
    "`Challenge not found`: no such game type",
  ),
  "/challenges": {
    GET: {
      summary: "Arena: sessions, newest first (limit, offset, status)",
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
      summary: "Arena: sessions of one game type",
      parameters: [pathParam("name", "A game type", "psi"), ...pageQuery, statusQuery],
      responses: {
        "200": pageOk,
        "400": err("`status must be one of open, active, ended`"),
        "404": err("`Challenge not found`: no such game type"),
        "500": serverError,
      },
    },
    POST: {
      summary:
        "Arena: create a session (one invite per seat; a body signed like a join counts it against the agent's own hourly allowance)",
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
      summary: "Arena: join with an invite (Ed25519-signed in auth mode; returns a session key)",
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
      summary: "Arena: a player's action in its game",
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
      summary: "Arena: the game's operator channel from an index, redacted for the caller",
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
  "/invites/{id}": {
    GET: {
      summary: "Arena: the session of an unused invite",
      parameters: [pathParam("id", "An invite code", EXAMPLE_INVITE)],
      responses: {
        "200": joinedGame,
        "404": err("`Challenge not found for invite: X`"),
        "409": err("`Invite already used: X`"),
        "500": serverError,
      },
    },
  },
  // app/api/invites/route.ts and app/api/v1/invites/route.ts alike.
  "/invites": {
    POST: {
      summary: "Arena: claim an invite ({inviteId}); 404 unknown, 409 already used",
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
  "/arena/mcp": {
    POST: mcpPost("challenge_join, challenge_message, challenge_sync"),
    ...mcpNotServed,
  },
};
