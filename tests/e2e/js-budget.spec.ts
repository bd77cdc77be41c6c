import { expect, test } from "@playwright/test";
import { kb, measurePageJs, PAGE_JS_BUDGET_BYTES } from "../bench/page-js";
import { playerPages } from "../bench/player-pages";

// The JavaScript budget: every player page a visitor or a logged-in player opens
// downloads at most 150 KB of gzip JavaScript (framework, runtime, layout and page chunks), as
// served by the production build the browser tests run against. `npm run bench` prints the same
// figures (tests/bench/js-budget.ts).

test("every player page stays within the 150 KB gzip JavaScript budget", async ({ baseURL }) => {
  const base = baseURL!;
  const { pages, cookie } = await playerPages(base);
  const measured = [];
  for (const page of pages)
    measured.push({ page, m: await measurePageJs(base, page.path, page.asPlayer ? cookie : undefined) });
  const table = measured
    .map(({ page, m }) => `${page.route}: ${kb(m.gzipBytes)} KB (HTTP ${m.status})`)
    .join("\n");
  console.log(table);
  for (const { page, m } of measured) {
    expect(m.status, `${page.route} (${page.path})`).toBe(200);
    // A page served without its framework scripts would pass trivially.
    expect(m.scripts.length, `${page.route} scripts`).toBeGreaterThan(3);
    expect(m.gzipBytes, `${page.route}: ${kb(m.gzipBytes)} KB gzip JavaScript\n${table}`).toBeLessThanOrEqual(
      PAGE_JS_BUDGET_BYTES,
    );
  }
});
