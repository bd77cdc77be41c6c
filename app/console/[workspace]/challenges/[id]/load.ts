import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { AppError } from "@/lib/errors";
import type { ChallengeView } from "@/lib/contracts/challenges";
import { getChallenge } from "@/lib/services/challenges";
import { idParams } from "@/lib/contracts/params";

/** The workspace's challenge for a console page; anything else (bad id, other workspace) is a 404. */
export const challengeForPage = cache(async (workspaceId: string, id: string): Promise<ChallengeView> => {
  if (!idParams.safeParse({ id }).success) notFound();
  try {
    return await getChallenge(workspaceId, id);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
});
