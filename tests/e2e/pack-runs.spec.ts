import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { startAsCreator } from "./support";

// Pack runs in the console: the demo creator publishes the eval-trio pack (3 input sets, 21
// cases), is refused a run without a model, runs it on offline:level-1 from the pack page and
// watches the progress bar reach 21 of 21 (the app's in-process job worker runs the cases), reads
// the scorecard, a case's validators and judges, downloads the CSV, runs the capitals input set
// on offline:level-2, and compares the two runs — with no browser console errors, and the run
// page fitting a 390 px wide screen.

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: `tests/artifacts/screenshots/pack-runs-${name}.png`,
    fullPage: true,
    caret: "initial",
  });

const FIXTURE = readFileSync("tests/fixtures/packs/eval-trio.yaml", "utf8");
// Slugs of this run's own, so a retry against the same database starts with no runs.
const SLUG = `eval-trio-${Date.now()}`;

/** Publishes the eval-trio fixture under `slug` from the console and opens the pack; answers its path. */
async function publishAndOpen(page: Page, slug: string): Promise<string> {
  await page.goto("/console/demo/packs");
  await page.getByLabel("Bundle YAML").fill(FIXTURE.replace("slug: eval-trio", `slug: ${slug}`));
  await page.getByRole("button", { name: "Publish" }).click();
  const result = page.getByTestId("pack-panel-result");
  await expect(result.getByRole("status")).toContainText("Published version 1");
  await result.getByRole("link", { name: "Open the pack" }).click();
  await expect(page.getByRole("heading", { name: "Eval trio", level: 1 })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** Watches a run page until the run completes; answers how many times the page polled the run. */
async function watchRun(page: Page, total: number) {
  const runId = /\/runs\/([^/?#]+)$/.exec(new URL(page.url()).pathname)?.[1] ?? "";
  expect(runId).not.toBe("");
  let polls = 0;
  page.on("request", (req) => {
    if (new URL(req.url()).pathname === `/console/api/pack-runs/${runId}`) polls += 1;
  });
  const bar = page.getByRole("progressbar", { name: "Run progress" });
  await expect(bar).toHaveAttribute("aria-valuemin", "0");
  await expect(bar).toHaveAttribute("aria-valuemax", String(total));
  const status = page.getByTestId("run-status");
  const first = (await status.textContent()) ?? "";
  await expect(bar).toHaveAttribute("aria-valuenow", String(total), { timeout: 90_000 });
  await expect(status).toHaveText("Status: completed", { timeout: 30_000 });
  await expect(page.getByTestId("run-count")).toHaveText(`${total} of ${total} cases (100%)`);
  // A page that opened on an unfinished run reached completion by polling the run every second.
  if (first !== "Status: completed") expect(polls).toBeGreaterThan(0);
  // The run page re-rendered with the scorecard once the run finished.
  await expect(page.getByTestId("run-scorecard")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel run" })).toHaveCount(0);
  return runId;
}

test("a creator runs a challenge pack on offline models and compares two runs", async ({ page }) => {
  test.setTimeout(240_000);
  const consoleErrors = await startAsCreator(page);

  // ── publish the eval-trio pack from the console and open it ──
  const packUrl = await publishAndOpen(page, SLUG);

  // ── no runs yet: the empty state ──
  await expect(page.getByRole("region", { name: "No runs yet" })).toBeVisible();
  const form = page.getByTestId("run-form");
  await expect(form.getByLabel("Version")).toHaveValue("1");
  await expect(form.getByLabel("Input set")).toHaveValue("");
  await expect(form.getByLabel("Input set").locator("option")).toHaveText([
    "All input sets",
    "Arithmetic (7 cases)",
    "Capitals (8 cases)",
    "Refusals (6 cases)",
  ]);
  await expect(
    form.getByRole("group", { name: "Offline practice models" }).getByRole("checkbox"),
  ).toHaveCount(6);

  // ── refused: no model, then a concurrency out of range ──
  await form.getByRole("button", { name: "Start run" }).click();
  await expect(page.getByTestId("run-form-status").getByRole("alert")).toHaveText(
    "Choose at least one model.",
  );
  // The models' fieldset names its error too.
  await expect(form.locator("#run-models-error")).toHaveText("Choose at least one model.");
  await expect(form.getByRole("group", { name: "Models", exact: true })).toHaveAccessibleDescription(
    /Choose at least one model\.$/,
  );
  await form.getByRole("checkbox", { name: /offline:level-1/ }).check();
  await form.getByLabel("Concurrency").fill("500");
  await form.getByRole("button", { name: "Start run" }).click();
  await expect(page.getByTestId("run-form-status").getByRole("alert")).toBeVisible();
  await expect(form.locator("#run-concurrency-error")).toHaveText(
    "Error: Concurrency must be a whole number from 1 to 64.",
  );
  await expect(page).toHaveURL((url) => url.pathname === packUrl);
  await shot(page, "01-form-errors");

  // ── run 1: every input set on offline:level-1 ──
  await form.getByLabel("Concurrency").fill("4");
  await expect(form.getByRole("checkbox", { name: /offline:level-1/ })).toBeChecked();
  await form.getByRole("button", { name: "Start run" }).click();
  await expect(page).toHaveURL(new RegExp(`${packUrl}/runs/[0-9a-f-]{36}$`));
  await expect(page.getByRole("heading", { name: "Run of Eval trio", level: 1 })).toBeVisible();
  await expect(page.getByTestId("run-facts")).toContainText("offline:level-1");
  const run1 = await watchRun(page, 21);

  // The scorecard: one model, its pass rate and the pack's two dimensions.
  const card = page.getByTestId("scorecard-model");
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("heading")).toHaveText("offline:level-1");
  await expect(card.locator('[data-stat="pass-rate"] dd')).toHaveText(/^\d{1,3}%$/);
  await expect(card.locator('[data-stat="mean-overall"] dd')).toHaveText(/^[01]\.\d\d$/);
  await expect(card.locator('[data-stat="needs-sandbox"] dd')).toHaveText("0");
  const dims = card.getByTestId("scorecard-dimensions");
  await expect(dims.locator("tbody th")).toHaveText(["accuracy", "quality"]);
  const passedText = (await page.getByTestId("run-progress").textContent()) ?? "";
  const passed = Number(/(\d+) passed/.exec(passedText)?.[1] ?? "-1");
  expect(passed).toBeGreaterThanOrEqual(0);
  expect(passed).toBeLessThanOrEqual(21);
  await expect(card).toContainText(`${passed} of 21 cases passed`);
  await expect(card.locator('[data-stat="pass-rate"] dd')).toHaveText(`${Math.round((passed / 21) * 100)}%`);

  // The cases: 20 on the first page, the 21st on the next; a case opens to its details.
  await expect(page.getByTestId("cases-range")).toHaveText("Cases 1–20 of 21");
  const cases = page.getByTestId("run-case");
  await expect(cases).toHaveCount(20);
  await expect(cases.first()).toContainText("capitals / france");
  await cases.first().locator(":scope > summary").click();
  await expect(cases.first().getByTestId("case-input")).toHaveText("What is the capital of France?");
  await expect(cases.first().getByTestId("case-validators").locator("tbody th")).toHaveText([
    "exact",
    "mentions",
    "shape",
  ]);
  await expect(cases.first().getByTestId("case-judge-helpful")).toContainText("gpt-4o-mini");
  await expect(cases.first().getByTestId("case-judge-helpful")).toContainText("gpt-4.1-mini");
  await shot(page, "02-run-completed");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("cases-range")).toHaveText("Cases 21–21 of 21");
  await expect(cases).toHaveCount(1);
  // Filtered by status: exactly the passed cases.
  await page.getByLabel("Status", { exact: true }).selectOption("passed");
  if (passed > 0) {
    await expect(page.getByTestId("cases-range")).toHaveText(`Cases 1–${Math.min(passed, 20)} of ${passed}`);
    expect(
      await cases.evaluateAll((els) => els.every((e) => e.getAttribute("data-status") === "passed")),
    ).toBe(true);
  } else {
    await expect(page.getByText("No cases match these filters.")).toBeVisible();
  }

  // The CSV export: a header row and one row per case.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${SLUG}-v1-run-${run1}.csv`);
  const csv = readFileSync(await download.path(), "utf8")
    .replace(/\r\n$/, "")
    .split("\r\n");
  expect(csv).toHaveLength(22);
  expect(csv[0]).toMatch(/^ordinal,model,kind,input_set,challenge_key,case_key,status,/);
  expect(csv[1]).toMatch(/^0,offline:level-1,case,capitals,capitals,france,/);

  // At 390 px the run page scrolls vertically only.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("progressbar", { name: "Run progress" })).toHaveAttribute(
    "aria-valuenow",
    "21",
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "03-run-mobile");
  await page.setViewportSize({ width: 1280, height: 720 });

  // ── the pack lists the run ──
  await page.goto(packUrl);
  const runsTable = page.getByTestId("pack-runs");
  await expect(runsTable.locator("tbody tr")).toHaveCount(1);
  const row1 = runsTable.locator(`tr[data-run-id="${run1}"]`);
  await expect(row1).toContainText("completed");
  await expect(row1).toContainText("21 / 21");
  await expect(row1).toContainText(`offline:level-1: ${Math.round((passed / 21) * 100)}%`);
  await expect(page.getByText("Start a second run to compare two runs.")).toBeVisible();

  // ── run 2: the capitals input set on offline:level-2 ──
  await form.getByLabel("Input set").selectOption("capitals");
  await form.getByRole("checkbox", { name: /offline:level-2/ }).check();
  await form.getByRole("button", { name: "Start run" }).click();
  await expect(page).toHaveURL(new RegExp(`${packUrl}/runs/[0-9a-f-]{36}$`));
  await expect(page.getByTestId("run-facts")).toContainText("capitals");
  const run2 = await watchRun(page, 8);
  expect(run2).not.toBe(run1);
  await expect(page.getByTestId("cases-range")).toHaveText("Cases 1–8 of 8");

  // ── compare run 1 (A) with run 2 (B) from the pack page ──
  await page.goto(packUrl);
  await expect(runsTable.locator("tbody tr")).toHaveCount(2);
  await expect(page.getByLabel("Run A")).toHaveValue(run1);
  await expect(page.getByLabel("Run B")).toHaveValue(run2);
  await page.getByRole("button", { name: "Compare" }).click();
  await expect(page).toHaveURL(new RegExp(`${packUrl}/runs/compare\\?a=${run1}&b=${run2}$`));
  await expect(page.getByRole("heading", { name: "Compare two runs", level: 1 })).toBeVisible();
  await expect(page.getByTestId("compare-heading")).toContainText("A: offline:level-1 · v1 · all input sets");
  await expect(page.getByTestId("compare-heading")).toContainText("B: offline:level-2 · v1 · capitals");
  const dimTable = page.getByTestId("compare-dimensions");
  await expect(dimTable.locator("tbody th")).toHaveText(["pass rate", "accuracy", "quality"]);
  await expect(dimTable.locator("tbody tr").first().locator("td").nth(0)).toHaveText(
    `${Math.round((passed / 21) * 100)}%`,
  );
  await expect(dimTable.getByTestId("delta-accuracy")).toHaveText(/^(\+|−)?\d\.\d\d$/);

  // Every case of either run; the 13 cases run 2 did not run are changed.
  const caseRows = page.getByTestId("compare-cases").locator("tbody tr");
  await expect(caseRows).toHaveCount(21);
  await expect(caseRows.filter({ hasText: "arithmetic / add" })).toContainText("not run");
  await expect(caseRows.filter({ hasText: "arithmetic / add" })).toHaveAttribute("data-changed", "true");
  const changedText = (await page.getByTestId("compare-changed-count").textContent()) ?? "";
  const changed = Number(/^(\d+) of 21 cases changed$/.exec(changedText)?.[1] ?? "-1");
  expect(changed).toBeGreaterThanOrEqual(13);
  await shot(page, "04-compare");
  await page.getByLabel("Changed only").check();
  await expect(caseRows).toHaveCount(changed);
  expect(
    await caseRows.evaluateAll((rows) => rows.every((r) => r.getAttribute("data-changed") === "true")),
  ).toBe(true);

  // The compare page and the pack page (form and runs) fit a 390 px wide screen too.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [new URL(page.url()).pathname + new URL(page.url()).search, packUrl]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
  await shot(page, "05-pack-mobile");

  expect(consoleErrors).toEqual([]);
});

// A run on a workspace provider nothing listens for (127.0.0.1:9, which the e2e server's outbound
// allow-list admits): each case fails after the run's one retry half a second later, so at
// concurrency 1 the 21 cases take about 15 s — the creator reads the ETA and cancels well before
// the end. The provider is deleted again afterwards.
test("a creator follows a slow run's ETA and cancels it", async ({ page }) => {
  test.setTimeout(180_000);
  const consoleErrors = await startAsCreator(page);
  const provider = `runs-e2e-${Date.now()}`;
  await page.goto("/console/demo/providers");
  await page.getByLabel("Name", { exact: true }).fill(provider);
  await page.getByLabel("Base URL").fill("http://127.0.0.1:9/v1");
  await page.getByLabel("Models").fill("tiny-model");
  await page.getByRole("button", { name: "Add provider" }).click();
  const providerRow = page.getByTestId("providers-table").getByRole("row", { name: new RegExp(provider) });
  await expect(providerRow).toBeVisible();

  try {
    const packUrl = await publishAndOpen(page, `eval-trio-slow-${Date.now()}`);
    const form = page.getByTestId("run-form");
    // The workspace's provider is offered with its model, beside a free model-id field.
    const group = form.getByRole("group", { name: `Provider ${provider}` });
    await expect(group.getByRole("checkbox")).toHaveCount(1);
    await expect(group.getByLabel(`Another model id for ${provider}`)).toBeVisible();
    // A malformed model id is the service's refusal, shown as the form's message.
    await group.getByLabel(`Another model id for ${provider}`).fill("tiny model");
    await form.getByRole("button", { name: "Start run" }).click();
    await expect(page.getByTestId("run-form-status").getByRole("alert")).toHaveText(
      `models: Invalid model reference "provider:${provider}/tiny model": the model id must not contain spaces`,
    );
    await expect(page).toHaveURL((url) => url.pathname === packUrl);
    await group.getByLabel(`Another model id for ${provider}`).fill("");
    await group.getByRole("checkbox", { name: `provider:${provider}/tiny-model` }).check();
    await form.getByLabel("Concurrency").fill("1");
    await form.getByRole("button", { name: "Start run" }).click();
    await expect(page).toHaveURL(new RegExp(`${packUrl}/runs/[0-9a-f-]{36}$`));

    const bar = page.getByRole("progressbar", { name: "Run progress" });
    await expect(bar).toHaveAttribute("aria-valuemax", "21");
    await expect(page.getByTestId("run-status")).toHaveText(/^Status: (queued|running)$/);
    // Once a case is in, the ETA reads "about N s left" (or minutes).
    await expect(page.getByTestId("run-eta")).toHaveText(/^about \d+ (s|min) left$/, { timeout: 60_000 });
    const done = Number(await bar.getAttribute("aria-valuenow"));
    expect(done).toBeGreaterThanOrEqual(1);
    expect(done).toBeLessThan(21);
    await shot(page, "06-running");

    await page.getByRole("button", { name: "Cancel run" }).click();
    await expect(page.getByTestId("run-status")).toHaveText("Status: cancelled");
    await expect(page.getByRole("button", { name: "Cancel run" })).toHaveCount(0);
    const after = Number(await bar.getAttribute("aria-valuenow"));
    expect(after).toBeLessThan(21);
    // The cancelled run's scorecard and its cases: the ones never started are cancelled.
    await expect(page.getByTestId("run-scorecard")).toBeVisible();
    await page.getByLabel("Status", { exact: true }).selectOption("cancelled");
    await expect(page.getByTestId("cases-range")).toHaveText(/^Cases 1–\d+ of \d+$/);
    expect(
      await page
        .getByTestId("run-case")
        .evaluateAll(
          (els) => els.length > 0 && els.every((e) => e.getAttribute("data-status") === "cancelled"),
        ),
    ).toBe(true);
    await page.goto(packUrl);
    await expect(page.getByTestId("pack-runs").locator("tbody tr")).toHaveCount(1);
    await expect(page.getByTestId("pack-runs").locator("tbody tr")).toContainText("cancelled");
  } finally {
    await page.goto("/console/demo/providers");
    await providerRow.getByRole("button", { name: "Delete" }).click();
    await providerRow.getByRole("button", { name: "Yes, delete" }).click();
    await expect(providerRow).toHaveCount(0);
  }
  expect(consoleErrors).toEqual([]);
});
