// The same handlers as /api/arena/mcp.
export { POST, GET, DELETE } from "@/app/api/arena/mcp/route";
