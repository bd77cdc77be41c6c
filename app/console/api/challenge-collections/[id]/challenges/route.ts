import { route } from "@/lib/api/handler";
import { collectionOperations } from "@/lib/contracts/collections";
import { setCollectionChallenges } from "@/lib/services/collections";

// PUT /console/api/challenge-collections/{id}/challenges (set membership and order).
export const PUT = route(
  collectionOperations.setChallenges,
  async ({ caller, params, body }) => ({
    collection: await setCollectionChallenges(caller.workspaceId, params.id, body.challenge_ids, caller.account?.id ?? null),
  }),
);
