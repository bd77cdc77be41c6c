import { expect, test, type Page } from "@playwright/test";
import { DEMO_LADDER } from "../../lib/seed/ladder";
import { logInAsCreator, register, trackConsoleErrors } from "./support";

// Review and appeal: a player fails ladder level 1 (an LLM judge) and flags the verdict ("should
// have won", with details); a second flag of the same attempt is refused with the server's
// message. The demo creator reads the flagged attempt on the console's Reviews page (prompt,
// masked answer, reasons) and overturns it to a win with a note; the decided list shows who, when
// and the note. The player lands on the challenge leaderboard and reads the decision in the
// inbox; no page the player sees shows the level's secret (learnt by a guest who beat the level).

const level = DEMO_LADDER.find((l) => l.number === 1)!;
const challengePath = `/challenges/${level.challengeId}`;
const DETAILS = "The gatekeeper hinted at the first letters; I think that counts.";
const NOTE = "Fair point: the hint gave it away, so this counts as a win.";
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `tests/artifacts/screenshots/review-${name}.png`, fullPage: true });

/** Sends a prompt on the challenge page and waits for the verdict. */
async function play(page: Page, prompt: string, succeeded: boolean) {
  await page.getByLabel("Prompt").fill(prompt);
  await page.getByRole("button", { name: "Send prompt" }).click();
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-succeeded", String(succeeded));
}

