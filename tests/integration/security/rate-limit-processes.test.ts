import { fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// "Atomic across processes": several Node processes hammer one limit on the shared database.
// Within one process better-sqlite3 is synchronous, so only separate processes can show a lost
// update. Each child loads the real module (tsx, react-server condition for `server-only`).

const root = fileURLToPath(new URL("../../..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "gauntlet-rl-proc-"));
const childFile = join(dir, "child.mts");
writeFileSync(
  childFile,
  `const { createLimiter, closeRateLimitStores, rateLimitStoreKind } = await import(process.env.RL_MODULE);
const limiter = createLimiter({ name: process.env.RL_NAME, points: Number(process.env.RL_POINTS), durationSec: 60 });
process.send({ ready: rateLimitStoreKind() });
process.once("message", async () => {
  const attempts = Number(process.env.RL_ATTEMPTS);
  const settled = await Promise.allSettled(Array.from({ length: attempts }, () => limiter.consume("shared")));
  const limited = settled.filter((s) => s.status === "rejected" && s.reason?.code === "rate_limited").length;
  const ok = settled.filter((s) => s.status === "fulfilled").length;
  await closeRateLimitStores();
  process.send({ ok, limited, other: attempts - ok - limited }, () => process.exit(0));
});
`,
);

interface ChildResult {
  ok: number;
  limited: number;
  other: number;
  stderr: string;
}

describe("rate limits across processes", () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Starting four tsx processes takes several seconds on a busy 2-core machine.
  it(
    "4 processes × 60 concurrent consumes against 100 points → exactly 100 pass",
    { timeout: 90_000 },
    async () => {
      const name = `proc-${randomUUID().slice(0, 8)}`;
      const children = Array.from({ length: 4 }, () =>
        fork(childFile, [], {
          cwd: root,
          execArgv: ["--conditions=react-server", "--import", "tsx"],
          env: {
            ...process.env,
            RATE_LIMIT_STORE: "database",
            LOG_LEVEL: "warn",
            RL_MODULE: join(root, "lib/rate-limit/index.ts"),
            RL_NAME: name,
            RL_POINTS: "100",
            RL_ATTEMPTS: "60",
          },
          stdio: ["ignore", "ignore", "pipe", "ipc"],
        }),
      );
      const stderr = children.map(() => "");
      children.forEach((c, i) => c.stderr?.on("data", (d: Buffer) => (stderr[i] += d.toString())));

      const expectedKind = process.env.DATABASE_URL?.startsWith("file:") ? "sqlite" : "postgresql";
      const ready = await Promise.all(
        children.map(
          (c, i) =>
            new Promise<string>((resolve, reject) => {
              c.once("message", (m: { ready: string }) => resolve(m.ready));
              c.once("exit", (code) => reject(new Error(`child exited early (${code}): ${stderr[i]}`)));
            }),
        ),
      );
      expect(ready).toEqual(Array(4).fill(expectedKind));

      const results = await Promise.all(
        children.map(
          (c, i) =>
            new Promise<ChildResult>((resolve) => {
              c.once("message", (m: Omit<ChildResult, "stderr">) =>
                resolve({ ...m, stderr: stderr[i] ?? "" }),
              );
              c.send("go");
            }),
        ),
      );
      await Promise.all(
        children.map((c) =>
          c.exitCode === null ? new Promise((r) => c.once("exit", r)) : Promise.resolve(),
        ),
      );

      // Any store error would have been logged (warn/error) and answered from per-process memory.
      expect(results.map((r) => r.stderr).join("")).toBe("");
      expect(results.reduce((n, r) => n + r.other, 0)).toBe(0);
      expect(results.reduce((n, r) => n + r.ok, 0)).toBe(100);
      expect(results.reduce((n, r) => n + r.limited, 0)).toBe(140);
    },
  );
});
