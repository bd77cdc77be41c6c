// Comments say why in a line or two: no block of 8+ comment lines in the code. Long reasoning
// belongs in ARCHITECTURE.md, a README beside the code or docs/, with a short pointer to it.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const MAX_LINES = 7;
const SCANNED = ["app", "components", "lib", "scripts", "tests", "proxy.ts", "instrumentation.ts", "next.config.ts"];
const SKIPPED = ["lib/generated", "prisma/migrations", "node_modules"];
const SOURCE = /\.(?:ts|tsx|mjs)$/;

// Long blocks still waiting to be shortened: file → the lengths of its long blocks. Empty it as
// they go; an entry that no longer matches fails too, so the list only shrinks.
const ALLOWED: Record<string, number[]> = {
  "lib/db/sql.ts": [18],
  "lib/services/account-deletion.ts": [8],
  "lib/services/attempts/claim-limits.ts": [15],
  "lib/services/attempts/lease.ts": [11],
  "lib/services/attempts/record.ts": [11],
  "lib/services/attempts/secret-claims.ts": [15],
  "lib/services/attempts/submit.ts": [9],
  "lib/services/guests.ts": [8],
  "lib/services/leaderboards/challenge-board.ts": [14],
  "lib/services/leaderboards/global-board.ts": [10],
  "lib/services/notifications/email-digest.ts": [21],
  "lib/services/red-blue/round-port.ts": [15],
  "lib/services/red-blue/submit.ts": [10],
  "tests/bench/postgres.ts": [9],
  "tests/e2e/personas.spec.ts": [12],
  "tests/integration/api/api-only-flow.test.ts": [10],
  "tests/scale/two-instances.ts": [20],
  "tests/unit/packs/validators/reference-metrics.test.ts": [13],
  "tests/unit/repo/stands-alone.test.ts": [16],
};

/** Comment blocks longer than MAX_LINES: runs of `//` lines, or one `/* … *\/` block. */
function longCommentBlocks(text: string): { line: number; length: number }[] {
  const lines = text.split("\n");
  const found: { line: number; length: number }[] = [];
  let i = 0;
  while (i < lines.length) {
    const first = lines[i] ?? "";
    const head = first.trim();
    let end = i + 1;
    if (head.startsWith("//")) {
      while (end < lines.length && (lines[end] ?? "").trim().startsWith("//")) end++;
    } else if (head.startsWith("/*") || head.startsWith("{/*")) {
      if (!first.includes("*/", first.indexOf("/*") + 2)) {
        while (end < lines.length && !(lines[end] ?? "").includes("*/")) end++;
        end = Math.min(end + 1, lines.length);
      }
    } else {
      i = end;
      continue;
    }
    if (end - i > MAX_LINES) found.push({ line: i + 1, length: end - i });
    i = end;
  }
  return found;
}

function sourceFiles(path: string, out: string[] = []): string[] {
  const rel = relative(root, path);
  if (SKIPPED.some((skip) => rel === skip || rel.startsWith(`${skip}/`))) return out;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path)) sourceFiles(join(path, entry), out);
  } else if (SOURCE.test(path)) {
    out.push(rel);
  }
  return out;
}

describe("comment length", () => {
  it("finds long blocks of either kind, and lets short ones through", () => {
    const slashes = (n: number) => Array.from({ length: n }, (_, k) => `  // line ${k}`).join("\n");
    const block = (n: number) => ["/**", ...Array.from({ length: n - 2 }, () => " * why"), " */"].join("\n");
    expect(longCommentBlocks(`const a = 1;\n${slashes(8)}\nconst b = 2;`)).toEqual([{ line: 2, length: 8 }]);
    expect(longCommentBlocks(slashes(7))).toEqual([]);
    expect(longCommentBlocks(`${block(9)}\nexport const c = 3;`)).toEqual([{ line: 1, length: 9 }]);
    expect(longCommentBlocks(`${block(7)}\n/** one line */\n${slashes(3)}`)).toEqual([]);
  });

  it("no source file has a comment block of 8+ lines outside the allow-list", () => {
    const files = SCANNED.flatMap((entry) => {
      try {
        return sourceFiles(join(root, entry));
      } catch {
        return []; // a listed top-level file that does not exist
      }
    });
    expect(files.length).toBeGreaterThan(100);
    const unexpected: string[] = [];
    const stale: string[] = [];
    for (const file of files) {
      const lengths = longCommentBlocks(readFileSync(join(root, file), "utf8"));
      const allowed = [...(ALLOWED[file] ?? [])];
      for (const { line, length } of lengths) {
        const k = allowed.indexOf(length);
        if (k >= 0) allowed.splice(k, 1);
        else unexpected.push(`${file}:${line} (${length} lines)`);
      }
      if (allowed.length) stale.push(`${file}: ${allowed.join(", ")}`);
    }
    const missing = Object.keys(ALLOWED).filter((file) => !files.includes(file));
    expect(unexpected, `comment blocks of 8+ lines (shorten them; move the reasoning to a doc):\n${unexpected.join("\n")}`).toEqual([]);
    expect([...stale, ...missing], "allow-list entries that no longer match: remove them").toEqual([]);
  });
});
