// The same handlers as /api/v1/scoring.
export { GET } from "@/app/api/v1/scoring/route";
