// The same handlers as /api/v1/arena/sync.
export { GET } from "@/app/api/v1/arena/sync/route";
