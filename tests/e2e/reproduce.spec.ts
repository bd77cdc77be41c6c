import { expect, test } from "@playwright/test";
import { DEMO_LADDER_WALKTHROUGH } from "../../lib/seed/ladder";
import { startAsCreator, trackConsoleErrors } from "./support";

// Reproduce before it counts, in the browser: the creator turns it on for ladder level 1 (3 runs,
// all must win) in the challenge form; a guest beats the level and the verdict says
// "Reproduced 3/3"; the console's attempt browser shows the same. The creator then turns it off
// again, so the level plays as the other browser tests expect.

const level1 = DEMO_LADDER_WALKTHROUGH.find((l) => l.level === 1)!;
const consolePath = `/console/demo/challenges/${level1.challengeId}`;

test("a reproduced win says so to the player and in the console", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const consoleErrors = await startAsCreator(page);
  const setReproduction = async (runs: string) => {
    await page.goto(consolePath);
    await page.getByLabel("Reproduce wins").selectOption(runs);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  };
  await setReproduction("3");
  await page.reload();
  await expect(page.getByLabel("Reproduce wins")).toHaveValue("3");

  try {
    const octet = () => Math.floor(Math.random() * 250) + 1;
    const guest = await browser.newContext({
      extraHTTPHeaders: { "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` },
    });
    const play = await guest.newPage();
    const errors = trackConsoleErrors(play);
    await play.goto(`/challenges/${level1.challengeId}`);
    await play.getByLabel("Prompt").fill(level1.winningPrompt);
    await play.getByRole("button", { name: "Send prompt" }).click();
    const verdict = play.getByTestId("verdict");
    await expect(verdict).toHaveAttribute("data-succeeded", "true", { timeout: 30_000 });
    const line = play.getByTestId("reproduction");
    await expect(line).toHaveAttribute("data-counted", "true");
    await expect(line).toHaveText("Reproduced 3/3");
    expect(errors).toEqual([]);
    await guest.close();

    await page.goto(`${consolePath}/attempts`);
    await expect(page.getByTestId("attempt-reproduction").first()).toHaveText("reproduced 3/3");
  } finally {
    await setReproduction("");
  }
  expect(consoleErrors).toEqual([]);
});
