// The same handlers as /api/v1/arena/message.
export { POST } from "@/app/api/v1/arena/message/route";
