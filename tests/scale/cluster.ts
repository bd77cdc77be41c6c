// Starting and talking to several `next start` instances on one throwaway PostgreSQL database, as
// an operator would deploy them (README "Running more than one instance"). Used by
// two-instances.ts; the pieces are exported so further checks (notifications over SSE, a worker
// process) can reuse them.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { readSse, type SseMessage } from "../../lib/http/sse-reader";

export const root = join(import.meta.dirname, "../..");
const nextBin = join(root, "node_modules/next/dist/bin/next");

export interface Instance {
  name: string;
  port: number;
  base: string;
  proc: ChildProcess;
  dataDir: string;
  /** What the server wrote to stdout/stderr (last 200 lines). */
  output: string[];
  exited: Promise<number | null>;
}

export interface Cluster {
  /** The throwaway database every instance uses. */
  databaseUrl: string;
  /** Configuration every instance shares (DATABASE_URL, keys, REDIS_URL, TRUST_PROXY…). */
  sharedEnv: Record<string, string>;
  instances: Instance[];
  /** Starts one more process on the cluster's database (e.g. `npm run worker`, or an app with other settings). */
  spawnProcess(name: string, args: string[], env?: Record<string, string>, port?: number): Instance;
  stop(): Promise<void>;
}

/** What the two-instance checks share: the cluster, its two apps and the seeded players. */
export interface ScaleContext {
  cluster: Cluster;
  a: Instance;
  b: Instance;
  level1: string;
  collectionId: string | null;
  /** Registered players: their tokens work on either instance. */
  players: { email: string; token: string }[];
}

export interface ClusterOptions {
  /** A PostgreSQL server URL with rights to create databases. */
  serverUrl: string;
  ports: number[];
  redisUrl?: string;
  /** Added to every instance's environment (e.g. JOBS_WORKER=off). */
  extraEnv?: Record<string, string>;
  keepDatabase?: boolean;
}

function databaseUrlFor(serverUrl: string, name: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Resolves when GET /api/health answers 200; rejects when the process exits first or time runs out. */
export async function waitUntilUp(inst: Instance, ms = 90_000): Promise<void> {
  const end = Date.now() + ms;
  let exited = false;
  void inst.exited.then(() => (exited = true));
  while (Date.now() < end) {
    if (exited) throw new Error(`${inst.name} exited before it served:\n${inst.output.slice(-15).join("\n")}`);
    try {
      if ((await fetch(`${inst.base}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${inst.name} did not come up on ${inst.base}:\n${inst.output.slice(-15).join("\n")}`);
}

function spawnWith(name: string, args: string[], env: Record<string, string>, port: number): Instance {
  const dataDir = mkdtempSync(join(tmpdir(), `gauntlet-scale-${name}-`));
  // Each instance its own DATA_DIR, as on its own machine: nothing is shared through files. An
  // empty value unsets a variable the harness's own environment may hold.
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env, DATA_DIR: dataDir };
  for (const [k, v] of Object.entries(merged)) if (v === "") delete merged[k];
  const proc: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: merged,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group, stopped as a whole
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) output.push(line);
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  proc.stdout?.on("data", keep);
  proc.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code: number | null) => resolve(code)));
  return { name, port, base: `http://127.0.0.1:${port}`, proc, dataDir, output, exited };
}

/** A `next start` instance of the existing production build. */
export function spawnApp(name: string, port: number, env: Record<string, string>): Instance {
  return spawnWith(name, [nextBin, "start", "-p", String(port)], env, port);
}

export async function stopInstance(inst: Instance): Promise<void> {
  if (inst.proc.exitCode === null && inst.proc.signalCode === null && inst.proc.pid) {
    try {
      process.kill(-inst.proc.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-inst.proc.pid!, "SIGKILL");
      } catch {
        /* gone */
      }
    }, 5000);
    await inst.exited;
    clearTimeout(timer);
  }
  rmSync(inst.dataDir, { recursive: true, force: true });
}

