// (arena) The arena over real HTTP against `next start` (production build), SQLite, auth mode,
// messages persisted, with the reference's probe:
//   1. ping-pong: A sends (chat/send), B sync-polls chat/sync until it sees the message, then the
//      other way; POST, GET and the round timed apart, each round beside 4 × GET /api/ping, then
//      server CPU per chat/send, chat/sync and ping, each kind alone;
//   2. fan-out: 100 SSE subscribers × 20 messages, each delivery timed from before the POST.
// Each figure is printed beside its target (1.5 × the reference's figures) and recorded.

// Run: npx tsx --conditions=react-server tests/bench/arena.ts [rounds] [subscribers] [messages]
import { spawn } from "node:child_process";
import { createHash, generateKeyPairSync, sign } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { record } from "./record";
import { percentile } from "./stats";

const rounds = Number(process.argv[2] ?? 500);
const subscribers = Number(process.argv[3] ?? 100);
const messages = Number(process.argv[4] ?? 20);
const port = Number(process.env.BENCH_ARENA_PORT ?? 3431);
const dir = mkdtempSync(join(tmpdir(), "gauntlet-arena-"));
const env = {
  DATA_DIR: dir,
  DATABASE_URL: `file:${join(dir, "arena.db")}`,
  AUTH_SECRET: "bench-auth-secret-0123456789abcdef0123456789abcdef",
  ENCRYPTION_KEY: Buffer.alloc(32, 3).toString("base64"),
  APP_URL: `http://127.0.0.1:${port}`,
  NODE_ENV: "production" as const,
  LOG_LEVEL: "warn",
  SEED_DEMO: "false",
  ARENA_MODE: "auth",
  // The bench measures latency, not the limiter: one identity sends far more than 600 a minute.
  ARENA_WRITES_PER_MINUTE: "1000000",
};
const root = join(import.meta.dirname, "../..");
const server = spawn(
  process.execPath,
  [join(root, "node_modules/next/dist/bin/next"), "start", "-p", String(port)],
  {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  },
);
const base = `http://127.0.0.1:${port}`;
const stop = () => {
  try {
    process.kill(-server.pid!, "SIGTERM");
  } catch {
    /* gone */
  }
};
process.on("exit", stop);

