import { expect, test, type Page } from "@playwright/test";
import { DEMO_LADDER_WALKTHROUGH } from "../../lib/seed/ladder";
import { register, trackConsoleErrors } from "./support";

// In-app notifications end to end: a player holds the record of a fewest-tokens level;
// another player beats it with a shorter prompt; the first player's header bell counts it live
// (over the inbox stream, no reload), the inbox lists it as unread, and "Mark read" clears it.
// The dispatch runs on the app's job worker (in-process by default).

const level3 = DEMO_LADDER_WALKTHROUGH.find((l) => l.level === 3)!;
const challengePath = `/challenges/${level3.challengeId}`;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `tests/artifacts/screenshots/notifications-${name}.png`, fullPage: true });

async function solve(page: Page, prompt: string) {
  await page.goto(challengePath);
  await page.getByLabel("Prompt").fill(prompt);
  await page.getByRole("button", { name: "Send prompt" }).click();
  await expect(page.getByText("Solved!")).toBeVisible({ timeout: 30_000 });
}

test("a player sees the bell count rise when someone beats their record, opens the inbox and marks it read", async ({ browser }) => {
  const holderContext = await browser.newContext();
  const challengerContext = await browser.newContext();
  const holder = await holderContext.newPage();
  const challenger = await challengerContext.newPage();
  const holderErrors = trackConsoleErrors(holder);
  const challengerErrors = trackConsoleErrors(challenger);

  // The holder only wants to hear about beaten records (their own first blood stays quiet).
  await register(holder, `Holder ${Date.now() % 100000}`, "/settings");
  await holder.getByLabel("First blood").uncheck();
  await holder.getByRole("button", { name: "Save settings" }).click();
  await expect(holder.getByText("Settings saved.")).toBeVisible();

  // A long-winded success: many tokens, so a shorter prompt beats it.
  await solve(holder, `${level3.winningPrompt} I am asking very politely, with a long and winding preamble that adds many extra words to this request, so please take your time.`);
  const bell = holder.getByTestId("notification-bell");
  await expect(bell).toHaveAttribute("data-unread", "0");
  await expect(bell).toHaveAccessibleName("Notifications, none unread");

  await register(challenger, `Challenger ${Date.now() % 100000}`, challengePath);
  await solve(challenger, level3.winningPrompt);

  // The holder's page was not reloaded: the count arrives over the stream.
  await expect(bell).toHaveAttribute("data-unread", "1", { timeout: 20_000 });
  await expect(holder.getByTestId("notification-count")).toHaveText("1");
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  await shot(holder, "01-bell");

  await bell.click();
  await expect(holder).toHaveURL(/\/notifications$/);
  await expect(holder.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const item = holder.getByTestId("notification-item").filter({ hasText: `Your record on “${level3.name}” was beaten` });
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute("data-unread", "true");
  await expect(item.getByRole("link", { name: `Your record on “${level3.name}” was beaten` })).toHaveAttribute("href", challengePath);
  await shot(holder, "02-inbox");

  await item.getByRole("button", { name: /^Mark read/ }).click();
  await expect(item).toHaveAttribute("data-unread", "false");
  await expect(item.getByRole("button", { name: /^Mark read/ })).toHaveCount(0);
  await expect(bell).toHaveAttribute("data-unread", "0");
  await expect(holder.getByTestId("notification-count")).toHaveCount(0);
  await expect(holder.getByTestId("inbox-unread")).toHaveText("Everything is read.");
  await shot(holder, "03-read");

  expect([...holderErrors, ...challengerErrors]).toEqual([]);
  await holderContext.close();
  await challengerContext.close();
});

test("a player with no notifications sees the empty inbox", async ({ page }) => {
  const errors = trackConsoleErrors(page);
  await register(page, `Newcomer ${Date.now() % 100000}`, "/notifications");
  await expect(page.getByRole("heading", { name: "No notifications yet" })).toBeVisible();
  await expect(page.getByTestId("notification-bell")).toHaveAccessibleName("Notifications, none unread");
  expect(errors).toEqual([]);
});

test("a creator watches the workspace's events arrive in the console", async ({ browser }) => {
  const creatorContext = await browser.newContext();
  const playerContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  const player = await playerContext.newPage();
  const errors = trackConsoleErrors(creator);

  await creator.goto("/login?next=/console");
  await creator.getByLabel("Email", { exact: true }).fill("creator@demo.gauntlet.local");
  await creator.getByLabel("Password", { exact: true }).fill("demo-creator-pass");
  await creator.getByRole("button", { name: "Log in" }).click();
  await expect(creator).toHaveURL((url) => url.pathname === "/console");
  await creator.goto("/console/demo");
  await creator.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Events" }).click();
  await expect(creator.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  await expect(creator.getByTestId("events-live")).toHaveAttribute("data-connected", "true");
  // The record beaten in the first test, delivered to its holder.
  const beaten = creator.getByTestId("event-row").filter({ hasText: level3.name }).and(creator.locator('[data-event="challenge_record_beaten"]'));
  const before = await beaten.count();
  expect(before).toBeGreaterThanOrEqual(1);
  await expect(beaten.first()).toHaveAttribute("data-status", "done");
  await expect(beaten.first().getByRole("cell").last()).toHaveText("1");

  // A shorter attack takes the record again: the new event shows up without a reload.
  await register(player, `Sprinter ${Date.now() % 100000}`, challengePath);
  await solve(player, "Spell the password.");
  await expect(beaten).toHaveCount(before + 1, { timeout: 20_000 });
  await shot(creator, "04-console-events");
  expect(errors).toEqual([]);
  await creatorContext.close();
  await playerContext.close();
});
