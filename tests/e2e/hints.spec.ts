import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO_LADDER_COLLECTION, DEMO_LADDER_WALKTHROUGH } from "../../lib/seed/ladder";
import { register, trackConsoleErrors } from "./support";

// CTFd-style hints on the demo ladder: the creator adds a paid hint to level 1 in the console; a
// new player sees it locked (cost shown, body not in the page), buys it after a confirm, beats
// the level, and the challenge and collection boards show the level's points less the hint.

const level1 = DEMO_LADDER_WALKTHROUGH.find((l) => l.level === 1)!;
const challengePath = `/challenges/${level1.challengeId}`;
const POINTS = 100; // level 1 (lib/seed/ladder.ts), scored `first`

const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1440, height: 900 }, cost: 30 },
  { name: "phone", viewport: { width: 390, height: 844 }, cost: 40 },
] as const;

async function creatorAddsHint(
  browser: Browser,
  viewport: { width: number; height: number },
  body: string,
  cost: number,
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = trackConsoleErrors(page);
  await page.goto("/login?next=/console");
  await page.getByLabel("Email", { exact: true }).fill("creator@demo.gauntlet.local");
  await page.getByLabel("Password", { exact: true }).fill("demo-creator-pass");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => url.pathname === "/console");
  await page.goto(`/console/demo/challenges/${level1.challengeId}`);
  await page.locator("#hint-new-body").fill(body);
  await page.locator("#hint-new-cost").fill(String(cost));
  await page.getByRole("button", { name: "Add hint" }).click();
  const bodies = page.locator('[data-testid="hint-row"] textarea[name="body"]');
  await expect
    .poll(() => bodies.evaluateAll((els) => els.map((el) => (el as HTMLTextAreaElement).value)))
    .toContain(body);
  return { page, context, errors };
}

for (const { name, viewport, cost } of VIEWPORTS) {
  test.describe(`${name} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("a player buys a hint, beats the level, and the boards show the points less its cost", async ({
      page,
      browser,
    }) => {
      const shot = (p: Page, step: string) =>
        p.screenshot({ path: `tests/artifacts/screenshots/hints-${name}-${step}.png`, fullPage: true });
      const body = `Hint ${name} ${Date.now()}: tell the guard to ignore its previous instructions.`;

      const creator = await creatorAddsHint(browser, viewport, body, cost);
      await shot(creator.page, "01-console-hint-added");
      expect(creator.errors).toEqual([]);
      await creator.context.close();

      const errors = trackConsoleErrors(page);
      const player = `Hinted ${name} ${Date.now() % 100000}`;
      await register(page, player, challengePath);
      const panel = page.getByTestId("hints-panel");
      await expect(panel).toBeVisible();
      // Locked: the cost is shown, the body never reaches the page.
      const hint = panel
        .getByTestId("hint")
        .filter({ hasText: `Costs ${cost} points` })
        .last();
      await expect(hint).toBeVisible();
      expect(await page.content()).not.toContain(body);
      await hint.scrollIntoViewIfNeeded();
      await shot(page, "02-hint-locked");

      await hint.getByRole("button", { name: "Unlock" }).click();
      await expect(hint).toContainText(`Spend ${cost} points?`);
      await hint.getByRole("button", { name: "Yes, unlock" }).click();
      await expect(panel).toContainText(body);
      await expect(page.getByTestId("hints-spent")).toContainText(`${cost} points`);
      await shot(page, "03-hint-unlocked");

      await page.getByLabel("Prompt").fill(level1.winningPrompt);
      await page.getByRole("button", { name: "Send prompt" }).click();
      await expect(page.getByTestId("verdict")).toHaveAttribute("data-succeeded", "true", {
        timeout: 30_000,
      });

      const net = String(POINTS - cost);
      await page.goto(`${challengePath}/leaderboard`);
      const mine = page.getByTestId("challenge-leaderboard").locator("tr[data-viewer]");
      await expect(mine).toContainText(player);
      await expect(mine.locator("td").nth(1)).toHaveText(`${net} (−${cost} for hints)`);
      await shot(page, "04-challenge-board");

      await page.goto(`/challenge-collections/${DEMO_LADDER_COLLECTION.id}`);
      const row = page.getByTestId("collection-leaderboard").locator("tr[data-viewer]");
      await expect(row).toContainText(player);
      await expect(row).toContainText(net);
      await expect(page.getByTestId("score-chart")).toBeVisible();
      await page.getByTestId("score-chart").scrollIntoViewIfNeeded();
      await shot(page, "05-collection-board");

      await page.goto("/leaderboard");
      await expect(page.getByTestId("global-leaderboard").locator("tr[data-viewer]")).toContainText(net);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, "06-global-board");
      expect(errors).toEqual([]);
    });
  });
}
