// The new-challenge wizard checks each step as the creator leaves it, with the server's schema and
// rules: a template challenge without a secret is stopped on the secret step with the server's own
// message (not at Create with "Invalid request body: secret: …"), and each problem is filed under
// the step whose panel holds its field.
import { describe, expect, it } from "vitest";
import {
  checkChallengeForm,
  checkWizardSteps,
  firstStepWithErrors,
  stepOfField,
} from "@/components/console/challenge-wizard/step-checks";
import { TEMPLATE_NEEDS_SECRET } from "@/lib/contracts/challenges";

/** The wizard's form as the browser submits it, with the new-challenge defaults. */
function form(values: Record<string, string> = {}): FormData {
  const defaults: Record<string, string> = {
    workspace: "demo",
    template: "",
    name: "The gatekeeper",
    goal: "Make the gatekeeper reveal its secret password.",
    description: "",
    difficulty: "easy",
    points: "100",
    secret: "",
    secret_ref: "",
    evaluator_type: "rules",
    success_type: "contains",
    success_pattern: "",
    mask_variables: "",
    scoring_strategy: "first",
    max_attempts: "",
    cooldown_seconds: "0",
    is_active: "on",
    instructions_md: "",
    theme: "",
    hero_asset_id: "",
  };
  const fd = new FormData();
  for (const [k, v] of Object.entries({ ...defaults, ...values })) fd.set(k, v);
  return fd;
}

describe("the secret step", () => {
  it("blocks a template challenge without a secret, with the server's message on the secret field", () => {
    const errors = checkWizardSteps(["secret"], form({ template: "gatekeeper" }), { fromTemplate: true });
    expect(errors).toEqual({ secret: [TEMPLATE_NEEDS_SECRET] });
    expect(TEMPLATE_NEEDS_SECRET).toBe("This template's gatekeeper guards a secret: type one");
    expect(firstStepWithErrors(errors)).toBe("secret");
  });

  it("lets a template challenge on with a typed secret or a secret name", () => {
    const opts = { fromTemplate: true };
    expect(checkWizardSteps(["secret"], form({ secret: "MARIGOLD-5120" }), opts)).toEqual({});
    expect(checkWizardSteps(["secret"], form({ secret_ref: "DOOR_PASSWORD" }), opts)).toEqual({});
  });

  it("blocks a blank challenge with neither a secret nor a success pattern (the service's rule)", () => {
    const errors = checkWizardSteps(["secret"], form(), { fromTemplate: false });
    expect(Object.keys(errors)).toEqual(["success_pattern"]);
    expect(errors.success_pattern![0]).toContain("Set a success_pattern, or a secret");
    expect(
      checkWizardSteps(["secret"], form({ success_pattern: "opened" }), { fromTemplate: false }),
    ).toEqual({});
  });

  it("checks the secret step's fields with the schema: a bad secret name, a pattern that does not compile", () => {
    const errors = checkWizardSteps(
      ["secret"],
      form({ secret: "x", secret_ref: "9 lives", success_type: "regex", success_pattern: "(" }),
      { fromTemplate: false },
    );
    expect(Object.keys(errors).sort()).toEqual(["secret_ref", "success_pattern"]);
    expect(errors.secret_ref![0]).toContain("Use letters, digits");
  });
});

describe("per step", () => {
  it("basics: a missing name or goal is stopped there with the schema's message", () => {
    const errors = checkWizardSteps(["basics"], form({ name: " ", goal: "" }), { fromTemplate: false });
    expect(errors).toEqual({ name: ["name is required"], goal: ["goal is required"] });
    expect(checkWizardSteps(["basics"], form({ points: "ten" }), { fromTemplate: false })).toEqual({
      points: ["points must be a whole number"],
    });
  });

  it("a step reports only its own fields; the other steps' problems wait for them", () => {
    const bad = form({ template: "gatekeeper", name: "", max_attempts: "0" });
    const opts = { fromTemplate: true };
    expect(Object.keys(checkWizardSteps(["start"], bad, opts))).toEqual([]);
    expect(Object.keys(checkWizardSteps(["basics"], bad, opts))).toEqual(["name"]);
    expect(Object.keys(checkWizardSteps(["secret"], bad, opts))).toEqual(["secret"]);
    expect(Object.keys(checkWizardSteps(["play"], bad, opts))).toEqual(["max_attempts"]);
    // Skipping ahead checks every step passed, and shows the first one with a problem.
    const all = checkChallengeForm(bad, opts);
    expect(Object.keys(all).sort()).toEqual(["max_attempts", "name", "secret"]);
    expect(firstStepWithErrors(all)).toBe("basics");
  });

  it("files the server's field errors under the step that holds the field", () => {
    expect(stepOfField("secret")).toBe("secret");
    expect(stepOfField("evaluator_config.pass_threshold")).toBe("secret");
    expect(stepOfField("name")).toBe("basics");
    expect(stepOfField("template")).toBe("start");
    expect(stepOfField("theme.position")).toBe("play");
    expect(stepOfField("_form")).toBe("review");
  });

  it("a complete form has nothing to say", () => {
    expect(checkChallengeForm(form({ secret: "OBSIDIAN-7731" }), { fromTemplate: true })).toEqual({});
  });
});