async function waitFor(url: string, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer in ${ms} ms`);
}

function identity() {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const hex = publicKey.export({ format: "der", type: "spki" }).toString("hex");
  return {
    hex,
    userId: createHash("sha256").update(hex).digest("hex"),
    sign: (m: string) => sign(null, Buffer.from(m), privateKey).toString("hex"),
  };
}

async function post(path: string, body: unknown, key?: string) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function get(path: string, key?: string) {
  const res = await fetch(`${base}${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function newGame() {
  const game = (await post("/api/v1/challenges/psi", {})) as { id: string; invites: string[] };
  const keys: string[] = [];
  for (const invite of game.invites) {
    const id = identity();
    const timestamp = Date.now();
    const joined = await post("/api/v1/arena/join", {
      invite,
      publicKey: id.hex,
      signature: id.sign(`arena:v1:join:${invite}:${timestamp}`),
      timestamp,
      from: undefined,
    });
    keys.push(joined.sessionKey as string);
  }
  return { id: game.id, keys };
}

const fmt = (n: number) => n.toFixed(2);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const p = (xs: number[], q: number) => percentile(sorted(xs), q);
const line = (label: string, xs: number[]) =>
  `${label}: p50 ${fmt(p(xs, 50))} ms, p95 ${fmt(p(xs, 95))} ms, max ${fmt(sorted(xs).at(-1) ?? NaN)} ms (n=${xs.length})`;

// The reference (SpecArena's own server, in memory) measured with the same probe on one quiet
// machine: its figures as ranges over the runs. Target: at most 1.5 × its best.
const REFERENCE = {
  roundP50: [9.0, 11.8],
  postP50: [2.3, 3.2],
  deliveryP95: [12.8, 17.9],
} as const;
const TARGET_FACTOR = 1.5;

/** Prints one figure (with its target and whether it is met when it has one) and records it. */
function report(name: string, value: number, unit: string, extra: { max?: number; note?: string } = {}) {
  const target = extra.max === undefined ? undefined : `≤ ${fmt(extra.max)} ${unit}`;
  const met = extra.max === undefined ? undefined : value <= extra.max;
  const verdict = target ? ` (target ${target}: ${met ? "met" : "not met"})` : "";
  console.log(`ARENA ${name}: ${fmt(value)} ${unit}${verdict}${extra.note ? `; ${extra.note}` : ""}`);
  record({ section: "arena", name, value, unit, ...(target ? { target, met } : {}) });
}
const refNote = (range: readonly number[]) =>
  `reference measured ${range[0]!.toFixed(1)}–${range[1]!.toFixed(1)} ms`;

/** Server CPU (user + system, ms) of the `next start` process and its children. */
function serverCpuMs(): number {
  const pids = new Set([server.pid!]);
  let total = 0;
  for (let grew = true; grew;) {
    grew = false;
    for (const name of readdirSync("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${name}/stat`, "utf8");
      } catch {
        continue;
      }
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (pids.has(Number(f[1])) && !pids.has(Number(name))) {
        pids.add(Number(name));
        grew = true;
      }
    }
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += Number(f[11]) + Number(f[12]);
    } catch {
      /* gone */
    }
  }
  return (total * 1000) / 100; // clock ticks of 10 ms
}

type Sync = { messages: { index: number }[] };

/** GETs chat/sync from `from` until message `want` shows up; each GET's time goes to `getMs`. */
async function syncPoll(channel: string, key: string, from: number, want: number, getMs: number[]) {
  for (let polls = 1; polls <= 1_000; polls++) {
    const t = performance.now();
    const got = (await get(`/api/v1/chat/sync?channel=${channel}&index=${from}`, key)) as Sync;
    getMs.push(performance.now() - t);
    const last = got.messages.at(-1)?.index ?? 0;
    if (last >= want) return { last, polls };
  }
  throw new Error(`message ${want} never showed up on ${channel}`);
}

try {
  await waitFor(`${base}/api/health`, 120_000);
  // Warm-up: JIT and statement caches.
  const warm = await newGame();
  for (let i = 0; i < 100; i++) {
    await post("/api/v1/chat/send", { channel: warm.id, content: `warm ${i}` }, warm.keys[0]);
    await get(`/api/v1/chat/sync?channel=${warm.id}&index=${i}`, warm.keys[1]);
    await get("/api/ping");
  }

  // 1. Ping-pong: A sends, B sync-polls until it sees the message, then B sends and A polls; each
  // round is followed by 4 × GET /api/ping timed the same way, so noise hits both alike.
  const game = await newGame();
  const roundMs: number[] = [];
  const postMs: number[] = [];
  const getMs: number[] = [];
  const pingMs: number[] = [];
  const pingRoundMs: number[] = [];
  let extraPolls = 0;
  const seen = [0, 0];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    for (const [me, other] of [
      [0, 1],
      [1, 0],
    ] as const) {
      const t = performance.now();
      const sent = await post(
        "/api/v1/chat/send",
        { channel: game.id, content: `ping ${r} from ${me}` },
        game.keys[me],
      );
      postMs.push(performance.now() - t);
      const { last, polls } = await syncPoll(
        game.id,
        game.keys[other]!,
        seen[other]! + 1,
        Number(sent.index),
        getMs,
      );
      extraPolls += polls - 1;
      seen[other] = last;
    }
    roundMs.push(performance.now() - t0);
    const p0 = performance.now();
    for (let i = 0; i < 4; i++) {
      const t = performance.now();
      await get("/api/ping");
      pingMs.push(performance.now() - t);
    }
    pingRoundMs.push(performance.now() - p0);
  }
  console.log(`ARENA ${line("round trip (A send, B sync-poll, B send, A sync-poll)", roundMs)}`);
  console.log(`ARENA ${line("chat/send POST", postMs)}`);
  console.log(`ARENA ${line("chat/sync GET", getMs)}`);
  console.log(`ARENA ${line("4 × GET /api/ping (beside each round)", pingRoundMs)}`);
  console.log(`ARENA ${line("GET /api/ping, one request", pingMs)}`);
  console.log(`ARENA sync polls that did not see the message yet: ${extraPolls} (of ${getMs.length})`);
  report("round trip p50", p(roundMs, 50), "ms", {
    max: TARGET_FACTOR * REFERENCE.roundP50[0],
    note: `${TARGET_FACTOR} × the ${refNote(REFERENCE.roundP50)}`,
  });
  report("round trip p95", p(roundMs, 95), "ms");
  report("chat/send POST p50", p(postMs, 50), "ms", { note: refNote(REFERENCE.postP50) });
  report("chat/send POST p95", p(postMs, 95), "ms");
  report("chat/sync GET p50", p(getMs, 50), "ms");
  report("chat/sync GET p95", p(getMs, 95), "ms");
  report("4 × GET /api/ping p50", p(pingRoundMs, 50), "ms");
  report("4 × GET /api/ping p95", p(pingRoundMs, 95), "ms");
  report("round trip p50 / 4 × ping p50", p(roundMs, 50) / p(pingRoundMs, 50), "ratio");

  // Server CPU per request, each kind alone (less noisy than wall-clock on a shared machine).
  const cpu = async (label: string, n: number, fn: (i: number) => Promise<unknown>) => {
    const c0 = serverCpuMs();
    for (let i = 0; i < n; i++) await fn(i);
    report(`server CPU per ${label}`, (serverCpuMs() - c0) / n, "ms");
  };
  const cpuGame = await newGame();
  await cpu("chat/send", 300, (i) =>
    post("/api/v1/chat/send", { channel: cpuGame.id, content: `cpu ${i}` }, cpuGame.keys[i % 2]),
  );
  await cpu("chat/sync", 300, (i) =>
    get(`/api/v1/chat/sync?channel=${cpuGame.id}&index=${300 - (i % 2)}`, cpuGame.keys[i % 2]),
  );
  await cpu("GET /api/ping", 300, () => get("/api/ping"));
  // 2. SSE fan-out.
  const fan = await newGame();
  const latencies: number[] = [];
  const fromStamp: number[] = [];
  const postMs2: number[] = [];
  const sentAt = new Map<number, number>();
  let delivered = 0;
  const controllers: AbortController[] = [];
  const ready: Promise<void>[] = [];
  for (let s = 0; s < subscribers; s++) {
    const ac = new AbortController();
    controllers.push(ac);
    ready.push(
      new Promise<void>((resolve, reject) => {
        fetch(`${base}/api/v1/chat/ws/${fan.id}`, { signal: ac.signal })
          .then(async (res) => {
            const reader = res.body!.getReader();
            const decoder = new TextDecoder();
            let buf = "";
            for (;;) {
              const { value, done } = await reader.read();
              if (done) return;
              buf += decoder.decode(value, { stream: true });
              let cut: number;
              while ((cut = buf.indexOf("\n\n")) >= 0) {
                const frame = buf.slice(0, cut);
                buf = buf.slice(cut + 2);
                if (!frame.startsWith("data: ")) continue;
                const data = JSON.parse(frame.slice(6)) as {
                  type: string;
                  message?: { index: number; timestamp: number };
                };
                if (data.type === "initial") resolve();
                if (data.type === "new_message") {
                  delivered++;
                  latencies.push(performance.now() - sentAt.get(data.message!.index)!);
                  fromStamp.push(Date.now() - data.message!.timestamp);
                }
              }
            }
          })
          .catch((err: unknown) => {
            if (!ac.signal.aborted) reject(err instanceof Error ? err : new Error(String(err)));
          });
      }),
    );
  }
  await Promise.all(ready);
  for (let m = 0; m < messages; m++) {
    const t = performance.now();
    sentAt.set(m + 1, t); // indexes are 1-based and this is the channel's only writer
    await post("/api/v1/chat/send", { channel: fan.id, content: `fan ${m}` }, fan.keys[m % 2]);
    postMs2.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 50));
  }
  const deadline = Date.now() + 10_000;
  while (delivered < subscribers * messages && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  for (const ac of controllers) ac.abort();
  console.log(`ARENA ${line("message → delivered (from just before the POST)", latencies)}`);
  console.log(`ARENA ${line("the POST itself (until its answer)", postMs2)}`);
  console.log(`ARENA ${line("server timestamp → delivered (1 ms clock)", fromStamp)}`);
  const all = subscribers * messages;
  const complete = delivered === all;
  console.log(
    `ARENA deliveries: ${delivered} (target = ${all}, ${subscribers} subscribers × ${messages} messages: ${complete ? "met" : "not met"})`,
  );
  record({
    section: "arena",
    name: "deliveries",
    value: delivered,
    unit: "count",
    target: `= ${all}`,
    met: complete,
  });
  report("delivery p50", p(latencies, 50), "ms");
  report("delivery p95", p(latencies, 95), "ms", {
    max: TARGET_FACTOR * REFERENCE.deliveryP95[0],
    note: `${TARGET_FACTOR} × the ${refNote(REFERENCE.deliveryP95)}`,
  });
} finally {
  stop();
}
process.exit(0);
