// The same handlers as /api/v1/users/[userId]/challenges.
export { GET } from "@/app/api/v1/users/[userId]/challenges/route";
