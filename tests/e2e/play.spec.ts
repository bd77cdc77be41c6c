import { expect, test, type Page } from "@playwright/test";
import { DEMO_LADDER_COLLECTION, DEMO_LADDER_WALKTHROUGH } from "../../lib/seed/ladder";
import { register, trackConsoleErrors } from "./support";

// The player's journey on the seeded demo ladder (offline practice model): a visitor may play as a
// guest, a new player registers, fails level 1 with a naive prompt (sees the verdict and the
// judge's feedback while the answer streams in), beats it, and finds themselves on the challenge
// and collection leaderboards. A second player plays with the keyboard only.

const level1 = DEMO_LADDER_WALKTHROUGH.find((l) => l.level === 1)!;
const challengePath = `/challenges/${level1.challengeId}`;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `tests/artifacts/screenshots/play-${name}.png`, fullPage: true });

/** Records every distinct text the answer box shows while an attempt streams. */
async function watchAnswer(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __answerTexts: string[] };
    w.__answerTexts = [];
    const record = () => {
      const el = document.querySelector('[data-testid="answer"]');
      const streaming = el?.getAttribute("data-phase") === "running" && el.getAttribute("data-chunks") !== "0";
      const text = streaming ? (el.textContent ?? "") : null;
      if (text && text !== w.__answerTexts.at(-1)) w.__answerTexts.push(text);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}
const answerTexts = (page: Page) => page.evaluate(() => (window as unknown as { __answerTexts: string[] }).__answerTexts);

