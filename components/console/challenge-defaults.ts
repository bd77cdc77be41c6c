// Shapes and defaults of the console challenge form (importable from server pages).

export interface ChallengeFormValues {
  id?: string;
  name: string;
  description: string | null;
  goal: string;
  success_type: string;
  success_pattern: string | null;
  secret_ref: string | null;
  has_secret: boolean;
  scoring_strategy: string;
  is_active: boolean;
  evaluator_type: string;
  evaluator_plugin_id: string | null;
  evaluator_entrypoint: string | null;
  evaluator_config: Record<string, unknown> | null;
  scoring_plugin_id: string | null;
  scoring_entrypoint: string | null;
  scoring_config: Record<string, unknown> | null;
  instructions_md: string | null;
  theme: Record<string, string> | null;
  hero_asset_id: string | null;
  hero_asset_url: string | null;
  hero_asset_type: string | null;
  difficulty: string;
  points: number;
  max_attempts: number | null;
  cooldown_seconds: number;
  mask_variables: string[];
}

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
  mask_variables: [],
};
