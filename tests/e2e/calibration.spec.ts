import { expect, test, type Page } from "@playwright/test";
import { DEMO_LADDER } from "../../lib/seed/ladder";
import { startAsCreator } from "./support";

// Judge calibration in the console: a judged demo level ships calibrated (its first calibration
// ran on start-up and meets the default gate); the creator adds a written example, raises the
// agreement needed to 100 %, calibrates again, watches the progress bar finish and reads a report
// that no longer meets the gate; the public page shows what was measured, counts only.

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
  await expect(page.getByTestId("calibration-history")).toContainText("Version 1");

  // The public page: what was measured, counts only.
  await page.goto(`/challenges/${level.challengeId}`);
  await expect(page.getByTestId("judge-checked")).toHaveText(
    `${generated + 1} examples: ${generated} agree, 0 flips`,
  );
  expect(consoleErrors).toEqual([]);
});
