// The same handlers as /api/v1/users/[userId]/scores.
export { GET } from "@/app/api/v1/users/[userId]/scores/route";
