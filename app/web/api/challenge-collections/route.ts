import { route } from "@/lib/api/handler";
import { listPublicCollections } from "@/lib/services/public-challenges";
import { listQuerySchema } from "@/lib/validation/web";

export const GET = route({ auth: "public", query: listQuerySchema }, async ({ query }) => listPublicCollections(query));
