// (arena) The arena over real HTTP against `next start` (a production build; run `npx next build`
// first), SQLite, auth mode, messages persisted:
//   1. ping-pong: two players alternate chat/send + chat/sync (2 POST + 2 GET per round); the
//      round trip of each request and of each round, beside GET /api/ping measured the same way
//      in the same run (the framework's floor);
//   2. fan-out: 100 SSE subscribers on one game's chat stream, 20 messages; every delivery is
//      counted and timed from just before the POST to the frame's arrival.
// Run: npx tsx --conditions=react-server tests/bench/arena.ts [rounds] [subscribers] [messages]
import { spawn } from "node:child_process";
import { createHash, generateKeyPairSync, sign } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
const line = (label: string, xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${label}: p50 ${fmt(percentile(s, 50))} ms, p95 ${fmt(percentile(s, 95))} ms, max ${fmt(s[s.length - 1] ?? NaN)} ms (n=${s.length})`;
};

try {
  await waitFor(`${base}/api/health`, 120_000);
  // Warm-up: JIT and statement caches.
  const warm = await newGame();
  for (let i = 0; i < 100; i++) {
    await post("/api/v1/chat/send", { channel: warm.id, content: `warm ${i}` }, warm.keys[0]);
    await get(`/api/v1/chat/sync?channel=${warm.id}&index=${i}`, warm.keys[1]);
    await get("/api/ping");
  }

  // 1. Ping-pong, alternating rounds of the arena and of /api/ping so noise hits both alike.
  const game = await newGame();
  const arenaRound: number[] = [];
  const arenaReq: number[] = [];
  const pingRound: number[] = [];
  let seen = [0, 0];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    for (const [me, other] of [
      [0, 1],
      [1, 0],
    ] as const) {
      let t = performance.now();
      await post("/api/v1/chat/send", { channel: game.id, content: `ping ${r} from ${me}` }, game.keys[me]);
      arenaReq.push(performance.now() - t);
      t = performance.now();
      const got = (await get(
        `/api/v1/chat/sync?channel=${game.id}&index=${seen[other]! + 1}`,
        game.keys[other],
      )) as { messages: { index: number }[] };
      arenaReq.push(performance.now() - t);
      const last = got.messages.at(-1)?.index;
      if (last === undefined) throw new Error("the other player did not see the message");
      seen = me === 0 ? [seen[0]!, last] : [last, seen[1]!];
    }
    arenaRound.push(performance.now() - t0);
    const p0 = performance.now();
    for (let i = 0; i < 4; i++) await get("/api/ping");
    pingRound.push(performance.now() - p0);
  }
  console.log(`ARENA ${line("ping-pong round (2 POST + 2 GET)", arenaRound)}`);
  console.log(`ARENA ${line("ping-pong, one request", arenaReq)}`);
  console.log(`ARENA ${line("baseline round (4 × GET /api/ping)", pingRound)}`);
  const ratio =
    percentile(
      [...arenaRound].sort((a, b) => a - b),
      50,
    ) /
    percentile(
      [...pingRound].sort((a, b) => a - b),
      50,
    );
  console.log(`ARENA round p50 / baseline p50: ${fmt(ratio)}`);

  // 2. SSE fan-out.
  const fan = await newGame();
  const latencies: number[] = [];
  const fromStamp: number[] = [];
  const postMs: number[] = [];
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
    postMs.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 50));
  }
  const deadline = Date.now() + 10_000;
  while (delivered < subscribers * messages && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  for (const ac of controllers) ac.abort();
  console.log(
    `ARENA fan-out: ${delivered} of ${subscribers * messages} deliveries (${subscribers} subscribers × ${messages} messages)`,
  );
  console.log(`ARENA ${line("message → delivered (from just before the POST)", latencies)}`);
  console.log(`ARENA ${line("the POST itself (until its answer)", postMs)}`);
  console.log(`ARENA ${line("server timestamp → delivered (1 ms clock)", fromStamp)}`);
} finally {
  stop();
}
process.exit(0);
