import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Browser tests run against a production build on its own port and a throwaway SQLite
// database. Chromium comes from the system (Debian's `chromium` package); Playwright never
// downloads a browser here.
// In CI the ports are fixed; on a developer machine each run picks its own, so two runs at once do
// not collide (workers inherit process.env, so they see the same choice).
if (!process.env.CI) {
  process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 10000));
  process.env.E2E_SMTP_PORT ??= String(Number(process.env.E2E_PORT) + 10000);
  process.env.E2E_WEBHOOK_PORT ??= String(Number(process.env.E2E_PORT) + 20000);
}
const PORT = Number(process.env.E2E_PORT ?? 3210);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2626);
// The webhook test's receiver (tests/e2e/webhooks.spec.ts) listens here; the server may reach it.
export const WEBHOOK_PORT = Number(process.env.E2E_WEBHOOK_PORT ?? 2727);
const chromium = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [["list"], ["json", { outputFile: process.env.E2E_JSON_REPORT ?? "tests/artifacts/reports/playwright.json" }]]
    : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          ...(chromium ? { executablePath: chromium } : {}),
          args: [
            "--no-sandbox",
            "--headless",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
          ],
        },
      },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://localhost:${PORT}/api/health`,
    // Locally a run may first wait for another run's server to finish (scripts/e2e-server.mjs).
    timeout: process.env.CI ? 240_000 : 1_200_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      E2E_PORT: String(PORT),
      E2E_SMTP_PORT: String(SMTP_PORT),
      // The console test's LLM provider (never called) and the webhook test's local receiver.
      OUTBOUND_ALLOW: `127.0.0.1:9,127.0.0.1:${WEBHOOK_PORT}`,
      // The moderation test's instance administrator (tests/e2e/moderation.spec.ts).
      INSTANCE_ADMINS: "moderator@e2e.example.test",
    },
  },
});
