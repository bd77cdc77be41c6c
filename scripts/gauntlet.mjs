#!/usr/bin/env node
// Entry of the `gauntlet` bin: runs scripts/gauntlet.ts through tsx (a dependency of this repo).
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
// tsx resolved from this file, not from the working directory the CLI is run in.
const tsx = import.meta.resolve("tsx");
// Ctrl-C reaches the whole foreground process group: the CLI decides what it means (packs run
// stops waiting and says how to follow the run again), so this wrapper outlives it and passes on
// its exit code.
process.on("SIGINT", () => {});
const out = spawnSync(process.execPath, ["--import", tsx, join(here, "gauntlet.ts"), ...process.argv.slice(2)], {
  stdio: "inherit",
  cwd: process.cwd(),
  // The sources import with the "@/…" alias of the repository's tsconfig, wherever the CLI is run from.
  env: { ...process.env, TSX_TSCONFIG_PATH: join(here, "..", "tsconfig.json") },
});
process.exit(out.status ?? (out.signal === "SIGINT" ? 130 : 1));
