// The same handlers as /api/chat/mcp.
export { POST, GET, DELETE } from "@/app/api/chat/mcp/route";
