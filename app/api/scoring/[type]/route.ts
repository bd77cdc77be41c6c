// The same handlers as /api/v1/scoring/[type].
export { GET } from "@/app/api/v1/scoring/[type]/route";
