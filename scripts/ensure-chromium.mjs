#!/usr/bin/env node
// Run before the browser tests (`npm run test:e2e`): makes sure the Chromium that
// playwright.config.ts launches is there. Same lookup as that file: CHROMIUM_PATH, else
// /usr/bin/chromium or /usr/bin/chromium-browser. When none is found and we run as root with
// apt-get (CI, a fresh container), Debian's `chromium` is installed non-interactively; otherwise
// it stops with one line saying what to install. Playwright never downloads a browser here.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

export const CHROMIUM_CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

export const MISSING_MESSAGE =
  "Browser tests need Chromium: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.";

/**
 * What to do: "ok" (found), "install" (apt-get as root), or "missing" with the one line to print.
 * @param {{ chromiumPath?: string, exists: (p: string) => boolean, isRoot: boolean, hasAptGet: boolean }} s
 */
export function chromiumPlan({ chromiumPath, exists, isRoot, hasAptGet }) {
  if (chromiumPath) {
    return exists(chromiumPath)
      ? { action: "ok", path: chromiumPath }
      : { action: "missing", message: `CHROMIUM_PATH=${chromiumPath} does not exist. ${MISSING_MESSAGE}` };
  }
  const found = CHROMIUM_CANDIDATES.find(exists);
  if (found) return { action: "ok", path: found };
  if (isRoot && hasAptGet) return { action: "install" };
  return { action: "missing", message: MISSING_MESSAGE };
}

function hasCommand(name) {
  return spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;
}

function main() {
  const state = () => ({
    chromiumPath: process.env.CHROMIUM_PATH || undefined,
    exists: existsSync,
    isRoot: typeof process.getuid === "function" && process.getuid() === 0,
    hasAptGet: hasCommand("apt-get"),
  });
  let plan = chromiumPlan(state());
  if (plan.action === "install") {
    console.log(
      "Chromium not found: installing Debian's chromium for the browser tests (apt-get install -y chromium)…",
    );
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const run = (args) =>
      spawnSync("apt-get", args, { stdio: ["ignore", "inherit", "inherit"], env }).status === 0;
    // The package lists may be empty on a fresh machine: update first, then install.
    if (!run(["update", "-qq"]) || !run(["install", "-y", "-qq", "--no-install-recommends", "chromium"])) {
      console.error(`apt-get could not install chromium. ${MISSING_MESSAGE}`);
      process.exit(1);
    }
    plan = chromiumPlan({ ...state(), isRoot: false });
  }
  if (plan.action !== "ok") {
    console.error(plan.message);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
