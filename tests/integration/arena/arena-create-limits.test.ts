// Arena game creation is limited per creator, not only per address: in auth mode an agent that
// signs its create requests (arena:v1:create:{type}:{timestamp}) has its own hourly allowance
// (ARENA_GAMES_PER_HOUR), so a harness running many agents from one address is not stopped after
// the first hundred or so games; every game from one address still counts against a generous
// ARENA_GAMES_PER_HOUR_PER_ADDRESS. Refusals keep the arena's error shape {"error", "code"?}.
import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import type { Identity } from "@/tests/helpers/arena";
import type { call as callFn } from "@/tests/helpers/route";

// Small allowances, set before the limits module reads them.
process.env.ARENA_GAMES_PER_HOUR = "3";
process.env.ARENA_GAMES_PER_HOUR_PER_ADDRESS = "8";
process.env.ARENA_MODE = "auth";
resetEnvForTests();

let call: typeof callFn;
let createRoute: Parameters<typeof callFn>[0];
let makeIdentity: () => Identity;
let createGameAsAccount: (accountId: string, type: string) => Promise<unknown>;

beforeAll(async () => {
  ({ call } = await import("@/tests/helpers/route"));
  ({ makeIdentity } = await import("@/tests/helpers/arena"));
  ({ POST: createRoute } = await import("@/app/api/v1/challenges/[name]/route"));
  ({ createGameAsAccount } = await import("@/lib/services/arena/humans"));
});

function signed(id: Identity, type = "psi", timestamp = Date.now()) {
  return { publicKey: id.publicKeyHex, signature: id.sign(`arena:v1:create:${type}:${timestamp}`), timestamp };
}

const create = (ip: string, body?: Record<string, unknown>, type = "psi") =>
  call(createRoute, { method: "POST", path: `/api/v1/challenges/${type}`, params: { name: type }, ip, body });

const statuses = async (n: number, make: () => ReturnType<typeof create>) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await make()).status);
  return out;
};

describe("arena game creation limits", () => {
  it("an unsigned request is limited per address (ARENA_GAMES_PER_HOUR)", async () => {
    const ip = "198.51.100.20";
    expect(await statuses(3, () => create(ip))).toEqual([200, 200, 200]);
    const refused = await create(ip);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ error: "Too many games created from this address. Try again later.", code: "rate_limited" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("a signed agent identity has its own allowance; one address is capped by ARENA_GAMES_PER_HOUR_PER_ADDRESS", async () => {
    const ip = "198.51.100.21";
    const [a, b, c] = [makeIdentity(), makeIdentity(), makeIdentity()];
    expect(await statuses(3, () => create(ip, signed(a)))).toEqual([200, 200, 200]);
    const refusedA = await create(ip, signed(a));
    expect(refusedA.status).toBe(429);
    expect(refusedA.json).toEqual({ error: "Too many games created by this identity. Try again later.", code: "rate_limited" });
    // Another agent on the same address goes on past the unsigned allowance of that address...
    expect(await statuses(3, () => create(ip, signed(b)))).toEqual([200, 200, 200]);
    // ...up to the address's own cap (8: a's 4 tries, b's 3, and one more).
    expect((await create(ip, signed(c))).status).toBe(200);
    const capped = await create(ip, signed(c));
    expect(capped.status).toBe(429);
    expect(capped.json).toEqual({ error: "Too many games created from this address. Try again later.", code: "rate_limited" });
    // Another address is not affected.
    expect((await create("198.51.100.22", signed(a))).status).toBe(429); // a's own allowance is spent
    expect((await create("198.51.100.22", signed(c))).status).toBe(200);
  });

  it("a bad or partial signature is refused in the arena's shape, counting nothing", async () => {
    const ip = "198.51.100.23";
    const id = makeIdentity();
    const forged = { ...signed(id), signature: makeIdentity().sign(`arena:v1:create:psi:${Date.now()}`) };
    expect(await create(ip, forged)).toMatchObject({ status: 401, json: { error: "Invalid signature" } });
    // Signed for another game type.
    expect(await create(ip, signed(id, "ultimatum"))).toMatchObject({ status: 401, json: { error: "Invalid signature" } });
    expect(await create(ip, signed(id, "psi", Date.now() - 10 * 60_000))).toMatchObject({
      status: 401,
      json: { error: "Timestamp expired" },
    });
    expect(await create(ip, { publicKey: id.publicKeyHex })).toMatchObject({
      status: 400,
      json: { error: "publicKey, signature, and timestamp are required" },
    });
    expect(await statuses(3, () => create(ip, signed(id)))).toEqual([200, 200, 200]);
  });

  it("a signed-in account from the browser has the per-identity allowance", async () => {
    const { makeAccount } = await import("@/tests/helpers/factories");
    const account = await makeAccount();
    for (let i = 0; i < 3; i++) await createGameAsAccount(account.id, "psi");
    await expect(createGameAsAccount(account.id, "psi")).rejects.toMatchObject({ status: 429 });
  });
});
