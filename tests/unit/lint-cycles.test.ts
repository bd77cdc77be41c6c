import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// The cycle check of `npm run lint` (the lint:cycles script, .dependency-cruiser.mjs), run as the
// script runs it, on small trees written for the test instead of the repository.
const root = fileURLToPath(new URL("../..", import.meta.url));
const scripts = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> })
  .scripts;
const [command, ...args] = scripts["lint:cycles"]!.split(" ");
const bin = join(root, "node_modules/.bin", command!);
const dirs: string[] = [];

function check(files: Record<string, string>): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), "gauntlet-cycles-"));
  dirs.push(dir);
  for (const [name, code] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), code);
  }
  // The script's last argument is the tree to check: here the test's tree.
  const run = spawnSync(bin, [...args.slice(0, -1), dir], { cwd: root, encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const cycles: { name: string; files: Record<string, string> }[] = [
  {
    name: "a value import each way",
    files: {
      "a.ts": `import { b } from "./b";\nexport const a = () => b;`,
      "b.ts": `import { a } from "./a";\nexport const b = () => a;`,
    },
  },
  {
    name: "type-only imports each way",
    files: {
      "a.ts": `import type { B } from "./b";\nexport interface A { b: B }`,
      "b.ts": `import type { A } from "./a";\nexport interface B { a?: A }`,
    },
  },
  {
    name: "an inline type import closing a longer cycle",
    files: {
      "run.ts": `import { step } from "./engine/step";\nexport interface RunOptions { id: string }\nexport const run = step;`,
      "engine/step.ts": `import { type Context } from "../types";\nexport const step = (c: Context) => c;`,
      "types.ts": `import type { RunOptions } from "./run";\nexport interface Context { run: RunOptions }`,
    },
  },
  {
    name: "a type re-export and a component",
    files: {
      "panel.tsx": `import { act } from "./actions";\nexport type Result = { ok: boolean };\nexport const Panel = () => act;`,
      "actions.ts": `export type { Result } from "./panel";\nexport const act = 1;`,
    },
  },
];

// Each check starts the tool (a few seconds on a busy machine).
describe("import cycles (npm run lint)", { timeout: 60_000 }, () => {
  it("npm run lint runs the cycle check", () => {
    expect(scripts.lint).toMatch(/(?:^|&& )npm run lint:cycles(?: &&|$)/);
    expect(command).toBe("depcruise");
  });

  it.each(cycles)("fails: $name", ({ files }) => {
    const { status, output } = check(files);
    expect(status).not.toBe(0);
    expect(output).toContain("no-circular");
  });

  it("passes: the shared type in a neutral file", () => {
    const { status, output } = check({
      "a.ts": `import type { Shared } from "./types";\nimport { b } from "./b";\nexport const a = (s: Shared) => b(s);`,
      "b.ts": `import type { Shared } from "./types";\nexport const b = (s: Shared) => s;`,
      "types.ts": `export interface Shared { id: string }`,
    });
    expect(output).not.toContain("no-circular");
    expect(status).toBe(0);
  });
});
