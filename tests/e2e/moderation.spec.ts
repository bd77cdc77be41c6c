import { expect, test, type Page } from "@playwright/test";
import { register, SECRET_PROMPT_GRAPH, trackConsoleErrors } from "./support";

// Moderation on a multi-tenant instance: an organiser's new workspace publishes a challenge that
// works by link but is not listed; a player reports it from its page; the instance administrator
// (INSTANCE_ADMINS, set by playwright.config.ts) approves the workspace on /admin, resolves the
// report, then hides the challenge again; every step shows in the audit log. Anyone else gets
// the site's 404 on /admin.

const ADMIN_EMAIL = "moderator@e2e.example.test";
const PASSWORD = "a long enough password";

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `tests/artifacts/screenshots/moderation-${name}.png`, fullPage: true });

/** Signs the administrator in (registering the account on the server's first run). */
async function signInAsAdmin(page: Page) {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });
  await page.goto("/register?next=/admin");
  await page.getByLabel("Name", { exact: true }).fill("Moderator");
  await page.getByLabel("Email", { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  try {
    await page.waitForURL((url) => url.pathname === "/admin", { timeout: 10_000 });
  } catch {
    // Registered by an earlier run against the same server: log in instead.
    await page.goto("/login?next=/admin");
    await page.getByLabel("Email", { exact: true }).fill(ADMIN_EMAIL);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
  }
}

test("a new workspace's challenge is unlisted until an administrator approves it; reports reach /admin", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;

  // The organiser scripts the event: a workspace through the API, then a published challenge.
  const organiserContext = await browser.newContext();
  const organiser = await organiserContext.newPage();
  const errors = trackConsoleErrors(organiser);
  await register(organiser, "Moderation Organiser", "/");
  const created = await organiser.request.post("/console/api/workspaces", { headers: { origin }, data: { name: "Moderated event" } });
  expect(created.status()).toBe(201);
  const workspace = (await created.json()).workspace as { id: string; slug: string; listing_approval: string };
  expect(workspace.listing_approval).toBe("pending");
  const api = { headers: { origin, "x-workspace-id": workspace.id } };
  const name = `Moderated gate ${Date.now()}`;
  const challengeRes = await organiser.request.post("/console/api/challenges", {
    ...api,
    data: { name, goal: "Make the gate say the password.", secret: "MODERATED-42" },
  });
  expect(challengeRes.status()).toBe(201);
  const challenge = (await challengeRes.json()).challenge as { id: string; workflow_id: string };
  expect((await organiser.request.put(`/console/api/workflows/${challenge.workflow_id}/draft`, { ...api, data: { graph: SECRET_PROMPT_GRAPH } })).status()).toBe(200);
  expect((await organiser.request.post(`/console/api/workflows/${challenge.workflow_id}/publish`, api)).status()).toBeLessThan(300);

  // The console says why it is not listed yet.
  await organiser.goto(`/console/${workspace.slug}`);
  await expect(organiser.getByTestId("listing-pending")).toBeVisible();

  // Not listed, but its link works.
  await organiser.goto(`/challenges?q=${encodeURIComponent(name)}`);
  await expect(organiser.getByTestId("challenge-card").filter({ hasText: name })).toHaveCount(0);
  await organiser.goto(`/challenges/${challenge.id}`);
  await expect(organiser.getByRole("heading", { level: 1, name })).toBeVisible();

  // A player reports it from its page.
  const playerContext = await browser.newContext();
  const player = await playerContext.newPage();
  await register(player, "Moderation Reporter", "/");
  await player.goto(`/challenges/${challenge.id}`);
  const report = player.getByTestId("report-listing");
  await report.getByText("Report", { exact: true }).click();
  await report.getByLabel("Reason").selectOption("malicious");
  await report.getByLabel("Details (optional)").fill("The instructions ask players for their passwords.");
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(player).toHaveURL(/report=sent/);
  await expect(player.getByTestId("report-listing")).toContainText("your report reached the administrators");
  await shot(player, "01-reported");

  // A player is not an administrator: /admin is this site's 404.
  const refused = await player.goto("/admin");
  expect(refused?.status()).toBe(404);

  // The administrator approves the workspace and resolves the report.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await expect(admin.getByRole("heading", { level: 1, name: "Administration" })).toBeVisible();
  const row = admin.locator(`[data-testid="admin-workspace-row"][data-workspace="${workspace.slug}"]`);
  await expect(row).toContainText("Waiting for approval");
  await row.getByRole("textbox").fill("known organiser");
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByText("Done.")).toBeVisible();
  await expect(admin.locator(`[data-testid="admin-workspace-row"][data-workspace="${workspace.slug}"]`)).toContainText("Approved");
  const reportRow = admin.getByTestId("admin-report-row").filter({ hasText: name });
  await expect(reportRow).toContainText("malicious");
  await reportRow.getByRole("button", { name: "Resolve" }).click();
  await expect(admin.getByTestId("admin-report-row").filter({ hasText: name })).toHaveCount(0);
  await shot(admin, "02-admin");

  await organiser.goto(`/challenges?q=${encodeURIComponent(name)}`);
  await expect(organiser.getByTestId("challenge-card").filter({ hasText: name })).toHaveCount(1);

  // Hidden again by the administrator: off the list, still reachable by link.
  await admin.goto("/admin#listings");
  const listing = admin.locator(`[data-testid="admin-listing-row"][data-listing="${challenge.id}"]`);
  await listing.getByRole("button", { name: "Hide" }).click();
  await expect(admin.getByText("Done.")).toBeVisible();
  await organiser.goto(`/challenges?q=${encodeURIComponent(name)}`);
  await expect(organiser.getByTestId("challenge-card").filter({ hasText: name })).toHaveCount(0);
  await organiser.goto(`/challenges/${challenge.id}`);
  await expect(organiser.getByRole("heading", { level: 1, name })).toBeVisible();

  // Every step is in the audit log.
  const audit = admin.getByTestId("admin-audit");
  await expect(audit).toContainText("workspace.approve");
  await expect(audit).toContainText("report.resolve");
  await expect(audit).toContainText("listing.hide");
  await expect(audit).toContainText("known organiser");
  await shot(admin, "03-audit");

  expect(errors).toEqual([]);
  await Promise.all([organiserContext.close(), playerContext.close(), adminContext.close()]);
});
