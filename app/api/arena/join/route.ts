// The same handlers as /api/v1/arena/join.
export { POST } from "@/app/api/v1/arena/join/route";
