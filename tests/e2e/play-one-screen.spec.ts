import { expect, test } from "@playwright/test";
import { DEMO_LADDER_COLLECTION, DEMO_LADDER_WALKTHROUGH } from "../../lib/seed/ladder";
import { expectOnScreen, trackConsoleErrors } from "./support";

// The one-screen play loop, as a guest at a laptop size and a phone size: the home page starts
// with a ladder's "Play Level 1"; the main nav reaches every section (on the phone through its
// menu); after Send the verdict and the next step (try again, or the win card with "Next level")
// are on screen without the player scrolling; the ladder page shows its level map; a board that
// ranks by fewest tokens counts the prompt while it is typed; a leaderboard's columns fit the
// phone. The test never scrolls: what it checks is where the page itself put things.

const [level1, , level3] = DEMO_LADDER_WALKTHROUGH;
const collectionPath = `/challenge-collections/${DEMO_LADDER_COLLECTION.id}`;
const inLadder = `?collection=${DEMO_LADDER_COLLECTION.id}`;

const SIZES = [
  { name: "laptop", width: 1366, height: 768, reducedMotion: "no-preference" as const },
  { name: "phone", width: 390, height: 844, reducedMotion: "reduce" as const },
];

for (const size of SIZES) {
  test(`one-screen play loop at ${size.width}×${size.height} (${size.name})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const octet = () => Math.floor(Math.random() * 250) + 1;
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      reducedMotion: size.reducedMotion,
      // Its own client address, so no other test's guest limits apply.
      extraHTTPHeaders: { "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` },
    });
    const page = await context.newPage();
    const errors = trackConsoleErrors(page);
    const shot = (name: string) =>
      page.screenshot({
        path: `tests/artifacts/screenshots/one-screen-${size.name}-${name}.png`,
        fullPage: false,
      });

    // 1. Home: the first thing to click in the page is a ladder's "Play Level 1", on screen.
    await page.goto("/");
    const firstLink = page.locator("main a").first();
    await expect(firstLink).toHaveText("Play Level 1");
    await expectOnScreen(page, firstLink, "the first Play Level 1");
    const demo = page.getByTestId("featured-ladder").filter({ hasText: DEMO_LADDER_COLLECTION.name });
    const play1 = demo.getByRole("link", { name: "Play Level 1", exact: true });
    await expect(play1).toHaveAttribute("href", `/challenges/${level1!.challengeId}${inLadder}`);
    // It comes before the lists of challenges and collections.
    const playTop = (await play1.boundingBox())!.y;
    const listTop = (await page.getByRole("heading", { name: "Active challenges" }).boundingBox())!.y;
    expect(playTop).toBeLessThan(listTop);
    await shot("01-home");

    // 2. Every top-level section is reachable: on the phone through the menu button.
    const nav = page.getByRole("navigation", { name: "Main" });
    const arena = nav.getByRole("link", { name: "Arena", exact: true });
    if (size.name === "phone") {
      await expect(arena).toBeHidden();
      const menu = nav.getByRole("button", { name: /Menu/ });
      await expect(menu).toHaveAttribute("aria-expanded", "false");
      await menu.click();
      await expect(menu).toHaveAttribute("aria-expanded", "true");
      for (const item of ["Challenges", "Collections", "Red/Blue", "Arena", "Console"]) {
        await expectOnScreen(page, nav.getByRole("link", { name: item, exact: true }), item);
      }
      await shot("02-menu-open");
    }
    await expectOnScreen(page, arena, "Arena");
    await arena.click();
    await expect(page).toHaveURL(/\/arena$/);
    if (size.name === "phone") {
      // Following a link closes the menu; it names the section now open.
      await expect(nav.getByRole("button", { name: /Menu/ })).toHaveAttribute("aria-expanded", "false");
      await expect(nav.getByRole("button", { name: /Menu/ })).toContainText("Arena");
    }

    // 3. Level 1 from the home page: a miss, then a win; each time the outcome is on screen.
    await page.goto("/");
    await page
      .getByTestId("featured-ladder")
      .filter({ hasText: DEMO_LADDER_COLLECTION.name })
      .getByRole("link", { name: "Play Level 1", exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/challenges/${level1!.challengeId}\\?collection=`));
    const prompt = page.getByLabel("Prompt", { exact: true });
    await expectOnScreen(page, prompt, "the prompt box");
    await prompt.fill(level1!.naivePrompt);
    await page.getByRole("button", { name: "Send prompt" }).click();
    const verdict = page.getByTestId("verdict");
    await expect(verdict).toHaveAttribute("data-succeeded", "false", { timeout: 30_000 });
    await expectOnScreen(page, verdict, "the verdict after a miss");
    const tryAgain = page.getByTestId("try-again");
    await expectOnScreen(page, tryAgain, "Try again");
    await shot("03-miss");
    await tryAgain.click();
    await expect(prompt).toBeFocused();
    await expect(prompt).toHaveValue(level1!.naivePrompt);

    await prompt.fill(level1!.winningPrompt);
    await page.getByRole("button", { name: "Send prompt" }).click();
    await expect(verdict).toHaveAttribute("data-succeeded", "true", { timeout: 30_000 });
    const reveal = page.getByTestId("win-reveal");
    await expectOnScreen(page, verdict, "the verdict after a win");
    await expectOnScreen(page, reveal, "the win card");
    await expectOnScreen(page, reveal.getByTestId("next-level"), "Next level");
    if (size.name === "laptop") {
      // Side by side: the answer, and the prompt box beside it, stay in the same view.
      await expectOnScreen(page, page.getByTestId("answer"), "the answer");
      // A guest cannot claim: the claim box is a way to log in and come back here.
      await expect(page.getByTestId("claim-login")).toBeVisible();
      await expect(page.getByTestId("claim-box")).toHaveCount(0);
    }
    await shot("04-win");

    // 4. The ladder page: its level map, one numbered step per level, each linking to its level.
    await page.goto(collectionPath);
    const map = page.getByTestId("level-map");
    await expectOnScreen(page, map, "the level map");
    const steps = map.getByTestId("level-step");
    await expect(steps).toHaveCount(DEMO_LADDER_WALKTHROUGH.length);
    for (const [i, level] of DEMO_LADDER_WALKTHROUGH.entries()) {
      await expect(steps.nth(i)).toHaveAttribute("href", `/challenges/${level.challengeId}${inLadder}`);
      await expect(steps.nth(i)).toHaveAccessibleName(new RegExp(`^Level ${i + 1}: `));
    }
    await expect(map.locator('[aria-current="step"]')).toHaveCount(1);
    await expect(page.getByTestId("play-next")).toHaveText(/^Play Level \d$/);
    await shot("05-level-map");

    // 5. A fewest-tokens board: the prompt's tokens estimated as it is typed, then the real count.
    await page.goto(`/challenges/${level3!.challengeId}${inLadder}`);
    const estimate = page.getByTestId("token-estimate");
    await expect(estimate).toHaveText("Your prompt: about 0 tokens (estimate)");
    await page.getByLabel("Prompt", { exact: true }).fill(level3!.winningPrompt);
    await expect(estimate).toHaveText(/^Your prompt: about [1-9]\d* tokens? \(estimate\)$/);
    await expect(page.getByTestId("token-count")).toHaveCount(0);
    await page.getByRole("button", { name: "Send prompt" }).click();
    await expect(page.getByTestId("verdict")).toHaveAttribute("data-status", "completed", {
      timeout: 30_000,
    });
    await expect(page.getByTestId("token-count")).toHaveText(/^Last attempt: [1-9][\d,]* tokens? counted/);
    await expectOnScreen(page, page.getByTestId("verdict"), "the verdict on level 3");
    await shot("06-token-counter");

    // 6. A leaderboard's columns fit (or scroll inside the board, which then shows its edge cue).
    await page.goto(`/challenges/${level1!.challengeId}/leaderboard`);
    const table = page.getByTestId("challenge-leaderboard");
    await expect(table.locator("tbody tr").first()).toBeVisible();
    const fit = await table.evaluate((el) => {
      const scroller = el.parentElement!;
      const headers = [...el.querySelectorAll("thead th")].filter(
        (th) => getComputedStyle(th).display !== "none",
      );
      const box = scroller.getBoundingClientRect();
      return {
        fits: scroller.scrollWidth <= scroller.clientWidth,
        cue: getComputedStyle(scroller).backgroundImage.includes("gradient"),
        headersInside: headers.every((th) => th.getBoundingClientRect().right <= box.right + 0.5),
        pageScroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      };
    });
    expect(fit.fits || fit.cue, "the board fits or shows its scroll cue").toBe(true);
    if (size.name === "phone") {
      expect(fit.fits, "on the phone the board's columns fit").toBe(true);
      expect(fit.headersInside, "no column heading is cut").toBe(true);
    }
    expect(fit.pageScroll).toBeLessThanOrEqual(0);
    await shot("07-leaderboard");

    expect(errors).toEqual([]);
    await context.close();
  });
}
