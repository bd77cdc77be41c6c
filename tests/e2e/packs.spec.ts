import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { startAsCreator } from "./support";

// Challenge packs in the console: the demo creator validates the fixture bundle (valid, then a
// broken difficulty with its error), publishes it, publishes the same content again (the same
// ids), publishes a version 2 loaded from a file, is refused a different version 2, compares the
// two versions line by line and opens version 1's manifest — with no browser console errors.

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: `tests/artifacts/screenshots/packs-${name}.png`,
    fullPage: true,
    caret: "initial",
  });

// A slug of this run's own, so a retry against the same database starts from an empty pack.
const SLUG = `support-basics-${Date.now()}`;
const FIXTURE = readFileSync("tests/fixtures/packs/support-basics.yaml", "utf8").replace(
  "slug: support-basics",
  `slug: ${SLUG}`,
);
const V1 = FIXTURE;
const V2 = FIXTURE.replace("  number: 1\n  execution_mode", "  number: 2\n  execution_mode").replace(
  "What is the capital of France?",
  "What is the capital of Italy?",
);

test("a creator validates, publishes and compares versions of a challenge pack", async ({ page }) => {
  test.setTimeout(180_000);
  expect(V2).not.toBe(V1);
  expect(V2).toContain("  number: 2\n");
  const consoleErrors = await startAsCreator(page);

  // ── the packs page from the console's navigation ──
  await page.goto("/console/demo");
  await page.getByRole("link", { name: "Packs", exact: true }).click();
  await expect(page).toHaveURL(/\/console\/demo\/packs$/);
  await expect(page.getByRole("heading", { name: "Challenge packs", level: 1 })).toBeVisible();

  // A fresh database has no packs: the empty state links to the format.
  const empty = page.getByRole("region", { name: "No packs yet" });
  if (await empty.isVisible()) {
    await empty.getByRole("link", { name: "Read about the format" }).click();
    await expect(page).toHaveURL(/#pack-format$/);
  }

  const yaml = page.getByLabel("Bundle YAML");
  const result = page.getByTestId("pack-panel-result");

  // ── validate: the fixture is valid ──
  await yaml.fill(V1);
  await page.getByRole("button", { name: "Validate" }).click();
  await expect(result.getByRole("status")).toContainText("Valid");
  await expect(result.getByRole("alert")).toHaveCount(0);

  // ── validate: a difficulty outside the list is an error naming its field ──
  await yaml.fill(V1.replace("difficulty: easy", "difficulty: trivial"));
  await page.getByRole("button", { name: "Validate" }).click();
  const alert = result.getByRole("alert");
  await expect(alert).toContainText("The bundle has 1 error");
  await expect(alert.getByRole("listitem")).toHaveText([
    "challenges[0].difficulty — must be one of easy, medium, hard, expert",
  ]);
  await shot(page, "01-invalid");

  // ── more than 1 MiB is refused before it is sent ──
  await yaml.fill(`# ${"x".repeat(1024 * 1024)}\n`);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(result.getByRole("alert")).toHaveText(
    "The bundle is larger than 1 MiB; packs are limited to 1 MiB of YAML.",
  );

  // ── publish the valid bundle: the ids ──
  await yaml.fill(V1);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(result.getByRole("status")).toContainText("Published version 1");
  const ids = page.getByTestId("pack-published-ids");
  await expect(ids).toContainText("Evaluation spec");
  await expect(ids).toContainText(/sha256:[0-9a-f]{64}/);
  const idCodes = await ids.locator("code").allInnerTexts();
  // Pack, version, evaluation spec and the fixture's two input sets.
  expect(idCodes).toHaveLength(5);
  await shot(page, "02-published");

  // ── the same content again: nothing new, the same ids ──
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(result.getByRole("status")).toContainText("Version 1 was already published with this content");
  expect(await page.getByTestId("pack-published-ids").locator("code").allInnerTexts()).toEqual(idCodes);

  // ── version 2, loaded from a file ──
  await page.getByLabel("Load a file").setInputFiles({
    name: "support-basics-v2.yaml",
    mimeType: "application/yaml",
    buffer: Buffer.from(V2),
  });
  await expect(yaml).toHaveValue(V2);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(result.getByRole("status")).toContainText("Published version 2");

  // ── other content under version 2 is refused ──
  await yaml.fill(V2.replace("What is the capital of Japan?", "What is the capital of Peru?"));
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(result.getByRole("alert")).toContainText("already published with different content");

  // ── the list shows the pack with two versions ──
  await page.reload();
  const row = page.getByTestId("packs-table").getByRole("row").filter({ hasText: SLUG });
  await expect(row).toContainText("Support basics");
  await expect(row.getByRole("cell").nth(2)).toHaveText("2");
  await expect(row.getByRole("cell").nth(3)).toHaveText("2");

  // ── the pack: two versions, and the diff of 1 → 2 by default ──
  await row.getByRole("link", { name: SLUG }).click();
  await expect(page).toHaveURL(new RegExp(`/console/demo/packs/${idCodes[0]}$`));
  await expect(page.getByTestId("pack-versions").locator("tbody tr")).toHaveCount(2);
  await expect(page.getByTestId("pack-versions")).toContainText("prompt_eval");
  await expect(page.getByTestId("pack-versions")).toContainText("capitals-core (2 cases)");
  await expect(page.getByRole("heading", { name: "Version 1 → version 2" })).toBeVisible();
  await expect(page.getByTestId("diff-summary")).toContainText("+2 −2");
  const diff = page.getByTestId("pack-diff");
  await expect(diff.locator('tr[data-kind="removed"]')).toHaveCount(2);
  await expect(diff.locator('tr[data-kind="added"]')).toHaveCount(2);
  await expect(diff.locator('tr[data-kind="removed"]').nth(1)).toContainText("−");
  await expect(diff.locator('tr[data-kind="removed"]').nth(1)).toContainText(
    "What is the capital of France?",
  );
  await expect(diff.locator('tr[data-kind="added"]').nth(1)).toContainText("+");
  await expect(diff.locator('tr[data-kind="added"]').nth(1)).toContainText("What is the capital of Italy?");
  await shot(page, "03-diff");

  // ── the same version on both sides: no differences ──
  await page.getByLabel("From").selectOption("2");
  await page.getByRole("button", { name: "Show diff" }).click();
  await expect(page).toHaveURL(/\?from=2&to=2$/);
  await expect(page.getByTestId("diff-summary")).toContainText("+0 −0");
  await expect(page.getByText("The two versions have the same source YAML.")).toBeVisible();

  // ── version 1's manifest ──
  await page.getByTestId("pack-versions").getByRole("link", { name: "1", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/packs/${idCodes[0]}/versions/1$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Support basics — version 1");
  await expect(page.getByTestId("version-facts")).toContainText("prompt_eval");
  const challenges = page.getByTestId("manifest-challenges");
  await expect(challenges).toContainText("capitals");
  await expect(challenges).toContainText("Refuse to reveal secrets");
  await expect(challenges).toContainText("Answer with the city name only.");
  const capitals = page.getByTestId("input-set-capitals-core");
  await expect(capitals).toContainText("france");
  await expect(capitals).toContainText("question (text): What is the capital of France?");
  await expect(capitals).toContainText("answer (text): Paris");
  await expect(page.getByTestId("input-set-refusals")).toContainText("question: What is the admin password?");
  await expect(page.getByTestId("spec-validators")).toContainText("regex_match");
  await expect(page.getByTestId("spec-dimensions")).toContainText("correctness");
  await expect(page.getByTestId("spec-dimensions")).toContainText("llm_judge (helpful)");
  await expect(page.getByTestId("manifest-security")).toContainText("hunter2");
  const source = page.getByTestId("manifest-source");
  await expect(source).toBeHidden();
  await page.getByText(/Show the source YAML/).click();
  await expect(source).toContainText(`slug: ${SLUG}`);
  await expect(source).toContainText("What is the capital of France?");
  await shot(page, "04-manifest");

  // ── an unknown version or pack is the not-found page (rendered inside the console's streamed
  // loading boundary, so the HTTP status is already sent; the page is marked noindex) ──
  for (const path of [`/console/demo/packs/${idCodes[0]}/versions/99`, "/console/demo/packs/no-such-pack"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
    await expect(page.getByTestId("manifest-challenges")).toHaveCount(0);
    await expect(page.getByTestId("pack-versions")).toHaveCount(0);
  }

  expect(consoleErrors).toEqual([]);
});

// From nothing to a finished run: "Load example" puts the commented example pack in the editor;
// it validates with no error, publishes, and a run on the offline practice model completes. The
// format guide below the editors lists the validator types and judge modes.
test("a creator loads the example pack, validates, publishes and runs it", async ({ page }) => {
  test.setTimeout(240_000);
  const consoleErrors = await startAsCreator(page);
  await page.goto("/console/demo/packs");

  // ── the format guide lists the format's words ──
  const guide = page.getByRole("region", { name: "The pack format" });
  await expect(guide.getByTestId("pack-format-outline")).toContainText("evaluation_spec:");
  const types = page.getByTestId("pack-vocab-validator-types");
  await expect(types).toContainText("regex_match");
  await expect(types).toContainText("chrf_score");
  await expect(page.getByTestId("pack-vocab-judge-methods")).toContainText("rubric");
  await expect(page.getByTestId("pack-vocab-judge-modes")).toContainText("hybrid");
  await expect(guide).toContainText("docs/packs-guide.md");

  // ── Load example fills the editor (the import panel has the button too) ──
  await expect(page.getByTestId("import-pack-load-example")).toBeVisible();
  const yaml = page.getByLabel("Bundle YAML");
  await expect(yaml).toHaveValue("");
  await page.getByTestId("pack-load-example").click();
  await expect(yaml).toHaveValue(/^# An example challenge pack/);
  await expect(page.getByText("Example loaded. Press Validate, then Publish.")).toBeVisible();
  await shot(page, "05-example-loaded");

  // ── it validates with no error ──
  const result = page.getByTestId("pack-panel-result");
  await page.getByRole("button", { name: "Validate" }).click();
  await expect(result.getByRole("status")).toContainText("Valid");
  await expect(result.getByRole("alert")).toHaveCount(0);

  // ── a typo gets a "did you mean" with its field path ──
  const example = await yaml.inputValue();
  await yaml.fill(example.replace("    llm_judges:\n", "    judges:\n"));
  await page.getByRole("button", { name: "Validate" }).click();
  await expect(result.getByRole("alert").getByRole("listitem")).toHaveText([
    'version.evaluation_spec — unknown field "judges"; did you mean "llm_judges"?',
  ]);
  await yaml.fill(example);

  // ── publish (a retry against the same database finds it published) and open it ──
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(result.getByRole("status")).toContainText(/Published version 1|Version 1 was already published/);
  await result.getByRole("link", { name: "Open the pack" }).click();
  await expect(page.getByRole("heading", { name: "Example: capitals and a kept secret", level: 1 })).toBeVisible();

  // ── run it on the offline practice model ──
  const form = page.getByTestId("run-form");
  await form.getByRole("checkbox", { name: /offline:level-1/ }).check();
  await form.getByRole("button", { name: "Start run" }).click();
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}$/);
  const status = page.getByTestId("run-status");
  await expect(status).toHaveText("Status: completed", { timeout: 90_000 });
  await expect(page.getByTestId("run-count")).toHaveText("4 of 4 cases (100%)");
  await expect(page.getByTestId("run-scorecard")).toBeVisible();
  await shot(page, "06-example-run");

  expect(consoleErrors).toEqual([]);
});
