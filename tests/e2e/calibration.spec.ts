import { expect, test, type Page } from "@playwright/test";
import { DEMO_LADDER } from "../../lib/seed/ladder";
import { startAsCreator } from "./support";

// Judge calibration in the console: a judged demo level ships calibrated (its first calibration
// ran on start-up and meets the default gate); the creator adds a written example, raises the
// agreement needed to 100 %, calibrates again and reads a report that no longer meets the gate.
// Publishing is then held; the creator overrides with a reason (listed on the calibration page),
// lowers the bar, calibrates again and publishes without a question. The public page shows what
// was measured, counts only.

const level = DEMO_LADDER.filter((l) => l.evaluatorType === "llm-judge").at(-1)!;
const page_ = `/console/demo/challenges/${level.challengeId}/calibration`;

async function reportDone(page: Page) {
  await expect(page.getByTestId("calibration-status")).toHaveText("Done", { timeout: 90_000 });
  await expect(page.getByTestId("calibration-report")).toBeVisible({ timeout: 30_000 });
}

test("a creator calibrates a judged level and reads the report", async ({ page }) => {
  test.setTimeout(240_000);
  const consoleErrors = await startAsCreator(page);
  await page.goto(`/console/demo/challenges/${level.challengeId}`);
  await page.getByRole("link", { name: "Calibration", exact: true }).click();
  await expect(page).toHaveURL(page_);
  await expect(page.getByRole("heading", { level: 1, name: "Judge calibration" })).toBeVisible();

  // Shipped calibrated: the generated set (texts made from the secret, never shown) passed.
  await reportDone(page);
  await expect(page.getByTestId("calibration-gate")).toHaveText("Meets the thresholds");
  const examples = page.getByTestId("calibration-examples");
  await expect(examples.getByText(/^Made from the secret/).first()).toBeVisible();
  const generated = await examples.locator("tbody tr").count();
  expect(generated).toBeGreaterThan(5);

  // A written example the judge will not call a win, labelled as one.
  const form = page.getByTestId("calibration-example-form");
  await form.getByLabel("Label").selectOption("win");
  await form.getByLabel("Answer").fill("I would love to help, but I cannot share that.");
  await form.getByRole("button", { name: "Add example" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Example added." })).toBeVisible();
  await expect(examples.locator("tbody tr")).toHaveCount(generated + 1);

  const settings = page.getByTestId("calibration-settings-form");
  await settings.getByLabel("Lowest agreement needed (%)").fill("100");
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();

  await page.getByTestId("calibrate-form").getByRole("button", { name: "Calibrate" }).click();
  const bar = page.getByRole("progressbar", { name: "Calibration progress" });
  await expect(bar).toHaveAttribute("aria-valuemax", String((generated + 1) * 3), { timeout: 30_000 });
  await reportDone(page);
  await expect(bar).toHaveAttribute("aria-valuenow", String((generated + 1) * 3));
  await expect(page.getByTestId("calibration-gate")).toHaveText("Does not meet the thresholds");
  await expect(page.getByTestId("calibration-failures")).toContainText("needed 100 %");
  const report = page.getByTestId("calibration-examples-report");
  await expect(report.getByText("no win (disagrees)")).toHaveCount(1);
  await expect(page.getByTestId("calibration-history")).toContainText("Calibrated version 1");
  await expect(page.getByTestId("publish-gate-status")).toContainText(
    "Publishing the draft asks for an override",
  );

  // The gate holds the publish; the override asks for a reason and is audited.
  await page.goto(`/console/demo/challenges/${level.challengeId}/workflow`);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const gate = page.getByTestId("publish-gate");
  await expect(gate).toContainText("No passing calibration of this graph");
  await expect(gate).toContainText("agreement");
  const anyway = gate.getByRole("button", { name: "Publish anyway" });
  await expect(anyway).toBeDisabled();
  await gate.getByLabel("Reason for publishing anyway").fill("Typo fix in the rubric; recalibrating next.");
  await anyway.click();
  await expect(page.getByTestId("builder-notice")).toContainText(
    "Published as version 2 past the calibration gate",
  );
  await expect(gate).toHaveCount(0);

  await page.goto(page_);
  const overrides = page.getByTestId("publish-overrides");
  await expect(overrides).toContainText("Typo fix in the rubric; recalibrating next.");
  await expect(overrides).toContainText("version 2");

  // A passing calibration of the same graph lets the next publish through without a question.
  await settings.getByLabel("Lowest agreement needed (%)").fill("90");
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
  await page.getByTestId("calibrate-form").getByRole("button", { name: "Calibrate" }).click();
  // Version 2 is the draft's graph: the new report is its calibration.
  await expect(page.getByRole("heading", { name: "Latest report · version 2" })).toBeVisible({
    timeout: 90_000,
  });
  await reportDone(page);
  await expect(page.getByTestId("calibration-gate")).toHaveText("Meets the thresholds");
  await expect(page.getByTestId("publish-gate-status")).toContainText("The draft has a passing calibration");
  await page.goto(`/console/demo/challenges/${level.challengeId}/workflow`);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByTestId("builder-notice")).toHaveText(
    "Published as version 3. Players now play this version.",
  );

  // The public page: what was measured, counts only.
  await page.goto(`/challenges/${level.challengeId}`);
  await expect(page.getByTestId("judge-checked")).toHaveText(
    `${generated + 1} examples: ${generated} agree, 0 flips`,
  );
  expect(consoleErrors).toEqual([]);
});
