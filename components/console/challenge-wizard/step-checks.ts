import type { FieldErrors } from "@/lib/contracts/forms";
import { readChallengeForm, TEMPLATE_NEEDS_SECRET } from "@/lib/contracts/challenges";
import { challengeCreateSchema, checkChallengeState } from "@/lib/contracts/challenges";
import { FormReader } from "@/lib/contracts/forms";

// The new-challenge wizard's checks (pure, unit-tested): the form read as the server action reads
// it, parsed with the server's challenge schema, then the cross-field rules the service applies
// that need no database (the success rule, the template's secret). Each problem belongs to the
// step whose panel holds its field, so a step is checked when the creator leaves it, and a refusal
// from the server is shown on the step and field it names. What only the server can know (does a
// named secret exist? is a plugin installed? is a theme's image signed?) stays with the server.

export const WIZARD_STEPS = ["start", "basics", "secret", "play", "review"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

const FIELD_STEP: Record<string, WizardStep> = {
  template: "start",
  name: "basics",
  goal: "basics",
  description: "basics",
  difficulty: "basics",
  points: "basics",
  secret: "secret",
  secret_ref: "secret",
  evaluator_type: "secret",
  success_type: "secret",
  success_pattern: "secret",
  evaluator_plugin_id: "secret",
  evaluator_entrypoint: "secret",
  evaluator_config: "secret",
  mask_variables: "secret",
};

/** The step a field error belongs to (play settings hold the rest of the form's fields). */
export const stepOfField = (field: string): WizardStep =>
  FIELD_STEP[field.split(".")[0]!] ?? (field === "_form" ? "review" : "play");

type Issue = { path: string | readonly PropertyKey[]; message: string };

/** Field errors keyed by the form field (a path's first segment), as the server action keys them. */
function byField(issues: readonly Issue[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const fromZod = typeof issue.path !== "string";
    const [first, ...rest] = typeof issue.path === "string" ? issue.path.split(".") : issue.path.map(String);
    const key = first || "_form";
    (out[key] ??= []).push(
      fromZod && rest.length > 0 ? `${rest.join(".")}: ${issue.message}` : issue.message,
    );
  }
  return out;
}

/** Every problem the browser can find in the whole form, keyed by field. */
export function checkChallengeForm(form: FormData, opts: { fromTemplate: boolean }): FieldErrors {
  const reader = new FormReader(form);
  const data = readChallengeForm(reader, { includeTheme: true });
  const issues: Issue[] = [...reader.problems()];
  const parsed = challengeCreateSchema.safeParse(data);
  if (!parsed.success) issues.push(...parsed.error.issues);
  const typedSecret = data.secret !== undefined;
  const hasSecret = typedSecret || data.secret_ref !== null;
  issues.push(
    ...checkChallengeState({
      success_type: data.success_type,
      success_pattern: data.success_pattern,
      // A named secret is taken to exist here (the server checks that it does); a template's missing
      // secret is reported once, below, on the secret field.
      has_secret: hasSecret || opts.fromTemplate,
      evaluator_type: data.evaluator_type,
      evaluator_plugin_id: data.evaluator_plugin_id,
      evaluator_config: data.evaluator_config,
      scoring_strategy: data.scoring_strategy,
      scoring_plugin_id: data.scoring_plugin_id,
      // The theme's image URLs are signed by the server: it checks the theme.
      theme: null,
      reproduce_runs: data.reproduce_runs,
      reproduce_wins: data.reproduce_wins,
    }),
  );
  if (opts.fromTemplate && !hasSecret) issues.push({ path: "secret", message: TEMPLATE_NEEDS_SECRET });
  // One message once per field (the schema and the cross-field rules may say the same thing).
  const out = byField(issues);
  for (const key of Object.keys(out)) out[key] = [...new Set(out[key])];
  return out;
}

/** The problems of the given steps only (the fields their panels hold). */
export function checkWizardSteps(
  steps: readonly WizardStep[],
  form: FormData,
  opts: { fromTemplate: boolean },
): FieldErrors {
  const all = checkChallengeForm(form, opts);
  return Object.fromEntries(Object.entries(all).filter(([field]) => steps.includes(stepOfField(field))));
}

/** The first step (in wizard order) that has an error, or null. */
export function firstStepWithErrors(errors: FieldErrors): WizardStep | null {
  const fields = Object.keys(errors).filter((k) => (errors[k]?.length ?? 0) > 0);
  return WIZARD_STEPS.find((s) => fields.some((f) => stepOfField(f) === s)) ?? null;
}
