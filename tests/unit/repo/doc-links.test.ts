// The pack documents and the README link to files that exist: every relative Markdown link of
// README.md, ARCHITECTURE.md and docs/*.md (and of the packs' READMEs) names a file of the
// repository, and the README links the pack format and the writing guide.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const docs = readdirSync(join(root, "docs"))
  .filter((f) => f.endsWith(".md"))
  .map((f) => `docs/${f}`);
const FILES = ["README.md", "ARCHITECTURE.md", "lib/packs/validators/README.md", ...docs];

/** Relative link targets of a Markdown text (no URLs, no in-page anchors), without their anchor. */
function relativeLinks(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1] ?? "";
    if (/^[a-z]+:/i.test(target) || target.startsWith("#") || target.startsWith("/")) continue;
    out.push(target.split("#")[0] ?? "");
  }
  return out;
}

describe("documentation links", () => {
  it.each(FILES)("%s links only to files that exist", (file) => {
    const missing = relativeLinks(readFileSync(join(root, file), "utf8")).filter(
      (target) => !existsSync(join(root, dirname(file), target)),
    );
    expect(missing).toEqual([]);
  });

  it("the README links the pack format and the writing guide", () => {
    const links = relativeLinks(readFileSync(join(root, "README.md"), "utf8"));
    expect(links).toContain("docs/packs.md");
    expect(links).toContain("docs/packs-guide.md");
  });
});
