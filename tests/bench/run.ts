// npm run bench — figures from one run on this machine, measured side by side so the ratios
// matter more than the absolute numbers (machines here are noisy).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NextRequest, NextResponse } from "next/server";
import { z } from "zod";

const dir = mkdtempSync(join(tmpdir(), "gauntlet-bench-"));
process.env.DATA_DIR = dir;
process.env.DATABASE_URL = `file:${join(dir, "bench.db")}`;
process.env.LOG_LEVEL = "silent";

const { route } = await import("../../lib/api/handler");
const { hashPassword, verifyPassword } = await import("../../lib/crypto");
const { createSessionToken, readSessionToken } = await import("../../lib/auth/session");

async function timeIt(label: string, n: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(200, n); i++) await fn(i); // warm-up
  const start = performance.now();
  for (let i = 0; i < n; i++) await fn(i);
  const ms = performance.now() - start;
  return { label, n, ms, perSec: (n / ms) * 1000, perOpMs: ms / n };
}

const bodySchema = z.strictObject({ name: z.string().min(1).max(80), count: z.number().int() });
const wrapped = route({ auth: "public", body: bodySchema }, ({ body }) => ({ ok: true, name: body.name }));
const bare = async (req: NextRequest): Promise<Response> => {
  const body = (await req.json()) as { name: string };
  return NextResponse.json({ ok: true, name: body.name });
};
const mkReq = () =>
  new NextRequest("http://localhost:3000/x", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.1" },
    body: JSON.stringify({ name: "bench", count: 1 }),
  });
const ctx = { params: Promise.resolve({}) };

// Alternate the two in rounds and keep each one's best round, so JIT warm-up and background
// noise hit both alike.
const N = 5_000;
type R = Awaited<ReturnType<typeof timeIt>>;
let rBare: R | undefined;
let rWrapped: R | undefined;
for (let round = 0; round < 4; round++) {
  const b = await timeIt("bare route handler", N, () => bare(mkReq()).then((r) => r.text()));
  const w = await timeIt("route() wrapper (caller, zod, CSRF, errors)", N, () =>
    wrapped(mkReq(), ctx).then((r) => r.text()),
  );
  if (!rBare || b.perSec > rBare.perSec) rBare = b;
  if (!rWrapped || w.perSec > rWrapped.perSec) rWrapped = w;
}
const hash = await hashPassword("benchmark password");
const rHash = await timeIt("scrypt verify (N=2^15)", 20, () => verifyPassword("benchmark password", hash));
const token = await createSessionToken({ id: "00000000-0000-4000-8000-000000000000", email: "b@x.io", name: "B" });
const rEncode = await timeIt("session token encode", 2000, () =>
  createSessionToken({ id: "00000000-0000-4000-8000-000000000000", email: "b@x.io", name: "B" }),
);
const rDecode = await timeIt("session token decode", 2000, () => readSessionToken(token));

if (!rBare || !rWrapped) throw new Error("no rounds ran");
const rows = [rBare, rWrapped, rHash, rEncode, rDecode];
console.log("\nGauntlet foundation benchmark (one run, in-process)\n");
console.log("| measurement | n | ops/s | ms/op |\n| --- | ---: | ---: | ---: |");
for (const r of rows) console.log(`| ${r.label} | ${r.n} | ${r.perSec.toFixed(0)} | ${r.perOpMs.toFixed(3)} |`);
console.log(`\nroute() wrapper throughput / bare handler: ${(rWrapped.perSec / rBare.perSec).toFixed(2)}`);
process.exit(0);
