// The same handlers as /api/v1/stats.
export { GET } from "@/app/api/v1/stats/route";
