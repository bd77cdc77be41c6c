// (js) Each player page's gzip JavaScript beside the 150 KB budget, measured from the build
// output: `next start` serves the existing production build (run `npm run build` first; this
// builds nothing; NEXT_DIST_DIR picks another build folder, e.g. .next-e2e) on a fresh SQLite
// database with the demo seeded, and every page's scripts are fetched and gzipped
// (tests/bench/page-js.ts). Prints one "JS " line per page; exits 1 when a page is over budget.
// Run: npx tsx --conditions=react-server tests/bench/js-budget.ts
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { kb, measurePageJs, PAGE_JS_BUDGET_BYTES } from "./page-js";
import { playerPages } from "./player-pages";

const root = join(import.meta.dirname, "../..");
const distDir = process.env.NEXT_DIST_DIR ?? ".next";
if (!existsSync(join(root, distDir, "BUILD_ID"))) {
  console.log(`JS skipped: no production build in ${distDir} (run \`npm run build\` first)`);
  process.exit(0);
}
const port = Number(process.env.BENCH_JS_PORT ?? 3441);
const dir = mkdtempSync(join(tmpdir(), "gauntlet-js-"));
const base = `http://127.0.0.1:${port}`;
const server = spawn(
  process.execPath,
  [join(root, "node_modules/next/dist/bin/next"), "start", "-p", String(port)],
  {
    cwd: root,
    env: {
      ...process.env,
      NEXT_DIST_DIR: distDir,
      DATA_DIR: dir,
      DATABASE_URL: `file:${join(dir, "js.db")}`,
      AUTH_SECRET: "bench-auth-secret-0123456789abcdef0123456789abcdef",
      ENCRYPTION_KEY: Buffer.alloc(32, 3).toString("base64"),
      APP_URL: base,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      SEED_DEMO: "true",
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  },
);
const stop = () => {
  try {
    process.kill(-server.pid!, "SIGTERM");
  } catch {
    /* gone */
  }
};
process.on("exit", stop);

const deadline = Date.now() + 120_000;
for (;;) {
  const up = await fetch(`${base}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  if (Date.now() > deadline) throw new Error("the server did not come up");
  await new Promise((r) => setTimeout(r, 300));
}

const { pages, cookie } = await playerPages(base);
let over = 0;
const width = Math.max(...pages.map((p) => p.route.length));
for (const page of pages) {
  const m = await measurePageJs(base, page.path, page.asPlayer ? cookie : undefined);
  const ok = m.status === 200 && m.gzipBytes <= PAGE_JS_BUDGET_BYTES;
  if (!ok) over++;
  console.log(
    `JS ${page.route.padEnd(width)}  ${kb(m.gzipBytes).padStart(6)} KB / ${kb(PAGE_JS_BUDGET_BYTES)} KB  ${ok ? "ok" : m.status === 200 ? "OVER" : `HTTP ${m.status}`}  (${m.scripts.length} scripts)`,
  );
  // BENCH_JS_VERBOSE=1 lists each script with its gzip size.
  if (process.env.BENCH_JS_VERBOSE === "1")
    for (const s of m.scripts) console.log(`JS     ${kb(s.gzip).padStart(6)} KB  ${s.src}`);
}
console.log(`JS ${over === 0 ? "every player page is within budget" : `${over} page(s) over budget`}`);
stop();
process.exit(over === 0 ? 0 : 1);
