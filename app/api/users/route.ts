// The same handlers as /api/v1/users.
export { GET, POST } from "@/app/api/v1/users/route";
