// Shapes and defaults of the console challenge form (importable from server pages).

import type { ChallengeView } from "@/lib/contracts/challenges";

/** The challenge as the form edits it: the service's view without the server-kept fields. */
export type ChallengeFormValues = Omit<
  ChallengeView,
  "id" | "app_id" | "workflow_id" | "published_version" | "created_by" | "created_at" | "updated_by" | "updated_at"
> & { id?: string };

export interface PluginOption {
  pluginId: string;
  name: string;
  kind: "evaluator" | "scorer";
  entrypoints: string[];
}

export const NEW_CHALLENGE: ChallengeFormValues = {
  name: "",
  description: null,
  goal: "",
  success_type: "contains",
  success_pattern: null,
  secret_ref: null,
  has_secret: false,
  scoring_strategy: "first",
  is_active: true,
  evaluator_type: "rules",
  evaluator_plugin_id: null,
  evaluator_entrypoint: null,
  evaluator_config: null,
  scoring_plugin_id: null,
  scoring_entrypoint: null,
  scoring_config: null,
  instructions_md: null,
  theme: null,
  hero_asset_id: null,
  hero_asset_url: null,
  hero_asset_type: null,
  difficulty: "medium",
  points: 100,
  max_attempts: null,
  cooldown_seconds: 0,
  reproduce_runs: null,
  reproduce_wins: null,
  mask_variables: [],
  allow_guests: false,
  guests_on_boards: false,
  allow_secret_claims: false,
  refusal_message: null,
  win_message: null,
};
