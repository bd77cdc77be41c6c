import type { DIFFICULTIES } from "@/lib/contracts/challenges/inputs";
import type { AuditView } from "@/lib/contracts/primitives";

// What the challenge pages show: a challenge as the console reads it (the secret only as
// has_secret), as players see it in lists, and the filters of the public list.

export interface ChallengeView extends AuditView {
  id: string;
  app_id: string;
  workflow_id: string | null;
  name: string;
  description: string | null;
  goal: string;
  success_type: string;
  success_pattern: string | null;
  /** Name of the workspace secret holding the challenge secret (never its value). */
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
  /** Whitelisted CSS variables; asset URLs freshly signed. */
  theme: Record<string, string> | null;
  hero_asset_id: string | null;
  hero_asset_url: string | null;
  hero_asset_type: string | null;
  difficulty: string;
  points: number;
  max_attempts: number | null;
  cooldown_seconds: number;
  /** Reproduce before it counts: runs in all (null = off) and wins needed (null = all). */
  reproduce_runs: number | null;
  reproduce_wins: number | null;
  mask_variables: string[];
  allow_guests: boolean;
  guests_on_boards: boolean;
  allow_secret_claims: boolean;
  refusal_message: string | null;
  win_message: string | null;
  /** Published version number of the workflow, null when it was never published (not playable). */
  published_version: number | null;
}

export interface ChallengeListItem extends ChallengeView {
  attempts_count: number;
  solves_count: number;
}

export interface PublicChallenge {
  id: string;
  name: string;
  description: string | null;
  goal: string;
  difficulty: string;
  points: number;
  scoring_strategy: string;
  max_attempts: number | null;
  cooldown_seconds: number;
  solves: number;
  created_at: string;
  /** Only for a signed-in viewer. */
  solved?: boolean;
}

export interface ChallengeFilters {
  q?: string;
  difficulty?: (typeof DIFFICULTIES)[number];
  /** A public collection's id. */
  collection?: string;
  /** Only for a signed-in player. */
  status?: "solved" | "unsolved";
}
