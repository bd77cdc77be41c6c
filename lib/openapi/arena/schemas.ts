import "server-only";
import { MAX_SYNC_MESSAGES } from "@/lib/services/arena/config";
import { ref, type Json } from "@/lib/openapi/arena/parts";

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
