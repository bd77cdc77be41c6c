import { expect, test, type Page } from "@playwright/test";
import { startSmtpReceiver, type SmtpReceiver } from "../helpers/smtp-receiver";
import { trackConsoleErrors } from "./support";

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2626);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `tests/artifacts/screenshots/${name}.png`, fullPage: true });

let smtp: SmtpReceiver;
test.beforeAll(async () => {
  smtp = await startSmtpReceiver({ port: SMTP_PORT });
});
test.afterAll(async () => {
  await smtp?.close();
});

test("register, log out, log in with password, then with an emailed code", async ({ page }) => {
  const consoleErrors = trackConsoleErrors(page);
  const email = `e2e-${Date.now()}@example.test`;
  const password = "a long enough password";

  await page.goto("/register");
  await page.getByLabel("Name", { exact: true }).fill("Playwright Player");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await shot(page, "01-register");
  await page.getByRole("button", { name: "Create account" }).click();
  // Without a return path a new player lands on the challenges, not the creator console.
  await expect(page).toHaveURL(/\/challenges$/);
  await shot(page, "02-challenges-after-register");

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Log in", exact: true })).toBeVisible();

  // A wrong password gets the generic message, never "no such account" or "wrong password".
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("not the password");
  await page.getByRole("button", { name: "Log in" }).click();
  // Next.js keeps an empty route-announcer alert on the page; ours is the one with text.
  await expect(page.getByRole("alert").filter({ hasText: /./ })).toContainText("Invalid email or password");
  await shot(page, "03-wrong-password");

  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/challenges$/);
  await shot(page, "04-challenges-after-password-login");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/login");
  await page.getByLabel("Email for code").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  const mail = await smtp.waitFor((m) => m.to.includes(email), 15_000);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel("Code", { exact: true }).fill(code!);
  await shot(page, "05-email-code");
  await page.getByRole("button", { name: "Verify code" }).click();
  await expect(page).toHaveURL(/\/challenges$/);
  await page.goto("/console");
  const empty = page.getByTestId("console-empty-state");
  await expect(empty).toBeVisible();
  await shot(page, "06-console-empty-state");

  // The empty state's next step: create a workspace, then the workspace's own empty console.
  await page.getByLabel("Workspace name", { exact: true }).fill("Playwright Team");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page.getByText("Playwright Team").first()).toBeVisible();
  await expect(page.getByTestId("console-empty-state")).toContainText("No challenges yet");
  await shot(page, "07-workspace-console");

  expect(consoleErrors).toEqual([]);
});

test("a player deletes their account from the settings, confirming with the password", async ({ page }) => {
  const email = `e2e-leaver-${Date.now()}@example.test`;
  const password = "a long enough password";
  await page.goto("/register");
  await page.getByLabel("Name", { exact: true }).fill("Leaving Player");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/challenges$/);

  await page.goto("/settings");
  const confirm = page.getByLabel("Type your password to confirm");
  await expect(confirm).toHaveAttribute("type", "password");
  // The email address, on screen for anyone at the browser, is not enough.
  await confirm.fill(email);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("That is not your password.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);

  await confirm.fill(password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Log in", exact: true })).toBeVisible();
  await shot(page, "08-account-deleted");

  // The account is gone: its password no longer logs in.
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /./ })).toContainText("Invalid email or password");
});

test("the seeded demo creator logs in and owns the demo workspace", async ({ page }) => {
  await page.goto("/login?next=/console");
  await page.getByLabel("Email", { exact: true }).fill("creator@demo.gauntlet.local");
  await page.getByLabel("Password", { exact: true }).fill("demo-creator-pass");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/console$/);
  await expect(page.getByText("Demo workspace").first()).toBeVisible();
  await shot(page, "08-demo-creator-console");
  // next-auth's own session endpoint reads the same session.
  const session = await (await page.request.get("/api/auth/session")).json();
  expect(session.user.email).toBe("creator@demo.gauntlet.local");
});
