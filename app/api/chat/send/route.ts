// The same handlers as /api/v1/chat/send.
export { POST } from "@/app/api/v1/chat/send/route";
