import { route } from "@/lib/api/handler";
import { getPublicCollection } from "@/lib/services/public-challenges";
import { publicIdParams } from "@/lib/validation/web";

export const GET = route({ auth: "public", params: publicIdParams }, async ({ params, caller }) =>
  getPublicCollection(params.id, caller.kind === "user" ? caller.account.id : null),
);
