import { expect, test, type Page } from "@playwright/test";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";
import { trackConsoleErrors } from "./support";

// A creator adds a webhook endpoint (a private URL is refused with a message naming
// OUTBOUND_ALLOW), copies the secret shown once, sends a test event that a real local receiver
// verifies with the standardwebhooks package, sees it in the delivery log and resends it (same
// webhook-id). The receiver's port is allowed for the server in playwright.config.ts.

const WEBHOOK_PORT = Number(process.env.E2E_WEBHOOK_PORT ?? 2727);
let receiver: WebhookReceiver;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver({ port: WEBHOOK_PORT });
});

test.afterAll(async () => {
  await receiver.close();
});

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: `tests/artifacts/screenshots/webhooks-${name}.png`,
    fullPage: true,
    caret: "initial",
  });

test("a creator adds a webhook and sends a test event", async ({ page }) => {
  test.setTimeout(120_000);
  const consoleErrors = trackConsoleErrors(page);

  await page.goto("/login?next=/console/demo/webhooks");
  await page.getByLabel("Email", { exact: true }).fill("creator@demo.gauntlet.local");
  await page.getByLabel("Password", { exact: true }).fill("demo-creator-pass");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/console/demo/webhooks");
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
  await expect(page.getByText("No webhook endpoints")).toBeVisible();

  // A private address is refused, and the message says how an operator could allow it.
  await page.getByLabel("Endpoint URL").fill("http://10.20.30.40/hook");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(
    page.getByText(/10\.20\.30\.40 is not an allowed outbound target.*OUTBOUND_ALLOW/).first(),
  ).toBeVisible();
  await expect(page.getByTestId("webhook-secret")).toHaveCount(0);

  // The local receiver (allowed for this server): first blood and record beaten.
  await page.getByLabel("Endpoint URL").fill(`${receiver.origin}/e2e`);
  await page.getByLabel("Description (optional)").fill("E2E receiver");
  await page.getByLabel(/^Record beaten/).check();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const secret = (await page.getByTestId("webhook-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^whsec_/);
  receiver.secret = secret;
  await shot(page, "01-created");
  await expect(page.getByTestId("webhooks-table")).toContainText(`${receiver.origin}/e2e`);
  await expect(page.getByTestId("webhooks-table")).toContainText(
    "challenge_first_blood, challenge_record_beaten",
  );

  await page.getByRole("link", { name: /Open the endpoint/ }).click();
  await expect(page).toHaveURL(/\/console\/demo\/webhooks\/[0-9a-f-]{36}$/);
  // The secret is not on the endpoint's page.
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(page.getByText("Nothing sent yet")).toBeVisible();

  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByTestId("webhook-test-outcome")).toHaveText(
    "Delivered: your endpoint answered HTTP 200.",
  );
  expect(receiver.requests).toHaveLength(1);
  const first = receiver.requests[0]!;
  expect(first.verifyError).toBeNull();
  expect(first.verified).toMatchObject({ event: "webhook.test" });

  const entry = page.getByTestId("delivery-succeeded");
  await expect(entry).toHaveCount(1);
  await entry.locator("summary").click();
  await expect(entry).toContainText("Try 1 · 200");
  await expect(entry).toContainText(String(first.headers["webhook-id"]));
  await shot(page, "02-test-delivered");

  await entry.getByRole("button", { name: "Resend" }).click();
  await expect.poll(() => receiver.requests.length).toBe(2);
  expect(receiver.uniqueMessages()).toEqual([first.headers["webhook-id"]]);
  await expect(page.getByTestId("delivery-succeeded")).toContainText("2 tries");

  expect(consoleErrors).toEqual([]);
});
