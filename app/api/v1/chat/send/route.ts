// SpecArena protocol: chat/send; also served at /api/chat/send.
import { arenaRoute } from "@/lib/api/arena-route";
import { sendChat } from "@/lib/services/arena/actions";

export const POST = arenaRoute(({ body, caller }) => sendChat(body, caller), { write: true });
