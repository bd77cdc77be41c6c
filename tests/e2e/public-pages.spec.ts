import { expect, test, type Page } from "@playwright/test";
import { DEMO_LADDER_COLLECTION, DEMO_LADDER_WALKTHROUGH } from "../../lib/seed/ladder";
import { register, trackConsoleErrors } from "./support";

// Every public page at phone width (390×844): no horizontal scroll of the page (wide content
// scrolls inside its own box) and no console errors. And keyboard-only play at desktop and phone
// sizes: Tab to the prompt box, type, send with Enter, see the verdict.

const level1 = DEMO_LADDER_WALKTHROUGH.find((l) => l.level === 1)!;
const challengePath = `/challenges/${level1.challengeId}`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `tests/artifacts/screenshots/public-${name}.png`, fullPage: false });

async function playWithKeyboard(page: Page, label: string) {
  const errors = trackConsoleErrors(page);
  await register(page, `Keys ${label} ${Date.now() % 100000}`, challengePath);
  await page.locator("body").click({ position: { x: 1, y: 1 } });
  let focused = "";
  for (let i = 0; i < 80 && focused !== "TEXTAREA"; i++) {
    await page.keyboard.press("Tab");
    focused = await page.evaluate(() => document.activeElement?.tagName ?? "");
  }
  await expect(page.getByLabel("Prompt")).toBeFocused();
  await page.keyboard.type(level1.winningPrompt);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-succeeded", "true", { timeout: 30_000 });
  await page.getByTestId("verdict").scrollIntoViewIfNeeded();
  await shot(page, `keyboard-play-${label}`);
  expect(errors).toEqual([]);
}

test("keyboard-only play at 1440×900", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await playWithKeyboard(page, "desktop");
});

test("keyboard-only play at 390×844", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await playWithKeyboard(page, "phone");
});

test("every public page fits 390 px without horizontal scroll or console errors", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const errors = trackConsoleErrors(page);

  // A player page: whoever leads level 1's board (the keyboard tests above put someone there).
  await page.goto(`${challengePath}/leaderboard`);
  const playerHref = await page.locator('a[href^="/players/"]').first().getAttribute("href");
  expect(playerHref).toBeTruthy();
  // The demo red-vs-blue challenge, as its listing links it.
  await page.goto("/red-blue");
  const redBlueHref = await page.locator('a[href^="/red-blue/"]').first().getAttribute("href");
  expect(redBlueHref).toBeTruthy();

  const pages = [
    "/",
    "/challenges",
    challengePath,
    `${challengePath}/leaderboard`,
    "/challenge-collections",
    `/challenge-collections/${DEMO_LADDER_COLLECTION.id}`,
    "/red-blue",
    redBlueHref!,
    "/arena",
    "/arena/agents",
    "/arena/leaderboard",
    "/arena/leaderboard/psi",
    playerHref!,
    "/docs/api",
    "/docs/promptfoo",
    "/login",
    "/register",
  ];
  const overflowing: string[] = [];
  for (const path of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(400);
    await page.waitForLoadState("load");
    const { scrollWidth, innerWidth, culprit } = await page.evaluate(() => {
      const width = window.innerWidth;
      // The widest element sticking out past the viewport, to name in a failure.
      let worst = "";
      let worstRight = width;
      for (const el of document.querySelectorAll("body *")) {
        const r = el.getBoundingClientRect();
        if (r.right > worstRight + 0.5 && getComputedStyle(el).position !== "fixed") {
          worstRight = r.right;
          worst = `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} (${Math.round(r.right)}px)`;
        }
      }
      return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, culprit: worst };
    });
    if (scrollWidth > innerWidth) overflowing.push(`${path}: ${scrollWidth}px > ${innerWidth}px; ${culprit}`);
  }
  await page.goto("/docs/api");
  await shot(page, "docs-api-phone");
  expect(overflowing).toEqual([]);
  expect(errors).toEqual([]);
});

test("the API reference: contents collapse on phones, a curl example per operation", async ({ page }) => {
  await page.setViewportSize(PHONE);
  // The players' operations have their own page (the index links one page per area).
  await page.goto("/docs/api/web");
  const contents = page.locator("details", { has: page.locator("summary", { hasText: "Contents" }) });
  await expect(contents).not.toHaveAttribute("open");
  await contents.locator("summary").click();
  await contents
    .getByRole("link", { name: /\/web\/api\/challenges\/\{id\}\/attempts/ })
    .first()
    .click();
  const op = page.locator("#post-web-api-challenges-id-attempts");
  await expect(op).toBeInViewport();
  await expect(op.locator("pre")).toContainText("Authorization: Bearer $GAUNTLET_TOKEN");
  await expect(op.locator("pre")).toContainText(`curl -X POST "http://localhost:`);
  // A code block wider than the phone scrolls inside itself.
  const pre = op.locator("pre");
  expect(await pre.evaluate((el) => getComputedStyle(el).overflowX)).toBe("auto");

  await page.setViewportSize(DESKTOP);
  await page.goto("/docs/api");
  await expect(page.getByRole("navigation", { name: "Contents" })).toBeVisible();
  await shot(page, "docs-api-desktop");
  await page.getByRole("contentinfo").getByRole("link", { name: "promptfoo setup" }).click();
  await expect(page.getByTestId("promptfoo-config")).toContainText(
    "/web/api/challenges/CHALLENGE_ID/attempts",
  );
  await expect(page.getByTestId("promptfoo-config")).toContainText("Idempotency-Key");
});
