// The same handlers as /api/v1/invites.
export { POST } from "@/app/api/v1/invites/route";
