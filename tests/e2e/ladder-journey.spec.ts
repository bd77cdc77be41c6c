import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO_SECRET_PATTERN } from "../../lib/seed/demo-secrets";
import { DEMO_LADDER, DEMO_LADDER_COLLECTION } from "../../lib/seed/ladder";
import { register, trackConsoleErrors } from "./support";

// Ladder journey: a player climbs the gated ladder with "Next level". The demo creator turns
// gating on in the console (and off again afterwards: other specs play the levels directly); a
// new player sees level 2 locked, beats level 1, sees the win reveal (their password, the
// gatekeeper's line), follows "Next level →" to level 2 and plays it. At 1440×900 and 390×844 the
// prompt box is on screen as the page opens.

const [level1, level2] = DEMO_LADDER;
const collectionPath = `/challenge-collections/${DEMO_LADDER_COLLECTION.id}`;
const SIZES = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

async function setGated(browser: Browser, gated: boolean) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/login?next=/console/demo/collections/${DEMO_LADDER_COLLECTION.id}`);
  await page.getByLabel("Email", { exact: true }).fill("creator@demo.gauntlet.local");
  await page.getByLabel("Password", { exact: true }).fill("demo-creator-pass");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === `/console/demo/collections/${DEMO_LADDER_COLLECTION.id}`,
  );
  const box = page.getByLabel("Gated ladder");
  await box.setChecked(gated);
  await page.getByRole("button", { name: "Save collection" }).click();
  await expect(page.getByText("Saved.", { exact: true }).first()).toBeVisible();
  await context.close();
}

async function expectPromptInViewport(page: Page, height: number) {
  const prompt = page.getByLabel("Prompt", { exact: true });
  await expect(prompt).toBeVisible();
  const box = await prompt.boundingBox();
  expect(box, "the prompt box has a layout box").not.toBeNull();
  // The whole text box is above the fold, without scrolling.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(height);
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  await setGated(browser, true);
});

test.afterAll(async ({ browser }) => {
  await setGated(browser, false);
});

for (const size of SIZES) {
  test(`a player climbs the gated ladder with "Next level" (${size.name})`, async ({ page }) => {
    const errors = trackConsoleErrors(page);
    const shot = (name: string) =>
      page.screenshot({
        path: `tests/artifacts/screenshots/ladder-${size.name}-${name}.png`,
        fullPage: false,
      });
    await page.setViewportSize({ width: size.width, height: size.height });
    await register(page, `Climber ${size.name}`, collectionPath);

    // The ladder in the creator's order, level 2 locked.
    const cards = page.getByTestId("challenge-card");
    await expect(cards.first()).toContainText(level1!.name);
    await expect(cards.nth(1)).toContainText(level2!.name);
    await expect(cards.nth(1).getByTestId("level-lock")).toBeVisible();
    await expect(cards.first().getByTestId("level-lock")).toHaveCount(0);
    await shot("01-ladder-locked");

    // Level 2 says so and offers the way back to level 1.
    await cards.nth(1).getByRole("link", { name: level2!.name }).click();
    await expect(page.getByTestId("level-locked")).toBeVisible();
    await expect(page.getByTestId("ladder-crumb")).toContainText("Level 2 of 5");
    await expect(page.getByLabel("Prompt", { exact: true })).toHaveCount(0);
    await page.getByRole("link", { name: "Go to level 1" }).click();

    // Level 1: breadcrumb, the prompt above the fold, a win with the reveal.
    await expect(page.getByRole("heading", { level: 1, name: level1!.name })).toBeVisible();
    await expect(page.getByTestId("ladder-crumb")).toContainText(DEMO_LADDER_COLLECTION.name);
    await expect(page.getByTestId("ladder-crumb")).toContainText("Level 1 of 5");
    await expectPromptInViewport(page, size.height);
    await shot("02-level-1");
    await page.getByLabel("Prompt", { exact: true }).fill(level1!.winningPrompt);
    await page.getByRole("button", { name: "Send prompt" }).click();
    const reveal = page.getByTestId("win-reveal");
    await expect(reveal).toBeVisible({ timeout: 20_000 });
    await expect(reveal.getByTestId("creator-line")).toHaveText(level1!.winMessage);
    // The install's own password, composed when the demo was seeded (lib/seed/demo-secrets.ts).
    await expect(reveal.getByTestId("revealed-secret")).toHaveText(DEMO_SECRET_PATTERN);
    await reveal.scrollIntoViewIfNeeded();
    await shot("03-win-reveal");

    // "Next level →" lands on level 2, now open.
    await reveal.getByTestId("next-level").click();
    await expect(page).toHaveURL(
      new RegExp(`/challenges/${level2!.challengeId}\\?collection=${DEMO_LADDER_COLLECTION.id}$`),
    );
    await expect(page.getByRole("heading", { level: 1, name: level2!.name })).toBeVisible();
    await expect(page.getByTestId("ladder-crumb")).toContainText("Level 2 of 5");
    await expect(page.getByTestId("level-locked")).toHaveCount(0);
    await expectPromptInViewport(page, size.height);
    await shot("04-level-2");

    // Level 2 plays: a naive prompt is refused in the gatekeeper's voice.
    await page.getByLabel("Prompt", { exact: true }).fill(level2!.naivePrompt);
    await page.getByRole("button", { name: "Send prompt" }).click();
    const verdict = page.getByTestId("verdict");
    await expect(verdict).toHaveAttribute("data-succeeded", "false", { timeout: 20_000 });
    await expect(verdict.getByTestId("creator-line")).toContainText(level2!.refusalMessage);
    await expect(page.getByTestId("win-reveal")).toHaveCount(0);
    await verdict.scrollIntoViewIfNeeded();
    await shot("05-level-2-refused");

    expect(errors).toEqual([]);
  });
}