/**
 * Creates a fresh database and starts one app per port on it with shared keys (migrated by the
 * first start: AUTO_MIGRATE, demo seeded). Needs `npm run build` first.
 */
export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  if (!existsSync(join(root, ".next/BUILD_ID"))) throw new Error("no production build: run `npm run build` first");
  for (const port of opts.ports) {
    const taken = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      () => true,
      () => false,
    );
    if (taken) throw new Error(`port ${port} is already in use`);
  }
  const dbName = `gauntlet_scale_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await adminQuery(opts.serverUrl, `CREATE DATABASE ${dbName}`);
  const databaseUrl = databaseUrlFor(opts.serverUrl, dbName);
  const sharedEnv: Record<string, string> = {
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(32).toString("base64"),
    ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    // Clients are told apart by X-Forwarded-For, as behind one load balancer.
    TRUST_PROXY: "1",
    AUTO_MIGRATE: "true",
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
    OFFLINE_CHUNK_DELAY_MS: "0",
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
    ...opts.extraEnv,
  };
  // The harness's own environment must not leak a different store or database into the apps.
  const cleared = { RATE_LIMIT_STORE: "", PUBSUB: "", ...(opts.redisUrl ? {} : { REDIS_URL: "" }) };
  const extra: Instance[] = [];
  const instances: Instance[] = [];
  const cluster: Cluster = {
    databaseUrl,
    sharedEnv,
    instances,
    spawnProcess(name, args, env = {}, port = 0) {
      const inst = spawnWith(name, args, { ...cleared, ...sharedEnv, ...env }, port);
      extra.push(inst);
      return inst;
    },
    async stop() {
      await Promise.all([...instances, ...extra].map(stopInstance));
      if (!opts.keepDatabase) await adminQuery(opts.serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    },
  };
  try {
    // Both start at once, as a deployment would: migrations and the demo seed race safely.
    opts.ports.forEach((port, i) =>
      instances.push(spawnApp(String.fromCharCode(65 + i), port, { ...cleared, ...sharedEnv })),
    );
    await Promise.all(instances.map((inst) => waitUntilUp(inst)));
  } catch (err) {
    await cluster.stop();
    throw err;
  }
  return cluster;
}

export interface ApiAnswer {
  status: number;
  json: any;
  ms: number;
}

/** One JSON API call; `ip` is the client address the load balancer would forward. */
export async function api(
  inst: Instance,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; ip?: string } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { "x-forwarded-for": opts.ip ?? "198.51.100.7" };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const start = performance.now();
  const res = await fetch(`${inst.base}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: res.status, json, ms: performance.now() - start };
}

/** Logs in with a password on `inst`; returns the Bearer token. */
export async function login(inst: Instance, email: string, password: string, ip?: string): Promise<string> {
  const res = await api(inst, "POST", "/web/api/login", { body: { email, password }, ip });
  if (res.status !== 200) throw new Error(`login on ${inst.name} failed: ${res.status} ${JSON.stringify(res.json)}`);
  return (res.json as { access_token: string }).access_token;
}

/** A random documentation-range address (one "client" behind the balancer). */
export function randomClientIp(): string {
  const b = randomBytes(2);
  return `203.0.${b[0]! % 255}.${(b[1]! % 254) + 1}`;
}

export interface SseConnection {
  messages: AsyncGenerator<SseMessage>;
  close(): void;
}

/**
 * Opens a server-sent event stream on `inst` (GET unless a body is given). Hook for the
 * notification checks: a player connected to A, events caused on B.
 */
export async function openSse(
  inst: Instance,
  path: string,
  opts: { token?: string; body?: unknown; ip?: string } = {},
): Promise<SseConnection> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: "text/event-stream", "x-forwarded-for": opts.ip ?? "198.51.100.7" };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${inst.base}${path}`, {
    method: opts.body === undefined ? "GET" : "POST",
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: controller.signal,
  });
  if (!res.ok || !res.body) throw new Error(`SSE ${path} on ${inst.name}: ${res.status} ${await res.text()}`);
  return { messages: readSse(res.body), close: () => controller.abort() };
}
