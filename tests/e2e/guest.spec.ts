import { expect, test, type Page } from "@playwright/test";
import { DEMO_LADDER_WALKTHROUGH } from "../../lib/seed/ladder";
import { trackConsoleErrors } from "./support";

// Instant play: a visitor lands on the home page, opens ladder level 1 and beats it as a guest (no
// account; the time it took is printed, not asserted), then registers and keeps the win: the profile
// lists the solve and the leaderboard shows it under their name. At desktop and phone sizes.

const level1 = DEMO_LADDER_WALKTHROUGH.find((l) => l.level === 1)!;
const challengePath = `/challenges/${level1.challengeId}`;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `tests/artifacts/screenshots/guest-${name}.png`, fullPage: true });

const viewports = [
  { label: "desktop", width: 1440, height: 900 },
  { label: "phone", width: 390, height: 844 },
];

for (const vp of viewports) {
  test(`${vp.label} ${vp.width}x${vp.height}: a guest beats level 1 from landing, registers and keeps the win`, async ({
    browser,
  }) => {
    const octet = () => Math.floor(Math.random() * 250) + 1;
    const context = await browser.newContext({
      viewport: { width: vp.width, height: vp.height },
      // Its own client address, so no other test's guest or registration limits apply.
      extraHTTPHeaders: { "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` },
    });
    const page = await context.newPage();
    const errors = trackConsoleErrors(page);

    // The server is warm (as for any visitor after the first): the clock starts when the visitor lands.
    await context.request.get("/");
    await context.request.get(challengePath);
    const landed = Date.now();
    await page.goto("/");
    await page.getByRole("link", { name: level1.name }).first().click();
    await expect(page).toHaveURL(new RegExp(`${challengePath}$`));
    const prompt = page.getByLabel("Prompt");
    await expect(prompt).toBeVisible();
    await expect(page.getByTestId("guest-line")).toContainText("Register to keep your wins");
    await prompt.fill(level1.winningPrompt);
    await page.getByRole("button", { name: "Send prompt" }).click();
    const verdict = page.getByTestId("verdict");
    await expect(verdict).toHaveAttribute("data-succeeded", "true", { timeout: 30_000 });
    const elapsed = Date.now() - landed;
    console.log(`[guest ${vp.label}] landing → level 1 beaten as a guest: ${elapsed} ms`);

    // The page now names the guest ("Guest-1234") and offers to keep the win.
    const line = page.getByTestId("guest-line");
    await expect(line).toContainText(/Playing as Guest-\d{4}/);
    const guestName = /Guest-\d{4}/.exec((await line.textContent()) ?? "")![0];
    await shot(page, `${vp.label}-01-won-as-guest`);

    // The demo ladder shows guests on its board.
    await page.goto(`${challengePath}/leaderboard`);
    await expect(page.getByTestId("challenge-leaderboard")).toContainText(guestName);

    // Register from the guest line's link; the win comes along.
    await page.goto(challengePath);
    await page.getByTestId("guest-line").getByRole("link", { name: "Register to keep your wins" }).click();
    await expect(page).toHaveURL(/\/register\?next=/);
    const name = `Guest Keeper ${vp.label} ${Date.now() % 100000}`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Email", { exact: true }).fill(`keeper-${vp.label}-${Date.now()}@example.test`);
    await page.getByLabel("Password", { exact: true }).fill("a long enough password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(new RegExp(`${challengePath}$`));
    await expect(page.getByTestId("guest-line")).toHaveCount(0);
    await expect(page.getByTestId("attempt-history")).toContainText("Solved");

    await page.goto(`${challengePath}/leaderboard`);
    const mine = page.getByTestId("challenge-leaderboard").locator("tr[data-viewer]");
    await expect(mine).toContainText(name);
    await expect(page.getByTestId("challenge-leaderboard")).not.toContainText(guestName);
    await shot(page, `${vp.label}-02-board-after-register`);

    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByTestId("player-profile")).toContainText(level1.name);
    await shot(page, `${vp.label}-03-profile-keeps-the-win`);
    expect(errors).toEqual([]);
    await context.close();
  });
}
