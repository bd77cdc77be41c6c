// The same handlers as /api/v1/chat/sync.
export { GET } from "@/app/api/v1/chat/sync/route";
