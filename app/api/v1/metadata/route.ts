// SpecArena protocol: metadata; also served at /api/metadata.
import { arenaRoute } from "@/lib/api/arena-route";
import { catalogue } from "@/lib/services/arena/read";

export const GET = arenaRoute(() => catalogue());
