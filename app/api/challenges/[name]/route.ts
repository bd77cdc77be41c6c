// The same handlers as /api/v1/challenges/[name].
export { GET, POST } from "@/app/api/v1/challenges/[name]/route";
