import { route } from "@/lib/api/handler";
import { collectionResponse } from "@/lib/openapi/responses";
import { setCollectionChallenges } from "@/lib/services/collections";
import { collectionChallengesSchema } from "@/lib/validation/collections";
import { WRITERS } from "@/lib/validation/challenges";
import { idParams } from "@/lib/validation/console";

// Seed 000: PUT /console/api/challenge-collections/{id}/challenges (set membership and order).
export const PUT = route(
  {
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: collectionChallengesSchema,
    doc: { summary: "Set the collection's challenges and their order (first id first)", response: collectionResponse },
  },
  async ({ caller, params, body }) => ({
    collection: await setCollectionChallenges(caller.workspaceId, params.id, body.challenge_ids, caller.account?.id ?? null),
  }),
);
