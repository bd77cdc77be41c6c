import { expect, test, type Page } from "@playwright/test";
import { DEMO_LADDER_WALKTHROUGH } from "../../lib/seed/ladder";
import { trackConsoleErrors } from "./support";

// Logging in from the header comes back to the page the player was on, not the creator console;
// a guest is offered "Log in to claim it" instead of a claim box they cannot use. The return path
// is validated: an address elsewhere is dropped for the challenges. At laptop and phone sizes.

const level1 = DEMO_LADDER_WALKTHROUGH.find((l) => l.level === 1)!;
const challengePath = `/challenges/${level1.challengeId}`;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `tests/artifacts/screenshots/return-path-${name}.png`, fullPage: true });

const viewports = [
  { label: "laptop", width: 1366, height: 768 },
  { label: "phone", width: 390, height: 844 },
];

for (const vp of viewports) {
  test(`${vp.label} ${vp.width}x${vp.height}: Log in from a challenge comes back to it; a guest gets a log-in link, not a claim box`, async ({
    browser,
  }) => {
    const octet = () => Math.floor(Math.random() * 250) + 1;
    const context = await browser.newContext({
      viewport: { width: vp.width, height: vp.height },
      // Its own client address, so no other test's registration or login limits apply.
      extraHTTPHeaders: { "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` },
    });
    const email = `returner-${vp.label}-${Date.now()}@example.test`;
    const password = "a long enough password";
    const created = await context.request.post("/web/api/register", { data: { email, name: `Returner ${vp.label}`, password } });
    expect(created.status()).toBe(201);
    await context.clearCookies();

    const page = await context.newPage();
    const errors = trackConsoleErrors(page);
    await page.goto(challengePath);
    await expect(page.getByRole("heading", { level: 1, name: level1.name })).toBeVisible();

    // A guest plays, but cannot claim: no box to type into, a link to log in and come back instead.
    await expect(page.getByTestId("guest-line")).toBeVisible();
    await expect(page.getByTestId("claim-box")).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Password" })).toHaveCount(0);
    const claimLink = page.getByTestId("claim-login").getByRole("link", { name: "Log in to claim it" });
    await expect(claimLink).toHaveAttribute("href", `/login?next=${encodeURIComponent(challengePath)}`);
    await shot(page, `${vp.label}-01-guest`);

    // The header's Log in carries this page as the return path.
    const headerLogin = page.getByTestId("header-login");
    await expect(headerLogin).toHaveAttribute("href", `/login?next=${encodeURIComponent(challengePath)}`);
    await headerLogin.click();
    await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(challengePath)}$`));
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await shot(page, `${vp.label}-02-login`);
    await page.getByRole("button", { name: "Log in", exact: true }).click();

    // Back on the challenge, signed in: now the claim box is there.
    await expect(page).toHaveURL(new RegExp(`${challengePath}$`));
    await expect(page.getByRole("heading", { level: 1, name: level1.name })).toBeVisible();
    await expect(page.getByTestId("claim-box")).toBeVisible();
    await expect(page.getByTestId("claim-login")).toHaveCount(0);
    await shot(page, `${vp.label}-03-back-on-challenge`);
    expect(errors).toEqual([]);
    await context.close();
  });
}

test("a return path to another site is dropped: the forms carry the challenges instead", async ({ page }) => {
  for (const next of ["//evil.example/", "https://evil.example/", "/\\evil.example"]) {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await expect(page.locator('input[name="next"]').first()).toHaveValue("/challenges");
    await page.goto(`/register?next=${encodeURIComponent(next)}`);
    await expect(page.locator('input[name="next"]').first()).toHaveValue("/challenges");
  }
});
