import { route } from "@/lib/api/handler";
import { listPublicChallenges } from "@/lib/services/public-challenges";
import { listQuerySchema } from "@/lib/validation/web";

export const GET = route({ auth: "public", query: listQuerySchema }, async ({ query, caller }) =>
  listPublicChallenges({ ...query, viewerAccountId: caller.kind === "user" ? caller.account.id : null }),
);
