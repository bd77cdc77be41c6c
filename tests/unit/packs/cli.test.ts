// The gauntlet CLI validates bundles offline: "<file>: valid" and exit 0, or one "<file>: <field>
// <message>" line per error and exit 1; a missing file is exit 2; publish without a server
// configured says what to set.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../../..");
const fixture = join(root, "tests/fixtures/packs/support-basics.yaml");
const cli = (...args: string[]) =>
  spawnSync(process.execPath, [join(root, "scripts/gauntlet.mjs"), ...args], {
    encoding: "utf8",
    cwd: tmpdir(), // the CLI works from any directory
    env: { ...process.env, GAUNTLET_URL: "", GAUNTLET_TOKEN: "" },
    timeout: 60_000,
  });

describe("gauntlet packs", () => {
  it("validates a good bundle and lists every error of a bad one with its path", () => {
    const ok = cli("packs", "validate", fixture);
    expect(ok.stdout.trim()).toBe(`${fixture}: valid`);
    expect(ok.status).toBe(0);

    const dir = mkdtempSync(join(tmpdir(), "gauntlet-cli-"));
    const bad = join(dir, "bad.yaml");
    writeFileSync(
      bad,
      readFileSync(fixture, "utf8")
        .replace("difficulty: easy", "difficulty: trivial")
        .replace("  number: 1\n", "  number: 0\n"),
    );
    const res = cli("packs", "validate", fixture, bad);
    expect(res.status).toBe(1);
    const lines = res.stdout.trim().split("\n");
    expect(lines).toContain(`${bad}: version.number must be greater than 0`);
    expect(lines).toContain(`${bad}: challenges[0].difficulty must be one of easy, medium, hard, expert`);
    expect(lines[0]).toBe(`${fixture}: valid`);
  });

  it("exits 2 for a missing file and explains the server settings for publish", () => {
    const missing = cli("packs", "validate", "/nonexistent/pack.yaml");
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/cannot read/);
    const publish = cli("packs", "publish", fixture);
    expect(publish.status).toBe(2);
    expect(publish.stderr).toMatch(/GAUNTLET_URL/);
  });

  it("documents one exit-code rule in --help of the CLI and of every packs command", () => {
    for (const args of [["--help"], ["packs", "--help"], ["packs", "list", "--help"], ["packs", "run", "--help"]]) {
      const help = cli(...args);
      expect(help.status).toBe(0);
      expect(help.stdout).toContain("Exit codes (every command):");
      expect(help.stdout).toMatch(/\n {2}3 {4}the server refused the request \(4xx/);
      expect(help.stdout).toMatch(/\n {2}4 {4}the server failed \(5xx\) or could not be reached/);
      expect(help.stdout).toMatch(/\n {2}5 {4}the run was refused because cases need a sandbox provider/);
    }
    expect(cli("packs", "run", "--help").stdout).toContain("--prompt-only");
  });
});
