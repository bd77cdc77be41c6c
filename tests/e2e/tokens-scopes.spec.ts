import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { DEMO_LADDER_WALKTHROUGH } from "../../lib/seed/ladder";
import { logInAsCreator, trackConsoleErrors } from "./support";

// An integrator on the tokens page: creates a `play` token and a `console` token (scopes chosen at
// creation, shown in the list, a curl example beside the new token), then the play token plays an
// attempt on demo ladder level 1 and the console token is refused there (403 insufficient_scope).
// At desktop and phone sizes.

const level1 = DEMO_LADDER_WALKTHROUGH.find((l) => l.level === 1)!;

const VIEWPORTS = [
  { label: "desktop", viewport: { width: 1440, height: 900 } },
  { label: "phone", viewport: { width: 390, height: 844 } },
];

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true, caret: "initial" });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

/** Creates a token with exactly these scopes on the tokens page; returns its value and curl example. */
async function createToken(page: Page, name: string, scopes: ("console" | "play")[]) {
  await page.getByLabel("Name", { exact: true }).fill(name);
  for (const scope of ["console", "play"] as const) {
    await page.getByTestId(`token-scope-${scope}`).setChecked(scopes.includes(scope));
  }
  await page.getByRole("button", { name: "Create token" }).click();
  const token = page.getByTestId("new-token");
  await expect(token).toHaveText(/^gnt_[A-Za-z0-9_-]{20,}$/);
  await expect(page.getByTestId(`token-row-${name}`).getByTestId("token-scopes")).toHaveText(
    scopes.join(", "),
  );
  return { value: await token.innerText(), curl: await page.getByTestId("token-curl").innerText() };
}

for (const { label, viewport } of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test(`a play token plays level 1 and a console token cannot (${label})`, async ({
      page,
      request,
    }, testInfo) => {
      const errors = trackConsoleErrors(page);
      await logInAsCreator(page, "/console/demo/tokens");
      await expect(page.getByRole("group", { name: "Scopes" })).toBeVisible();

      const stamp = `${label} ${Date.now()}`;
      const play = await createToken(page, `bot ${stamp}`, ["play"]);
      expect(play.curl).toContain(`Authorization: Bearer ${play.value}`);
      expect(play.curl).toContain("/attempts");
      await shot(page, testInfo, `tokens-play-${label}`);

      const consoleToken = await createToken(page, `ci ${stamp}`, ["console"]);
      expect(consoleToken.curl).toContain("/console/api/challenges");
      expect(consoleToken.curl).not.toContain("/attempts");
      await shot(page, testInfo, `tokens-console-${label}`);
      // No horizontal scroll at this size.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      const attempt = (token: string) =>
        request.post(`/web/api/challenges/${level1.challengeId}/attempts`, {
          headers: {
            authorization: `Bearer ${token}`,
            "idempotency-key": `e2e-${stamp.replace(/\W+/g, "-")}-${token.slice(4, 12)}`,
          },
          data: { prompt: level1.naivePrompt },
        });
      const played = await attempt(play.value);
      expect(played.status(), await played.text()).toBe(201);
      expect(await played.json()).toMatchObject({ challenge_id: level1.challengeId, status: "completed" });
      expect(played.headers()["ratelimit-limit"]).toBeTruthy();

      const refused = await attempt(consoleToken.value);
      expect(refused.status()).toBe(403);
      expect((await refused.json()).error.code).toBe("insufficient_scope");

      // The play token reads its own attempts back; the console token reads the console API.
      const mine = await request.get(`/web/api/challenges/${level1.challengeId}/attempts?limit=1`, {
        headers: { authorization: `Bearer ${play.value}` },
      });
      expect(mine.status()).toBe(200);
      expect((await mine.json()).data[0].prompt).toBe(level1.naivePrompt);
      const consoleRead = await request.get("/console/api/challenges", {
        headers: { authorization: `Bearer ${consoleToken.value}` },
      });
      expect(consoleRead.status()).toBe(200);
      expect(errors).toEqual([]);
    });
  });
}
