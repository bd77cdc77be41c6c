import { route } from "@/lib/api/handler";
import { moderationOperations } from "@/lib/contracts/moderation";
import { listListings, requireInstanceAdmin } from "@/lib/services/moderation";

export const GET = route(moderationOperations.listings, async ({ query, caller }) => {
  await requireInstanceAdmin(caller.account);
  return listListings(query);
});
