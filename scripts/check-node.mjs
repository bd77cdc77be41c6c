#!/usr/bin/env node
// Stops with one line when this Node.js is older than package.json's `engines.node` (Node 22.12:
// `ai@7`, `@ai-sdk/*`, `commander@15` and `jsonpath-plus@11` declare Node 22, and Node 20 reached
// end of life in April 2026). .ci/run uses it; `npm run quickstart` and `npm test` go through
// with-node22.mjs, which switches to the pinned Node 22 instead where it can (Linux x64).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** Parses ">=22.12" (the only form package.json uses) into [major, minor]. */
export function parseMinimum(range) {
  const m = /^>=\s*(\d+)(?:\.(\d+))?/.exec(String(range ?? "").trim());
  if (!m) throw new Error(`engines.node must read ">=MAJOR.MINOR", got ${JSON.stringify(range)}`);
  return [Number(m[1]), Number(m[2] ?? 0)];
}

/** The one line to print when `version` (e.g. "20.20.2") is below `range`, else null. */
export function nodeVersionProblem(version, range) {
  const [wantMajor, wantMinor] = parseMinimum(range);
  const [major, minor] = String(version).replace(/^v/, "").split(".").map(Number);
  if (major > wantMajor || (major === wantMajor && minor >= wantMinor)) return null;
  return (
    `Gauntlet needs Node.js ${wantMajor}.${wantMinor} or newer; this is ${version}. ` +
    `Install Node ${wantMajor} (nvm install ${wantMajor}, your distribution's package, or on Linux x64 ` +
    `\`eval "$(scripts/node22/install.sh)"\`, which fetches a pinned build from the npm registry).`
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  const problem = nodeVersionProblem(process.versions.node, pkg.engines?.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
