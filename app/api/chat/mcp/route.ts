// SpecArena protocol: the chat MCP tools (docs/arena-protocol.md "MCP"); also served at /api/v1/chat/mcp.
import { arenaMcpRoute } from "@/lib/api/arena-mcp";

const { POST, GET, DELETE } = arenaMcpRoute("chat");
export { POST, GET, DELETE };
