// The same handlers as /api/v1/users/[userId].
export { GET } from "@/app/api/v1/users/[userId]/route";