test("a player flags a failed verdict, the creator overturns it, the player is told and placed", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const guestContext = await browser.newContext();
  const playerContext = await browser.newContext();
  const creatorContext = await browser.newContext();

  // A guest beats the level: the win reveals the secret, which the player's pages must never show.
  const guest = await guestContext.newPage();
  await guest.goto(challengePath);
  await play(guest, level.winningPrompt, true);
  const secret = ((await guest.getByTestId("revealed-secret").textContent()) ?? "").trim();
  expect(secret.length).toBeGreaterThan(3);
  await guestContext.close();

  // ── the player fails with a naive prompt ──
  const player = await playerContext.newPage();
  const playerErrors = trackConsoleErrors(player);
  const name = `Appellant ${Date.now() % 100000}`;
  await register(player, name, challengePath);
  await play(player, level.naivePrompt, false);
  const history = player.getByTestId("attempt-history");
  const attempt = history.getByRole("listitem").filter({ hasText: level.naivePrompt });
  await expect(attempt).toHaveCount(1);
  await expect(attempt).toContainText("Not solved");

  // A second tab, opened before the flag, still offers it.
  const staleTab = await playerContext.newPage();
  const staleErrors = trackConsoleErrors(staleTab);
  await staleTab.goto(challengePath);
  const staleAttempt = staleTab
    .getByTestId("attempt-history")
    .getByRole("listitem")
    .filter({ hasText: level.naivePrompt });
  await expect(staleAttempt.getByRole("button", { name: "Flag this verdict" })).toBeVisible();

  // ── the flag: "It should have won", with details ──
  await attempt.getByRole("button", { name: "Flag this verdict" }).click();
  const reasons = attempt.getByRole("group", { name: "Why should this verdict be reviewed?" });
  await expect(reasons.getByRole("radio")).toHaveCount(3);
  await reasons.getByRole("radio", { name: "It should have won" }).check();
  await attempt.getByLabel("Details (optional)").fill(DETAILS);
  await attempt.getByRole("button", { name: "Send for review" }).click();
  await expect(attempt.getByRole("status")).toHaveText("Flagged: the creator will review this verdict.");
  await expect(attempt.getByRole("button", { name: "Flag this verdict" })).toHaveCount(0);
  await shot(player, "01-flagged");

  // A reload keeps it flagged: no second flag is offered.
  await player.reload();
  await expect(attempt.getByRole("status")).toHaveText("You flagged this verdict for review.");
  await expect(attempt.getByRole("button", { name: "Flag this verdict" })).toHaveCount(0);

  // The stale tab tries again: refused, with the reason, and the form stays to read it.
  await staleAttempt.getByRole("button", { name: "Flag this verdict" }).click();
  await staleAttempt.getByRole("button", { name: "Send for review" }).click();
  await expect(staleAttempt.getByRole("alert")).toHaveText(
    "The flag was not sent: You already flagged this attempt",
  );
  await shot(staleTab, "02-second-flag-refused");
  await staleTab.close();

  // ── the creator's Reviews page: the flagged attempt, then the overturn ──
  const creator = await creatorContext.newPage();
  const creatorErrors = trackConsoleErrors(creator);
  await logInAsCreator(creator, "/console/demo");
  await creator.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Reviews" }).click();
  await expect(creator).toHaveURL(/\/console\/demo\/reviews$/);
  await expect(creator.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  const item = creator.getByRole("region", { name: level.name }).filter({ hasText: name });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Flagged by the player");
  await expect(item).toContainText(level.naivePrompt);
  await expect(item).toContainText("Answer (masked)");
  await expect(item).toContainText("Current verdict");
  await expect(item).toContainText("No win");
  await expect(item.getByRole("listitem")).toHaveText([`Should have won: ${DETAILS}`]);
  expect(await item.innerText()).not.toContain(secret);
  await shot(creator, "03-review-open");

  await item.getByRole("group", { name: "Verdict" }).getByRole("radio", { name: "Win", exact: true }).check();
  await item.getByLabel("Note to the player").fill(NOTE);
  await item.getByRole("button", { name: "Decide" }).click();
  await expect(item).toHaveCount(0);

  await creator.getByRole("link", { name: "Decided", exact: true }).click();
  await expect(creator).toHaveURL(/\/reviews\?status=decided$/);
  const decided = creator.getByRole("region", { name: level.name }).filter({ hasText: name });
  await expect(decided).toHaveCount(1);
  await expect(decided.getByRole("button", { name: "Decide" })).toHaveCount(0);
  await expect(decided).toContainText(/Overturned as a win by Demo Creator on .+:/);
  await expect(decided.getByText(NOTE)).toBeVisible();
  await shot(creator, "04-review-decided");

  // ── the player: on the board, told in the inbox, and never shown the secret ──
  await player.goto(`${challengePath}/leaderboard`);
  const mine = player.getByTestId("challenge-leaderboard").locator("tr[data-viewer]");
  await expect(mine).toContainText(name);
  expect(await player.content()).not.toContain(secret);

  // The notification is delivered by the app's job worker.
  await expect(player.getByTestId("notification-bell")).toHaveAttribute("data-unread", /^[1-9]/, {
    timeout: 30_000,
  });
  await player.getByTestId("notification-bell").click();
  await expect(player).toHaveURL(/\/notifications$/);
  const title = `The verdict on your attempt at “${level.name}” was changed`;
  const notice = player.getByTestId("notification-item").filter({ hasText: title });
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText(
    `After review, your attempt now counts as a win. Note from the creator: ${NOTE}`,
  );
  await expect(notice.getByRole("link", { name: title })).toHaveAttribute("href", challengePath);
  expect(await player.content()).not.toContain(secret);
  await shot(player, "05-inbox");

  await notice.getByRole("link", { name: title }).click();
  await expect(player).toHaveURL(new RegExp(`${challengePath}$`));
  await expect(attempt).toContainText("Solved");
  await expect(attempt.getByRole("button", { name: "Flag this verdict" })).toHaveCount(0);
  expect(await player.content()).not.toContain(secret);
  await shot(player, "06-challenge-after");

  // The refused flag's 409 is the browser's only complaint.
  expect(staleErrors).toEqual([expect.stringMatching(/status of 409 \(Conflict\) .*\/flag\)$/)]);
  expect([...playerErrors, ...creatorErrors]).toEqual([]);
  await playerContext.close();
  await creatorContext.close();
});
