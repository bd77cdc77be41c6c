// Console red/blue challenges: the create checks beyond zod (422 with field paths, nothing
// written) and the body size limit (413). Every body is scanned for the secret values.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/console/api/red-blue-challenges/route";
import { db } from "@/lib/db";
import { expect422, expectError } from "@/tests/helpers/console";
import { asA, base, consoleFixtures, fx, secretsSuite } from "./red-blue-console-support";

consoleFixtures();

describe("red/blue challenges CRUD", () => {
  it.each([
    ["a missing name", () => ({ ...base(), name: undefined }), "name"],
    ["an empty judge suite", () => ({ ...base(), judge_suite: [] }), "judge_suite"],
    ["an unknown category without rubric", () => ({ ...base(), judge_suite: ["made_up"] }), "made_up"],
    ["a category twice", () => ({ ...base(), judge_suite: ["secret_leak", "secret_leak"] }), "twice"],
    ["a judge suite of the wrong type", () => ({ ...base(), judge_suite: "secret_leak" }), "judge_suite"],
    [
      "an unknown defense policy",
      () => ({ ...base(), defense_selection_policy: "best_first" }),
      "selection policy",
    ],
    [
      "an unknown attack policy",
      () => ({ ...base(), attack_selection_policy: "newest" }),
      "selection policy",
    ],
    ["an unknown strategy", () => ({ ...base(), scoring_strategy: "elo" }), "scoring_strategy"],
    [
      "a missing secret",
      () => ({ ...base(), settings: { model: "offline:level-1", secret_ref: "NOPE" } }),
      "settings.secret_ref",
    ],
    [
      "another workspace's secret",
      () => ({ ...base(), settings: { model: "offline:level-1", secret_ref: "B_ONLY" } }),
      "settings.secret_ref",
    ],
    [
      "custom without plugin",
      () => ({ ...base(), scoring_strategy: "custom" }),
      "settings.scoring_plugin_id",
    ],
    ["another workspace's app", () => ({ ...base(), app_id: fx.appB }), "app_id"],
    ["an unknown app", () => ({ ...base(), app_id: randomUUID() }), "app_id"],
    ["another workspace's workflow", () => ({ ...base(), workflow_id: fx.workflowB }), "workflow_id"],
    ["a bad theme", () => ({ ...base(), theme: { "--color-bg": "#000" } }), "theme"],
    ["a theme url()", () => ({ ...base(), theme: { backgroundImage: "url(/etc/passwd)" } }), "theme"],
    ["an unknown model", () => ({ ...base(), settings: { model: "offline:level-99" } }), "level-99"],
    [
      "an unknown setting",
      () => ({ ...base(), settings: { model: "offline:level-1", secret_value: "x" } }),
      "secret_value",
    ],
    ["an out-of-range threshold", () => ({ ...base(), settings: { pass_threshold: 11 } }), "pass_threshold"],
    [
      "too many utility prompts",
      () => ({ ...base(), settings: { utility_gate: { prompts: Array(11).fill("hi"), mode: "reject" } } }),
      "utility",
    ],
    ["an unknown field", () => ({ ...base(), owner: "me" }), "owner"],
    ["huge instructions", () => ({ ...base(), instructions_md: "x".repeat(20_001) }), "instructions_md"],
  ])("refuses a create with %s (422) and writes nothing", async (_name, body, part) => {
    const before = await db.redBlueChallenge.count();
    expect422(await asA(createRoute, { body: body() }), part);
    expect(await db.redBlueChallenge.count()).toBe(before);
  });

  it("refuses a body over the operation's size limit (413)", async () => {
    const before = await db.redBlueChallenge.count();
    expectError(
      await asA(createRoute, { body: { ...base(), description: "x".repeat(300 * 1024) } }),
      413,
      "payload_too_large",
    );
    expect(await db.redBlueChallenge.count()).toBe(before);
  });
});

secretsSuite(20);
