import type { FormReader } from "@/lib/contracts/forms/reader";

// The console challenge form's fields as the challenge schema takes them (client-safe): the server
// actions build their input with it, and the new-challenge wizard reads its form the same way to
// check each step with the same schema before anything is sent. Problems of the form itself (a
// number that is not one, JSON that does not parse) collect on the reader.

/** Why a challenge from a template is refused without a secret (the server and the wizard say the same). */
export const TEMPLATE_NEEDS_SECRET = "This template's gatekeeper guards a secret: type one";

export function readChallengeForm(f: FormReader, opts: { includeTheme: boolean }) {
  const secret = f.text("secret");
  const includeTheme = opts.includeTheme || f.text("theme_dirty") === "1";
  const reproduceRuns = f.int("reproduce_runs", null);
  return {
    name: f.text("name"),
    description: f.optional("description"),
    goal: f.text("goal"),
    success_type: f.text("success_type"),
    success_pattern: f.text("success_pattern") === "" ? null : f.text("success_pattern"),
    secret_ref: f.optional("secret_ref"),
    ...(secret !== "" ? { secret } : {}),
    scoring_strategy: f.text("scoring_strategy"),
    is_active: f.checkbox("is_active"),
    evaluator_type: f.text("evaluator_type"),
    evaluator_plugin_id: f.optional("evaluator_plugin_id"),
    evaluator_entrypoint: f.optional("evaluator_entrypoint"),
    evaluator_config: f.jsonObject("evaluator_config"),
    scoring_plugin_id: f.optional("scoring_plugin_id"),
    scoring_entrypoint: f.optional("scoring_entrypoint"),
    scoring_config: f.jsonObject("scoring_config"),
    instructions_md: f.text("instructions_md").trim() === "" ? null : f.text("instructions_md"),
    ...(includeTheme ? { theme: f.jsonObject("theme") } : {}),
    hero_asset_id: f.optional("hero_asset_id"),
    difficulty: f.text("difficulty"),
    points: f.int("points", 0),
    max_attempts: f.int("max_attempts", null),
    cooldown_seconds: f.int("cooldown_seconds", 0),
    reproduce_runs: reproduceRuns,
    // Wins needed only mean something with reproduction on.
    reproduce_wins: reproduceRuns === null ? null : f.int("reproduce_wins", null),
    mask_variables: f.list("mask_variables"),
    allow_guests: f.checkbox("allow_guests"),
    guests_on_boards: f.checkbox("allow_guests") && f.checkbox("guests_on_boards"),
    allow_secret_claims: f.checkbox("allow_secret_claims"),
    refusal_message: f.optional("refusal_message"),
    win_message: f.optional("win_message"),
  };
}
