import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The repository stands alone: no source, test or doc file points at a document a clone does not
// have (planning notes, design drafts, tracker numbers). Facts the code relies on live in the
// repository itself: README.md, ARCHITECTURE.md, docs/ and the READMEs beside the code.
//
// What counts as such a pointer (each pattern below says why it is precise enough):
// - the names of the planning documents (upper-case file names, e.g. a "...-PROTOCOL.md" contract)
//   and a "SPEC <section>" reference; Gauntlet's own docs are named in lower case under docs/;
// - a path into the sibling folder of planning notes beside the repository;
// - a numbered design draft ("seed" followed by a three-digit number, or the `seeds/` folder) and
//   "the seed's …" (the draft's types or rules). Other senses of "seed" stay allowed: the demo
//   seed (`lib/seed/`, `db:seed`, "seeds the demo"), a random seed ("seed %i", `seededRng`);
// - a tracker number (the word "issue" followed by a number). A link to a third-party bug is
//   allowed when it is a URL (https://github.com/<owner>/<repo>/issues/98): URLs are removed from
//   a line before it is checked, so only bare numbers that mean nothing to a reader are refused.
//   "issues" in its other senses ("validation issues", "the first issue's message") has no number.
// The words are assembled from parts so this file does not itself contain what it refuses.
const w = (...parts: string[]) => parts.join("");
const patterns: { name: string; re: RegExp }[] = [
  {
    name: "planning document",
    re: new RegExp(
      String.raw`\b(?:${w("ARENA", "-PROTOCOL")}|${w("PACKS", "-FORMAT")}|${w("STACK", "-NOTES")})\b|\b(?:CONVENTIONS|SPEC)\.md\b`,
    ),
  },
  { name: "spec section", re: /\bSPEC \d/ },
  { name: "path outside the repository", re: new RegExp(String.raw`\.\./${w("sha", "red")}\b`) },
  { name: "design draft", re: /\bseeds?[ -]?0\d\d\b|\bseeds\/|\bthe seed's\b/i },
  { name: "tracker number", re: /\bissues? *#?\d/i },
];

// Text files only; the lock file is generated, and this file names the patterns it looks for.
const SKIP = new Set(["package-lock.json", "tests/unit/repo/stands-alone.test.ts"]);
const BINARY = /\.(?:png|jpe?g|gif|webp|ico|woff2?|ttf|otf|pdf|zip|gz|wasm|db)$/i;
const URL_RE = /\bhttps?:\/\/\S+/g;

const root = fileURLToPath(new URL("../../..", import.meta.url));

/** Every line of the given files that points outside the repository, as `file:line: text`. */
function pointersOutside(files: string[], read: (file: string) => string): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (SKIP.has(file) || BINARY.test(file)) continue;
    const text = read(file);
    if (text.includes("\u0000")) continue;
    text.split("\n").forEach((line, i) => {
      const checked = line.replace(URL_RE, "");
      const hit = patterns.find((p) => p.re.test(checked));
      if (hit) found.push(`${file}:${i + 1}: [${hit.name}] ${line.trim().slice(0, 160)}`);
    });
  }
  return found;
}

function trackedFiles(): string[] {
  return execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 })
    .split("\u0000")
    .filter(Boolean);
}

describe("the repository stands alone", () => {
  it("no tracked file points at documents outside the repository", () => {
    const files = trackedFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = pointersOutside(files, (f) => {
      try {
        return readFileSync(`${root}${f}`, "utf8");
      } catch {
        return ""; // tracked but deleted in the working tree
      }
    });
    expect(found, `pointers outside the repository:\n${found.join("\n")}`).toEqual([]);
  });

  it("refuses the pointers it is meant to refuse, and lets other senses of the words through", () => {
    const lines = [
      `// SpecArena protocol: arena/join (${w("ARENA", "-PROTOCOL")}.md); also served at /api/arena/join.`,
      "// Every field of the challenge form (SPEC 3.2).",
      `// Challenge packs (${w("se", "ed 002")}, ../${w("sha", "red")}/${w("PACKS", "-FORMAT")}.md)`,
      `| challenges | every ${w("se", "ed-000")} field |`,
      `/** The metrics a scorer sees (${w("Se", "ed 000")} AttemptMetrics). */`,
      "// Wire names are the seed's (snake_case).",
      `// ${w("Iss", "ue 12")} crash test: the worker dies mid-job.`,
      `it('caps evaluation input (${w("iss", "ue 10")} §3)', () => {});`,
      `// No output: 0 whatever the smoothing (sacreBLEU, ${w("iss", "ue #141")}).`,
    ];
    const allowed = [
      "- `SEED_DEMO=false` — skip the demo seed; `npm run db:seed` seeds it again.",
      'it.each([1, 2, 3])("seed %i: two distinct wealths", (seed) => {});',
      "// The seed composes each level's secret from random parts.",
      "// sacreBLEU returns 0 here (https://github.com/mjpost/sacrebleu/issues/141).",
      "// 400 with the first issue's message; validation issues are listed with their paths.",
      "// the pack format's evaluation-spec rules (docs/packs.md §3)",
    ];
    const read = (f: string) => (f === "bad.ts" ? lines.join("\n") : allowed.join("\n"));
    const found = pointersOutside(["bad.ts", "good.ts"], read);
    expect(found.map((f) => f.split(":")[1])).toEqual(lines.map((_, i) => String(i + 1)));
  });
});
