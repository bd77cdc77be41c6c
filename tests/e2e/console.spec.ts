import { expect, test, type Page } from "@playwright/test";
import { logInAsCreator, startAsCreator, trackConsoleErrors } from "./support";

// The creator console: the demo creator opens the demo workspace, creates a challenge (hostile
// Markdown stays inert in the live preview, a theme property outside the whitelist is refused,
// a hero image is uploaded and shown through a signed URL), reorders a collection by keyboard and
// by drag, and creates and revokes an API token — with no browser console errors.

// caret "initial": hiding the caret would restyle inputs, which React reports as a hydration
// mismatch when the shot lands before hydration ends.
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `tests/artifacts/screenshots/console-${name}.png`, fullPage: true, caret: "initial" });

// A 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const SECRET = `e2e-secret-${Date.now()}`;

/** The names in the collection's order list, top to bottom. */
async function order(page: Page): Promise<string[]> {
  const names = await page.getByTestId("collection-order").locator("li").allInnerTexts();
  // innerText has line breaks between the handle, position, name and buttons only once the
  // stylesheet lays them out; pick the name itself either way.
  return names.map((n) => /Level \d+ · [^\n↑↓✕]+/.exec(n)?.[0].trim() ?? n);
}

test("a creator manages challenges, a collection's order and API tokens", async ({ page }) => {
  test.setTimeout(240_000);
  const consoleErrors = trackConsoleErrors(page);
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });

  await logInAsCreator(page);
  await shot(page, "01-workspaces");
  await page.getByRole("link", { name: "Demo workspace" }).click();
  await expect(page).toHaveURL(/\/console\/demo$/);
  const board = page.getByTestId("dashboard-challenges");
  await expect(board).toContainText("Level 1 · The Open Door");
  await expect(page.getByRole("navigation", { name: "Workspace" })).toBeVisible();
  await shot(page, "02-dashboard");

  // ── a new challenge with hostile Markdown, a theme and a hero image ──
  await page.getByRole("link", { name: "New challenge" }).first().click();
  await expect(page).toHaveURL(/\/console\/demo\/challenges\/new$/);
  const name = `E2E challenge ${Date.now()}`;
  // The stepped form: a blank challenge, basics, the secret, then play settings and looks.
  const steps = page.getByRole("navigation", { name: "Steps" });
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Goal", { exact: true }).fill("Make the model say the secret.");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Set the secret").fill(SECRET);
  await page.getByRole("button", { name: "Next" }).click();

  const instructions = page.getByLabel("Instructions (Markdown)");
  await instructions.fill(
    "# Welcome\n\nBe **clever**.\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) and [docs](https://example.com/docs)\n\n<img src=x onerror=alert(1)>",
  );
  const preview = page.getByTestId("challenge-instructions-preview");
  await expect(preview.getByRole("heading", { name: "Welcome" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("clever");
  await expect(preview.locator("script")).toHaveCount(0);
  await expect(preview.locator("img")).toHaveCount(0);
  await expect(preview.locator('[href^="javascript"], [onerror]')).toHaveCount(0);
  await expect(preview.getByRole("link", { name: "docs" })).toHaveAttribute("href", "https://example.com/docs");
  expect(await preview.innerHTML()).not.toMatch(/javascript:|<script|onerror/i);

  // A property outside the whitelist: reported at once, and refused by the server on save.
  const themeJson = page.getByLabel("Theme JSON");
  await themeJson.fill(JSON.stringify({ accent: "#ff0066", position: "fixed" }));
  await expect(page.getByTestId("theme-issues")).toContainText('"position" is not a theme property');
  await shot(page, "03-new-challenge-preview-and-theme-issue");
  await steps.getByRole("button", { name: "Review" }).click();
  await page.getByRole("button", { name: "Create challenge" }).click();
  // The refusal brings the creator back to the step with the theme.
  await expect(page.getByRole("alert").filter({ hasText: "position" }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/challenges\/new$/);
  // What the author typed is still there after the refusal.
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);

  await themeJson.fill(JSON.stringify({ accent: "#ff0066", background: "#101820", foreground: "#f5f5f5" }));
  await expect(page.getByTestId("theme-issues")).toHaveCount(0);
  await expect(page.getByTestId("theme-preview")).toHaveCSS("background-color", "rgb(16, 24, 32)");

  await page.getByLabel("Upload hero media").setInputFiles({ name: "hero.png", mimeType: "image/png", buffer: PNG });
  const hero = page.getByTestId("hero-preview").locator("img");
  await expect(hero).toHaveAttribute("src", /^\/assets\/[0-9a-f-]{36}\?exp=\d+&sig=/);
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  // The secret field keeps its value in the browser only until the form is sent.
  await steps.getByRole("button", { name: "Secret and success" }).click();
  await page.getByLabel("Set the secret").fill(SECRET);
  await steps.getByRole("button", { name: "Review" }).click();
  await shot(page, "04-new-challenge-ready");

  await page.getByRole("button", { name: "Create challenge" }).click();
  await expect(page).toHaveURL(/\/console\/demo\/challenges\/[0-9a-f-]{36}\?created=1$/);
  await expect(page.getByText("Challenge created")).toBeVisible();
  await expect(page.getByTestId("secret-status")).toHaveText("A secret is set");
  await expect(page.getByLabel("Replace the secret")).toHaveValue("");
  expect(await page.content()).not.toContain(SECRET);
  await expect(page.getByTestId("hero-preview").locator("img")).toHaveAttribute("src", /^\/assets\//);
  await expect(page.getByTestId("theme-preview")).toHaveCSS("background-color", "rgb(16, 24, 32)");
  await expect(page.getByTestId("workflow-link")).toHaveAttribute("href", /\/workflow$/);
  await shot(page, "05-challenge-saved");

  // An edit: the difficulty changes, the secret stays set without being sent again.
  await page.getByLabel("Difficulty").selectOption("hard");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Difficulty")).toHaveValue("hard");
  await expect(page.getByTestId("secret-status")).toHaveText("A secret is set");

  // ── the demo collection's order, by keyboard and by drag ──
  await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Collections" }).click();
  await expect(page).toHaveURL(/\/console\/demo\/collections$/);
  await page.getByRole("link", { name: "Gatekeeper ladder" }).click();
  await expect(page).toHaveURL(/\/console\/demo\/collections\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("collection-order")).toBeVisible();
  const before = await order(page);
  expect(before.length).toBeGreaterThanOrEqual(3);
  const [first, second, third] = before as [string, string, string];

  await page.getByRole("button", { name: `Move ${second} up` }).focus();
  await page.keyboard.press("Enter");
  expect((await order(page)).slice(0, 2)).toEqual([second, first]);

  // Drag the third item onto the first place.
  await page.getByTestId("order-item-2").dragTo(page.getByTestId("order-item-0"));
  const expected = [third, second, first, ...before.slice(3)];
  expect(await order(page)).toEqual(expected);
  await shot(page, "06-collection-reordered");
  await page.getByRole("button", { name: "Save order" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Order saved." })).toBeVisible();
  await page.reload();
  expect(await order(page)).toEqual(expected);

  // Put the ladder back in its original order for anyone who plays it next.
  for (const [i, item] of before.entries()) {
    const now = await order(page);
    for (let at = now.indexOf(item); at > i; at--) {
      await page.getByRole("button", { name: `Move ${item} up` }).click();
    }
  }
  expect(await order(page)).toEqual(before);
  await page.getByRole("button", { name: "Save order" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Order saved." })).toBeVisible();

  // ── API tokens: shown once, then revoked ──
  await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "API tokens" }).click();
  await expect(page).toHaveURL(/\/console\/demo\/tokens$/);
  await expect(page.getByRole("heading", { level: 1, name: "API tokens" })).toBeVisible();
  const tokenName = `e2e token ${Date.now()}`;
  await page.getByLabel("Name", { exact: true }).fill(tokenName);
  await page.getByRole("button", { name: "Create token" }).click();
  const token = page.getByTestId("new-token");
  await expect(token).toHaveText(/^gnt_[A-Za-z0-9_-]{20,}$/);
  const row = page.getByTestId(`token-row-${tokenName}`);
  await expect(row).toContainText("Active");
  await shot(page, "07-token-created");
  // Shown once: a fresh load has no trace of it.
  const value = await token.innerText();
  await page.reload();
  expect(await page.content()).not.toContain(value);

  await row.getByRole("button", { name: "Revoke" }).click();
  await row.getByRole("button", { name: "Yes, revoke" }).click();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: "Revoke" })).toHaveCount(0);
  await shot(page, "08-token-revoked");

  // A revoked token no longer opens the console API.
  const res = await page.request.get("/console/api/challenges", { headers: { authorization: `Bearer ${value}` } });
  expect(res.status()).toBe(401);

  expect(dialogs).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("LLM providers keep keys write-only; members are added, re-roled and removed, the owner protected", async ({ page }) => {
  test.setTimeout(240_000);
  const consoleErrors = await startAsCreator(page);
  const nav = page.getByRole("navigation", { name: "Workspace" });

  // ── an LLM provider: the key is accepted and never shown again ──
  await page.goto("/console/demo");
  await nav.getByRole("link", { name: "LLM providers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "LLM providers" })).toBeVisible();
  const key = `sk-e2e-${Date.now()}`;
  await page.getByLabel("Name", { exact: true }).fill("Local e2e");
  await page.getByLabel("Base URL").fill("http://127.0.0.1:9/v1");
  await page.getByLabel("API key").fill(key);
  await page.getByLabel("Models").fill("tiny-model");
  await page.getByRole("button", { name: "Add provider" }).click();
  const providerRow = page.getByTestId("providers-table").getByRole("row", { name: /Local e2e/ });
  await expect(providerRow).toContainText("Set (hidden)");
  expect(await page.content()).not.toContain(key);
  await shot(page, "10-providers");
  await providerRow.getByRole("button", { name: "Delete" }).click();
  await providerRow.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByTestId("providers-table")).toHaveCount(0);

  // ── members: add the demo player, change the role, remove; the owner is protected ──
  await nav.getByRole("link", { name: "Members" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  const members = page.getByTestId("members-table");
  await expect(members.getByRole("row", { name: /Demo Creator/ })).toContainText("Protected");
  await page.getByLabel("Email", { exact: true }).fill("nobody-registered@example.test");
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "register first" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill("player@demo.gauntlet.local");
  await page.getByRole("button", { name: "Add member" }).click();
  const playerRow = members.getByRole("row", { name: /Demo Player/ });
  await expect(playerRow).toBeVisible();
  await playerRow.getByLabel("Role of Demo Player").selectOption("admin");
  await playerRow.getByRole("button", { name: "Change role" }).click();
  await expect(playerRow.getByLabel("Role of Demo Player")).toHaveValue("admin");
  await page.reload();
  await expect(members.getByRole("row", { name: /Demo Player/ }).getByLabel("Role of Demo Player")).toHaveValue("admin");
  await shot(page, "11-members");
  await members.getByRole("row", { name: /Demo Player/ }).getByRole("button", { name: "Remove" }).click();
  await members.getByRole("row", { name: /Demo Player/ }).getByRole("button", { name: "Yes, remove" }).click();
  await expect(members.getByRole("row", { name: /Demo Player/ })).toHaveCount(0);

  expect(consoleErrors).toEqual([]);
});

test("a plugin made from the evaluator template passes a sandbox test run", async ({ page }) => {
  test.setTimeout(180_000);
  const consoleErrors = await startAsCreator(page);

  // ── a plugin from the evaluator template, then a test run in the sandbox ──
  await page.goto("/console/demo/plugins/new");
  const slug = `e2e-eval-${Date.now()}`;
  await page.getByLabel("Plugin id").fill(slug);
  await page.getByLabel("Name", { exact: true }).fill("E2E evaluator");
  await expect(page.getByLabel("Code")).toHaveValue(/function evaluate/);
  await page.getByLabel("Config JSON schema").fill("{ not json");
  await expect(page.getByText("The config schema is not valid JSON.")).toBeVisible();
  await page.getByLabel("Config JSON schema").fill(JSON.stringify({ type: "object" }));
  await page.getByRole("button", { name: "Create plugin" }).click();
  await expect(page).toHaveURL(/\/console\/demo\/plugins\/[0-9a-f-]{36}$/);
  await page.getByLabel("Config (JSON)").fill(JSON.stringify({ must_contain: ["secret"] }));
  await page.getByLabel("Response", { exact: true }).fill("The secret is out");
  await page.getByRole("button", { name: "Run test" }).click();
  const result = page.getByTestId("plugin-test-result");
  await expect(result).toContainText("Returned in");
  await expect(result).toContainText('"passed": true');
  await shot(page, "09-plugin-test-run");

  expect(consoleErrors).toEqual([]);
});

test("someone who is not a member gets a 404 for the workspace's console", async ({ page }) => {
  await page.goto("/login?next=/console");
  await page.getByLabel("Email", { exact: true }).fill("player@demo.gauntlet.local");
  await page.getByLabel("Password", { exact: true }).fill("demo-player-pass");
  await page.getByRole("button", { name: "Log in" }).click();
  // The login page's own address ends in ?next=/console: match the path.
  await expect(page).toHaveURL((url) => url.pathname === "/console");
  const res = await page.goto("/console/demo");
  expect(res?.status()).toBe(404);
  const tokens = await page.goto("/console/demo/tokens");
  expect(tokens?.status()).toBe(404);
});
