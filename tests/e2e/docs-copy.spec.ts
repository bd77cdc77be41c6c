import { execFile } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { trackConsoleErrors } from "./support";

// The commands the pages print, read off the rendered pages and run with bash against this server:
// the API reference's register → me (the token kept in GAUNTLET_TOKEN) and the API-tokens page's
// commands, on a host other than APP_URL (127.0.0.1), so each must carry the page's own origin.
// The reference is an index and one page per tag (the single page it replaces was 2 MB), with a
// copy button on every command and a search over every operation. Measured with this build: the
// index about 185 KB, the players' page about 575 KB, the console's (74 operations) about 1.1 MB.

const PORT = Number(process.env.E2E_PORT ?? 3210);
const ORIGIN = `http://127.0.0.1:${PORT}`;
// The index and the players' page, which most readers open, stay small; no page nears the old 2 MB.
const INDEX_MAX_BYTES = 250_000;
const PLAYERS_MAX_BYTES = 650_000;
const MAX_PAGE_BYTES = 1_300_000;

function bash(script: string, env: Record<string, string> = {}): Promise<string> {
  const prelude = `curl() { command curl -sS --max-time 60 -w '\\n@@STATUS:%{http_code}\\n' "$@"; }`;
  const capture = script.includes("| jq");
  const full = capture ? `${script}\nprintf '\\n@@TOKEN:%s\\n' "$GAUNTLET_TOKEN"` : `${prelude}\n${script}`;
  return new Promise((done) =>
    execFile(
      "bash",
      ["-c", full],
      { env: { NODE_ENV: "test", PATH: process.env.PATH ?? "", ...env }, encoding: "utf8" },
      (_e, out, err) => done(`${out}${err}`),
    ),
  );
}
const statuses = (out: string) => [...out.matchAll(/@@STATUS:(\d+)/g)].map((m) => Number(m[1]));

async function commandsOf(page: Page) {
  return page.locator("[data-copyable] code").allInnerTexts();
}

test("the API reference: an index and a page per tag, small, searchable, a copy button on every command", async ({
  page,
  request,
}) => {
  const errors = trackConsoleErrors(page);
  const index = await request.get(`${ORIGIN}/docs/api`);
  expect(index.status()).toBe(200);
  const html = await index.text();
  expect(html.length).toBeLessThan(INDEX_MAX_BYTES);
  const tags = [...html.matchAll(/href="\/docs\/api\/(\w+)"/g)].map((m) => m[1]!);
  expect([...new Set(tags)].slice(0, 3)).toEqual(["web", "arena", "console"]);
  for (const tag of new Set(tags)) {
    const res = await request.get(`${ORIGIN}/docs/api/${tag}`);
    expect(res.status(), tag).toBe(200);
    const body = await res.text();
    expect(body.length, `/docs/api/${tag}: ${body.length} bytes`).toBeLessThan(
      tag === "web" ? PLAYERS_MAX_BYTES : MAX_PAGE_BYTES,
    );
    expect(body, tag).not.toContain("localhost:3000");
  }

  await page.goto(`${ORIGIN}/docs/api/web`);
  const blocks = page.locator("[data-copyable]");
  const count = await blocks.count();
  expect(count).toBeGreaterThan(20);
  await expect(page.locator("[data-copyable] button")).toHaveCount(count);
  // The attempt's answer is documented field by field, not as a bare "object".
  const attempt = page.locator("#post-web-api-challenges-id-attempts");
  await attempt.getByText(/^Response/).click();
  await expect(attempt.getByText("attempts_left", { exact: true })).toBeVisible();
  const login = page.locator("#post-web-api-login");
  await expect(login.locator("code").last()).not.toContainText("Authorization");
  await expect(login.locator("code").last()).toContainText(`${ORIGIN}/web/api/login`);

  await page.getByTestId("api-search").fill("leaderboard collection");
  const results = page.getByTestId("api-search-results").getByRole("link");
  await expect(results.first()).toHaveAttribute(
    "href",
    "/docs/api/web#get-web-api-challenge-collections-id-leaderboard",
  );
  await page.getByTestId("api-search").fill("POST packs");
  await expect(results.first()).toHaveAttribute("href", /^\/docs\/api\/packs#post-console-api-packs/);

  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: ORIGIN });
  await blocks.first().getByRole("button", { name: "Copy" }).click();
  await expect(blocks.first().getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe((await commandsOf(page))[0]);
  expect(errors).toEqual([]);
});

test("the index's register example, pasted into bash, keeps a token that the next example uses", async ({
  page,
}) => {
  await page.goto(`${ORIGIN}/docs/api`);
  const register = await page.getByTestId("auth-register").innerText();
  const me = await page.getByTestId("auth-me").innerText();
  expect(register).not.toContain("Authorization");
  expect(register).toContain(`${ORIGIN}/web/api/register`);
  const email = `copy-${Date.now()}@example.test`;
  const ran = await bash(register.replace("you@example.com", email), { GAUNTLET_TOKEN: "" });
  const token = /@@TOKEN:(\S+)/.exec(ran)?.[1] ?? "";
  expect(token, ran).toMatch(/\S{20,}/);
  const answer = await bash(me, { GAUNTLET_TOKEN: token });
  expect(statuses(answer), answer).toEqual([200]);
  expect(answer).toContain(email);
});

test("the API-tokens page prints commands for the address it was reached at, and they run", async ({
  page,
}) => {
  await page.goto(`${ORIGIN}/login?next=/console/demo/tokens`);
  await page.getByLabel("Email", { exact: true }).fill("creator@demo.gauntlet.local");
  await page.getByLabel("Password", { exact: true }).fill("demo-creator-pass");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/console/demo/tokens");
  await page.getByLabel("Name", { exact: true }).fill(`copy ${Date.now()}`);
  for (const scope of ["console", "play"] as const)
    await page.getByTestId(`token-scope-${scope}`).setChecked(true);
  await page.getByRole("button", { name: "Create token" }).click();
  const curl = await page.getByTestId("token-curl").innerText();
  expect(curl).toContain(`${ORIGIN}/web/api/challenges/`);
  expect(curl).not.toContain("localhost");
  const ran = await bash(curl);
  expect(statuses(ran), ran).toEqual([201, 200]);
});
