// SpecArena protocol: the arena MCP tools (docs/arena-protocol.md "MCP"); also served at /api/v1/arena/mcp.
import { arenaMcpRoute } from "@/lib/api/arena-mcp";

const { POST, GET, DELETE } = arenaMcpRoute("arena");
export { POST, GET, DELETE };
