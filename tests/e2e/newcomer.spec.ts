import { expect, test, type Page } from "@playwright/test";
import { DEMO_LADDER_WALKTHROUGH } from "../../lib/seed/ladder";
import { contrastRatio, parseCssColor } from "../../lib/theme/color";
import { logInAsCreator, SECRET_PROMPT_GRAPH, trackConsoleErrors } from "./support";

// What a newcomer hit: long challenge names scrolled `/` and `/challenges` sideways
// on a phone; themed ladder levels showed instructions at 1.0–1.2:1; the builder named outputs the
// validator refuses and dropped unsaved changes without a word.

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `tests/artifacts/screenshots/newcomer-${name}.png`, fullPage: true });

/** How far the page scrolls sideways (0 when it fits the viewport). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("long challenge names do not make / and /challenges scroll sideways at 390 px", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const errors = trackConsoleErrors(page);
  await logInAsCreator(page);
  const api = { headers: { origin: new URL(baseURL!).origin, "x-workspace-id": "demo" } };
  // One unbroken 110-character word: nothing to wrap at.
  const name = `Supercalifragilistic${"Gatekeeper".repeat(8)}${Date.now()}`.slice(0, 110);
  const created = await page.request.post("/console/api/challenges", {
    ...api,
    data: { name, goal: "Make the gatekeeper say the password.", secret: "LONGNAME-42" },
  });
  expect(created.status()).toBe(201);
  const challenge = (await created.json()).challenge as { id: string; workflow_id: string };
  expect((await page.request.put(`/console/api/workflows/${challenge.workflow_id}/draft`, { ...api, data: { graph: SECRET_PROMPT_GRAPH } })).status()).toBe(200);
  expect((await page.request.post(`/console/api/workflows/${challenge.workflow_id}/publish`, api)).status()).toBeLessThan(300);
  // A public collection of its own puts it first on the landing page (collections in their order).
  const collection = await page.request.post("/console/api/challenge-collections", {
    ...api,
    data: { name: `Collection${"Unbroken".repeat(12)}`.slice(0, 110), scoring_strategy: "sum", challenge_ids: [challenge.id] },
  });
  expect(collection.status()).toBe(201);

  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/", "/challenges"]) {
    await page.goto(path);
    const card = page.getByTestId("challenge-card").filter({ hasText: name });
    await expect(card).toBeVisible();
    expect(await sidewaysScroll(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    // The card stays inside the viewport.
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await shot(page, path === "/" ? "01-landing-390" : "02-challenges-390");
  }
  await page.goto(`/challenges/${challenge.id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
});

test("themed ladder levels keep their text readable in light and dark mode", async ({ page }) => {
  for (const { level, scheme } of [
    { level: 1, scheme: "dark" },
    { level: 4, scheme: "light" },
    { level: 5, scheme: "light" },
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`/challenges/${DEMO_LADDER_WALKTHROUGH[level - 1]!.challengeId}`);
    const panel = page.getByRole("region", { name: "Instructions" });
    await expect(panel).toBeVisible();
    const [fg, bg] = await panel.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
    const ratio = contrastRatio(parseCssColor(fg)!, parseCssColor(bg)!);
    expect(ratio, `level ${level} in ${scheme} mode: ${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    // The accent button keeps its on-accent text colour (the demo ladder lets visitors play as
    // guests, so it is the play panel's send button).
    const button = page.getByRole("button", { name: "Send prompt" });
    const [bfg, bbg] = await button.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
    expect(contrastRatio(parseCssColor(bfg)!, parseCssColor(bbg)!), `level ${level} button: ${bfg} on ${bbg}`).toBeGreaterThanOrEqual(4.5);
    await shot(page, `03-level-${level}-${scheme}`);
  }
});

test("the builder offers the real variables and asks before unsaved changes are lost", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1600, height: 1100 });
  await logInAsCreator(page);
  const api = { headers: { origin: new URL(baseURL!).origin, "x-workspace-id": "demo" } };
  const created = await page.request.post("/console/api/challenges", {
    ...api,
    data: { name: `Newcomer builder ${Date.now()}`, goal: "Make the gatekeeper say the password.", secret: "PICKER-7" },
  });
  const challenge = (await created.json()).challenge as { id: string; workflow_id: string };
  expect((await page.request.put(`/console/api/workflows/${challenge.workflow_id}/draft`, { ...api, data: { graph: SECRET_PROMPT_GRAPH } })).status()).toBe(200);

  await page.goto(`/console/demo/challenges/${challenge.id}/workflow`);
  await expect(page.getByTestId("save-status")).toContainText("Draft saved");
  await page.getByTestId("node-llm").click({ position: { x: 30, y: 12 } });
  const panel = page.getByTestId("config-panel");
  await expect(panel).toHaveAttribute("data-node-id", "llm");
  // The real output names, never {{llm.output}}.
  await expect(panel.getByTestId("output-refs")).toHaveText("Nodes after this one use its outputs as {{llm.text}}, {{llm.tokens}}, {{llm.finish_reason}}.");
  const picker = panel.getByTestId("variable-picker").first();
  await expect(picker.locator("button")).toHaveText(["{{prompt}}", "{{start.prompt}}", "{{secret}}"]);

  // Inserting a reference at the end of the system prompt: the graph stays valid.
  const system = panel.getByLabel("System prompt", { exact: true });
  await system.fill("You are helpful. Said: ");
  await picker.getByRole("button", { name: /^Insert \{\{start\.prompt\}\}/ }).click();
  await expect(system).toHaveValue("You are helpful. Said: {{start.prompt}}");
  await expect(page.getByTestId("issues-list").getByRole("heading", { level: 2 })).toHaveText("No issues");
  // No model sees {{secret}} any more: a warning, and publishing is still possible.
  await expect(page.getByTestId("warnings-list")).toContainText("No LLM or Template node uses {{secret}}");
  await expect(page.getByRole("button", { name: "Publish" })).toBeEnabled();
  await expect(page.getByTestId("save-status")).toContainText("Unsaved changes");
  await shot(page, "04-builder-picker");

  // Following a link asks first; cancelling keeps the page and the edit.
  const dialogs: string[] = [];
  page.once("dialog", (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  await page.getByRole("link", { name: "Back to the challenge" }).click();
  await expect.poll(() => dialogs.length).toBe(1);
  expect(dialogs[0]).toMatch(/^confirm: This workflow has unsaved changes/);
  await expect(page).toHaveURL(/\/workflow$/);
  await expect(system).toHaveValue("You are helpful. Said: {{start.prompt}}");

  // Closing the tab asks too (beforeunload).
  const beforeUnload = new Promise<string>((resolve) => page.once("dialog", (d) => {
    resolve(d.type());
    void d.dismiss();
  }));
  await page.close({ runBeforeUnload: true });
  expect(await beforeUnload).toBe("beforeunload");
});

test("after saving, leaving the builder asks nothing", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1600, height: 1100 });
  await logInAsCreator(page);
  const api = { headers: { origin: new URL(baseURL!).origin, "x-workspace-id": "demo" } };
  const created = await page.request.post("/console/api/challenges", {
    ...api,
    data: { name: `Newcomer saved ${Date.now()}`, goal: "Make the gatekeeper say the password.", secret: "SAVED-9" },
  });
  const challenge = (await created.json()).challenge as { id: string; workflow_id: string };
  await page.request.put(`/console/api/workflows/${challenge.workflow_id}/draft`, { ...api, data: { graph: SECRET_PROMPT_GRAPH } });
  await page.goto(`/console/demo/challenges/${challenge.id}/workflow`);
  await page.getByTestId("node-llm").click({ position: { x: 30, y: 12 } });
  await page.getByTestId("config-panel").getByLabel("Label", { exact: true }).fill("Gatekeeper");
  await expect(page.getByTestId("save-status")).toContainText("Unsaved changes");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByTestId("save-status")).toContainText("Draft saved");
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.type());
    void d.accept();
  });
  await page.getByRole("link", { name: "Back to the challenge" }).click();
  await expect(page).toHaveURL(new RegExp(`/console/demo/challenges/${challenge.id}$`));
  expect(dialogs).toEqual([]);
});
