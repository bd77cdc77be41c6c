import "server-only";
import { cache } from "react";
import type { ChallengeView } from "@/lib/contracts/challenges";
import { getChallenge } from "@/lib/services/challenges";
import { byIdOrNotFound } from "../../detail";

/** The workspace's challenge for a console page; anything else (bad id, other workspace) is a 404. */
export const challengeForPage = cache((workspaceId: string, id: string): Promise<ChallengeView> =>
  byIdOrNotFound(id, (i) => getChallenge(workspaceId, i)),
);
