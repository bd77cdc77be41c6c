// The same handlers as /api/v1/invites/[id].
export { GET } from "@/app/api/v1/invites/[id]/route";
