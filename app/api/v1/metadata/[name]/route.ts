// SpecArena protocol: metadata/[name]; also served at /api/metadata/[name].
import { arenaRoute } from "@/lib/api/arena-route";
import { metadataOf } from "@/lib/services/arena/read";

export const GET = arenaRoute(({ params }) => metadataOf(params.name!));