test("a visitor reads everything public and is asked to log in to attack", async ({ page }) => {
  const errors = trackConsoleErrors(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Active challenges" })).toBeVisible();
  await expect(page.getByRole("link", { name: level1.name })).toBeVisible();
  await expect(page.getByRole("link", { name: DEMO_LADDER_COLLECTION.name })).toBeVisible();
  await shot(page, "01-landing");

  await page.goto("/challenges");
  // Every ladder level has its card (other browser tests may have published more challenges).
  for (const level of DEMO_LADDER_WALKTHROUGH) {
    await expect(page.getByTestId("challenge-card").filter({ hasText: level.name })).toHaveCount(1);
  }
  await page.getByRole("link", { name: level1.name }).click();
  await expect(page).toHaveURL(new RegExp(`${challengePath}$`));
  await expect(page.getByRole("heading", { level: 1, name: level1.name })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Instructions" })).toBeVisible();
  // The demo ladder lets guests play (tests/e2e/guest.spec.ts): the prompt box, and a line to register.
  await expect(page.getByTestId("guest-line")).toContainText("Register to keep your wins");
  await expect(page.getByLabel("Prompt")).toBeVisible();
  // The author's theme is applied through whitelisted variables only.
  const bg = await page.getByTestId("challenge-page").evaluate((el) => getComputedStyle(el).getPropertyValue("--challenge-bg").trim());
  expect(bg).toMatch(/^#[0-9a-f]{6}$/i);
  await shot(page, "02-anonymous-challenge");

  await page.goto(`${challengePath}/leaderboard`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Leaderboard");
  await expect(page.getByTestId("solves-chart")).toBeVisible();
  await page.goto(`/challenge-collections/${DEMO_LADDER_COLLECTION.id}`);
  await expect(page.getByRole("heading", { level: 1, name: DEMO_LADDER_COLLECTION.name })).toBeVisible();
  await expect(page.getByTestId("challenge-card").first()).toContainText("Level 1");
  expect(errors).toEqual([]);
});

test("a new player fails level 1, beats it, and appears on both leaderboards", async ({ page }) => {
  const errors = trackConsoleErrors(page);
  const name = `Streamer ${Date.now() % 100000}`;
  await register(page, name, challengePath);
  const prompt = page.getByLabel("Prompt");
  await expect(prompt).toBeVisible();
  await expect(page.getByTestId("attempt-history")).toContainText("No attempts yet");

  // 1. A naive prompt: refused, judged as a failure, with the judge's feedback.
  await watchAnswer(page);
  await prompt.fill(level1.naivePrompt);
  await page.getByRole("button", { name: "Send prompt" }).click();
  const verdict = page.getByTestId("verdict");
  await expect(verdict).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
  await expect(verdict).toHaveAttribute("data-succeeded", "false");
  await expect(verdict).toContainText("Not solved yet");
  await expect(page.getByTestId("feedback")).not.toBeEmpty();
  const answer = page.getByTestId("answer");
  await expect(answer).not.toBeEmpty();
  // The answer arrived in pieces: several SSE deltas, and the page showed it growing.
  expect(Number(await answer.getAttribute("data-chunks"))).toBeGreaterThanOrEqual(2);
  const seen = await answerTexts(page);
  expect(seen.length).toBeGreaterThanOrEqual(2);
  expect(seen.every((t, i) => i === 0 || t.startsWith(seen[i - 1]!))).toBe(true);
  await expect(page.getByTestId("attempt-history")).toContainText(level1.naivePrompt);
  await shot(page, "03-naive-prompt-fails");

  // 2. The technique level 1 falls to.
  await prompt.fill(level1.winningPrompt);
  await page.getByRole("button", { name: "Send prompt" }).click();
  await expect(verdict).toHaveAttribute("data-succeeded", "true", { timeout: 30_000 });
  await expect(verdict).toContainText("Solved!");
  await expect(page.getByTestId("attempt-history")).toContainText("Solved");
  await shot(page, "04-winning-prompt-solves");

  // 3. On the challenge leaderboard, highlighted as the viewer.
  await page.getByRole("link", { name: "View the leaderboard" }).click();
  const mine = page.getByTestId("challenge-leaderboard").locator("tr[data-viewer]");
  await expect(mine).toContainText(name);
  await expect(mine).toContainText("(you)");
  await shot(page, "05-challenge-leaderboard");

  // 4. On the collection leaderboard, with level 1 marked solved.
  await page.goto(`/challenge-collections/${DEMO_LADDER_COLLECTION.id}`);
  await expect(page.getByTestId("collection-leaderboard").locator("tr[data-viewer]")).toContainText(name);
  await expect(page.getByTestId("challenge-card").first().getByTestId("solved-badge")).toBeVisible();
  await shot(page, "06-collection-leaderboard");

  // 5. The profile lists the solve.
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByTestId("player-profile")).toContainText(level1.name);
  expect(errors).toEqual([]);
});

test("keyboard only: Tab to the prompt, type, Enter sends; Shift+Enter adds a line", async ({ page }) => {
  const errors = trackConsoleErrors(page);
  await register(page, `Keyboard ${Date.now() % 100000}`, challengePath);
  await page.locator("body").click({ position: { x: 1, y: 1 } });
  let focused = "";
  for (let i = 0; i < 60 && focused !== "TEXTAREA"; i++) {
    await page.keyboard.press("Tab");
    focused = await page.evaluate(() => document.activeElement?.tagName ?? "");
  }
  expect(focused).toBe("TEXTAREA");
  await expect(page.getByLabel("Prompt")).toBeFocused();
  await page.keyboard.type("first line");
  await page.keyboard.press("Shift+Enter");
  await page.keyboard.type("second line");
  await expect(page.getByLabel("Prompt")).toHaveValue("first line\nsecond line");
  await page.getByLabel("Prompt").fill("");
  await page.keyboard.type(level1.winningPrompt);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-succeeded", "true", { timeout: 30_000 });
  await shot(page, "07-keyboard-only");
  // The send button is reachable from the prompt with one Tab and shows a visible focus ring.
  await page.getByLabel("Prompt").focus();
  await page.keyboard.press("Tab");
  const button = page.getByRole("button", { name: "Send prompt" });
  await expect(button).toBeFocused();
  expect(await button.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");
  expect(errors).toEqual([]);
});

test("settings: display name, avatar URL (https only) and notification preferences", async ({ page }) => {
  const errors = trackConsoleErrors(page);
  await register(page, `Settings ${Date.now() % 100000}`, "/settings");
  await page.getByLabel("Avatar URL").fill("http://insecure.example/a.png");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /./ }).first()).toContainText("Some settings need fixing");
  await expect(page.getByText("Use an https:// image address")).toBeVisible();
  await page.getByLabel("Display name").fill("Renamed Player");
  await page.getByLabel("Avatar URL").fill("");
  await page.getByLabel(/^Also by email/).check();
  await page.getByLabel(/^First blood/).uncheck();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Display name")).toHaveValue("Renamed Player");
  await expect(page.getByLabel(/^Also by email/)).toBeChecked();
  await expect(page.getByLabel(/^First blood/)).not.toBeChecked();
  await shot(page, "08-settings");
  expect(errors).toEqual([]);
});

test("past the per-minute attempt limit the page shows when to try again (429 Retry-After)", async ({ page, baseURL }) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    // The browser itself logs the refused request; the page must not log anything else.
    if (m.type() === "error" && !m.text().includes("429")) errors.push(m.text());
  });
  await register(page, `Hasty ${Date.now() % 100000}`, challengePath);
  // Use up the account's attempts for this minute through the API, with the page's session.
  for (;;) {
    const res = await page.request.post(`/web/api/challenges/${level1.challengeId}/attempts`, {
      headers: { origin: baseURL!, "content-type": "application/json" },
      data: { prompt: level1.naivePrompt },
    });
    if (res.status() === 429) break;
    expect(res.status()).toBe(201);
  }
  await page.getByLabel("Prompt").fill(level1.naivePrompt);
  await page.getByRole("button", { name: "Send prompt" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "You can try again in" });
  await expect(alert).toBeVisible();
  // The wait in words, counted down live (the text changes as the seconds pass).
  await expect(alert).toContainText(/^You are submitting too fast\. You can try again in (\d+ seconds?|1 minute)\.$/);
  const first = await alert.textContent();
  await expect(alert).not.toHaveText(first ?? "");
  await expect(page.getByTestId("cooldown")).toContainText(/next attempt in (\d+ seconds?|1 minute)/);
  await expect(page.getByRole("button", { name: "Send prompt" })).toHaveAttribute("aria-disabled", "true");
  await shot(page, "09-rate-limited");
  expect(errors).toEqual([]);
});
