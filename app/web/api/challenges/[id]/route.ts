import { route } from "@/lib/api/handler";
import { getPublicChallenge } from "@/lib/services/public-challenges";
import { publicIdParams } from "@/lib/validation/web";

export const GET = route({ auth: "public", params: publicIdParams }, async ({ params, caller }) =>
  getPublicChallenge(params.id, caller.kind === "user" ? caller.account.id : null),
);
