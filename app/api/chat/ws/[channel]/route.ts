// The same handlers as /api/v1/chat/ws/[channel].
export { GET } from "@/app/api/v1/chat/ws/[channel]/route";
