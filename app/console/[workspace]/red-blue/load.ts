import "server-only";
import { cache } from "react";
import type { RedBlueFormValues } from "@/components/red-blue/red-blue-form";
import type { RedBlueChallengeView } from "@/lib/contracts/red-blue";
import { redBlueSettingsSchema } from "@/lib/contracts/red-blue";
import { getRedBlueChallenge } from "@/lib/services/red-blue";
import { byIdOrNotFound } from "../detail";

/** The challenge of a console page: an unknown or foreign id is the 404 page. */
export const redBlueForPage = cache((workspaceId: string, id: string): Promise<RedBlueChallengeView> =>
  byIdOrNotFound(id, (i) => getRedBlueChallenge(workspaceId, i)),
);

export function formValuesOf(c: RedBlueChallengeView): RedBlueFormValues {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    instructions_md: c.instructions_md,
    theme: c.theme,
    workflow_id: c.workflow_id,
    judge_suite: c.judge_suite,
    defense_selection_policy: c.defense_selection_policy,
    attack_selection_policy: c.attack_selection_policy,
    scoring_strategy: c.scoring_strategy,
    is_active: c.is_active,
    settings: redBlueSettingsSchema.parse(c.settings),
  };
}
