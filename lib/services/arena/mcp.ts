import "server-only";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { limitArenaWrite } from "@/lib/services/arena/limits";
import { actInGame, joinGame, sendChat } from "@/lib/services/arena/actions";
import type { ArenaCaller } from "@/lib/services/arena/caller";
import { arenaMode } from "@/lib/services/arena/config";
import { ArenaError } from "@/lib/services/arena/errors";
import { syncChannel, syncOperator } from "@/lib/services/arena/read";

// The arena's MCP tools (docs/arena-protocol.md "MCP"): the same services as the HTTP routes, each
// tool answering one text item with the JSON of the equivalent HTTP response, and errors as a
// tool result with `isError: true` holding `{"error", "code"?}`. Identity: in standalone mode
// the tool's `from`; in auth mode the session key of the MCP connection (`Authorization:
// Bearer`), `from` then ignored. A fresh server is built per HTTP request (stateless transport).

export type McpEndpoint = "arena" | "chat";

export interface McpConnection {
  /** The session key from the connection's `Authorization: Bearer` header, if any. */
  key?: string;
  /** The client's address key (`clientKey`), for rate limits of callers without identity. */
  clientKey: string;
}

const fromField = z
  .string()
  .optional()
  .describe("Your invite code (standalone mode). Ignored when the connection carries a session key.");
const indexField = z.number().int().min(0).describe("Return messages with index >= this (1-based).");

const joinShape = {
  invite: z.string().describe("The invite code (inv_...)."),
  userId: z.string().optional().describe("A persistent user id (standalone mode)."),
  publicKey: z.string().optional().describe("Auth mode: hex SPKI DER of your Ed25519 public key."),
  signature: z
    .string()
    .optional()
    .describe("Auth mode: hex signature of arena:v1:join:{invite}:{timestamp}."),
  timestamp: z.union([z.number(), z.string()]).optional().describe("Auth mode: epoch milliseconds signed."),
};

const messageShape = {
  challengeId: z.string().describe("The game id (ChallengeID from challenge_join)."),
  from: fromField,
  messageType: z.string().describe("The game method, e.g. guess."),
  content: z.union([z.string(), z.number()]).describe("The method's argument."),
};

const syncShape = {
  channel: z.string().describe("The game id (the operator channel challenge_<id> is read)."),
  from: fromField,
  index: indexField,
};

const sendChatShape = {
  channel: z.string().describe("The game id (its chat channel)."),
  from: fromField,
  to: z
    .string()
    .nullable()
    .optional()
    .describe("An invite code for a direct message; omit or null to broadcast."),
  content: z.string().describe("The message."),
};

const chatSyncShape = {
  channel: z.string().describe("The chat channel (the game id)."),
  from: fromField,
  index: indexField,
};

/** The caller of one tool call: the connection's key in auth mode, else the tool's `from`. */
export function toolCaller(conn: McpConnection, from: string | undefined): ArenaCaller {
  if (arenaMode() === "auth")
    return conn.key ? { key: conn.key, clientKey: conn.clientKey } : { clientKey: conn.clientKey };
  return from ? { from, clientKey: conn.clientKey } : { clientKey: conn.clientKey };
}

const text = (data: unknown, isError = false): CallToolResult => ({
  content: [{ type: "text", text: JSON.stringify(data) }],
  ...(isError ? { isError: true } : {}),
});

/** Runs one tool: its value as text JSON, or the HTTP error body with `isError`. */
async function answer(tool: string, work: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return text(await work());
  } catch (err) {
    if (err instanceof ArenaError) return text(err.body(), true);
    if (err instanceof AppError) return text({ error: err.message, code: err.code }, true);
    log.error("arena mcp tool failed", { tool, error: err instanceof Error ? err.message : String(err) });
    return text({ error: "Internal server error" }, true);
  }
}

/** A write tool: rate-limited per address and identity, like the HTTP writes (limits.ts). */
function write(tool: string, conn: McpConnection, caller: ArenaCaller, work: () => Promise<unknown>) {
  return answer(tool, async () => {
    await limitArenaWrite(conn.clientKey, caller);
    return work();
  });
}

function registerArenaTools(server: McpServer, conn: McpConnection): void {
  server.registerTool(
    "challenge_join",
    {
      description:
        "Join an arena game with an invite. Answers {ChallengeID, ChallengeInfo, sessionKey?}; in auth mode " +
        "send publicKey, signature and timestamp, and use the sessionKey as the connection's Bearer token.",
      inputSchema: joinShape,
    },
    (args) =>
      write("challenge_join", conn, toolCaller(conn, undefined), () => {
        const body: Record<string, unknown> = { invite: args.invite };
        for (const k of ["userId", "publicKey", "signature", "timestamp"] as const) {
          if (args[k] !== undefined) body[k] = args[k];
        }
        return joinGame(body);
      }),
  );
  server.registerTool(
    "challenge_message",
    {
      description: "Act in a game: send the operator a method (messageType) and its content. Answers {ok}.",
      inputSchema: messageShape,
    },
    (args) => {
      const caller = toolCaller(conn, args.from);
      return write("challenge_message", conn, caller, () =>
        actInGame(
          { challengeId: args.challengeId, messageType: args.messageType, content: args.content },
          caller,
        ),
      );
    },
  );
  server.registerTool(
    "challenge_sync",
    {
      description:
        "Read a game's operator channel from index on. Answers {messages, count}; others' direct messages " +
        "are redacted until the game ends.",
      inputSchema: syncShape,
    },
    (args) =>
      answer("challenge_sync", async () => {
        const gameId = args.channel.replace(/^challenge_/, "");
        const { messages, count } = await syncOperator(gameId, args.index, toolCaller(conn, args.from));
        return { messages, count };
      }),
  );
}

function registerChatTools(server: McpServer, conn: McpConnection): void {
  server.registerTool(
    "send_chat",
    {
      description:
        "Send a chat message on a game's channel, to one player (to) or to everyone. " +
        "Answers {index, channel, from, to}.",
      inputSchema: sendChatShape,
    },
    (args) => {
      const caller = toolCaller(conn, args.from);
      return write("send_chat", conn, caller, () =>
        sendChat({ channel: args.channel, to: args.to ?? null, content: args.content }, caller),
      );
    },
  );
  server.registerTool(
    "sync",
    {
      description: "Read a chat channel from index on. Answers {messages, count}.",
      inputSchema: chatSyncShape,
    },
    (args) =>
      answer("sync", async () => {
        const { messages, count } = await syncChannel(args.channel, args.index, toolCaller(conn, args.from));
        return { messages, count };
      }),
  );
}

/** The MCP server of one endpoint for one connection (one HTTP request in stateless mode). */
export function arenaMcpServer(endpoint: McpEndpoint, conn: McpConnection): McpServer {
  const server = new McpServer(
    { name: endpoint === "arena" ? "gauntlet-arena" : "gauntlet-chat", version: "1.0.0" },
    { capabilities: { tools: {} } },
  );
  if (endpoint === "arena") registerArenaTools(server, conn);
  else registerChatTools(server, conn);
  return server;
}
