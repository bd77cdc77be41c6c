// The same handlers as /api/v1/challenges.
export { GET } from "@/app/api/v1/challenges/route";
