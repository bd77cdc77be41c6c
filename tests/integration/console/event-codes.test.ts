import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as register } from "@/app/web/api/register/route";
import { POST as login } from "@/app/web/api/login/route";
import { GET as listCodes, POST as createCode } from "@/app/console/api/event-codes/route";
import { DELETE as revokeCode } from "@/app/console/api/event-codes/[id]/route";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { consoleActors, expect422, expectError, ORIGIN, type ConsoleActors } from "@/tests/helpers/console";
import { unique } from "@/tests/helpers/factories";
import { call, freshIp } from "@/tests/helpers/route";

const PASSWORD = "correct horse battery";
const email = () => `${unique("room")}@example.test`;

let actors: ConsoleActors;
beforeAll(async () => {
  actors = await consoleActors();
});

afterEach(() => {
  delete process.env.REGISTRATIONS_PER_ADDRESS_PER_HOUR;
  delete process.env.LOGIN_FAILURES_PER_ADDRESS_PER_MINUTE;
  resetEnvForTests();
});

function signUp(ip: string, event?: string, address = email()) {
  return call(register, { body: { email: address, name: "Room", password: PASSWORD, ...(event ? { event } : {}) }, ip });
}

async function newCode(cookie: string, body: Record<string, unknown> = {}) {
  const res = await call(createCode, {
    body: { name: "Workshop room 2", max_uses: 3, expires_in_hours: 4, ...body },
    cookie,
    headers: ORIGIN,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.event_code as { id: string; code: string; invite_path: string; uses: number; max_uses: number };
}

describe("per-address limits are configuration", () => {
  it("registrations per address per hour: 10 by default, refused past it with the wait in words", async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await signUp(ip)).status).toBe(201);
    const refused = await signUp(ip);
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(refused.json.error.message).toMatch(/^Too many accounts created from this network\. .* Try again in (1 hour|\d+ minutes)\.$/);
    expect(refused.json.error.message).not.toMatch(/seconds/);
  });

  it("REGISTRATIONS_PER_ADDRESS_PER_HOUR raises or lowers it", async () => {
    process.env.REGISTRATIONS_PER_ADDRESS_PER_HOUR = "2";
    resetEnvForTests();
    const ip = freshIp();
    expect((await signUp(ip)).status).toBe(201);
    expect((await signUp(ip)).status).toBe(201);
    expect((await signUp(ip)).status).toBe(429);

    process.env.REGISTRATIONS_PER_ADDRESS_PER_HOUR = "12";
    resetEnvForTests();
    const room = freshIp();
    for (let i = 0; i < 12; i++) expect((await signUp(room)).status).toBe(201);
    expect((await signUp(room)).status).toBe(429);
  });

  it("LOGIN_FAILURES_PER_ADDRESS_PER_MINUTE sets the failed logins one address may make", async () => {
    process.env.LOGIN_FAILURES_PER_ADDRESS_PER_MINUTE = "2";
    resetEnvForTests();
    const ip = freshIp();
    const wrong = () => call(login, { body: { email: email(), password: "wrong password" }, ip });
    expect((await wrong()).status).toBe(401);
    expect((await wrong()).status).toBe(401);
    const refused = await wrong();
    expect(refused.status).toBe(429);
    expect(refused.json.error.message).toMatch(/^Too many failed sign-in attempts\. Try again in (\d+ seconds?|1 minute)\.$/);
  });
});

describe("event codes let a room behind one address register", () => {
  it("a code lets the 11th and later registrations from one address through, up to its max uses", async () => {
    const code = await newCode(actors.ownerA.cookie, { max_uses: 3 });
    expect(code.code).toMatch(/^[A-Z0-9]{12}$/);
    expect(code.invite_path).toBe(`/register?event=${code.code}`);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await signUp(ip)).status).toBe(201);
    expect((await signUp(ip)).status).toBe(429);

    // Lower case and dashes, as people type it, are the same code.
    const typed = `${code.code.slice(0, 4).toLowerCase()}-${code.code.slice(4)}`;
    for (const event of [code.code, typed, code.code]) {
      const res = await signUp(ip, event);
      expect(res.status, JSON.stringify(res.json)).toBe(201);
    }
    const exhausted = await signUp(ip, code.code);
    expect422(exhausted, "event_code_used_up");
    expect(exhausted.json.error.message).toMatch(/used as many times as its organiser allowed/);

    const listed = await call(listCodes, { cookie: actors.ownerA.cookie });
    expect(listed.status).toBe(200);
    const row = listed.json.data.find((c: { id: string }) => c.id === code.id);
    expect(row).toMatchObject({ uses: 3, max_uses: 3, name: "Workshop room 2" });
  });

  it("counts uses in the database, so concurrent registrations never take more than max uses", async () => {
    const code = await newCode(actors.ownerA.cookie, { max_uses: 4 });
    const results = await Promise.all(Array.from({ length: 7 }, () => signUp(freshIp(), code.code)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(4);
    for (const r of results.filter((r) => r.status !== 201)) expect422(r, "event_code_used_up");
    expect((await db.eventCode.findUniqueOrThrow({ where: { id: code.id } })).uses).toBe(4);
  });

  it("gives the use back when the registration itself fails", async () => {
    const code = await newCode(actors.ownerA.cookie, { max_uses: 1 });
    const address = email();
    expect((await signUp(freshIp(), undefined, address)).status).toBe(201);
    const taken = await signUp(freshIp(), code.code, address);
    expectError(taken, 409, "conflict");
    expect((await db.eventCode.findUniqueOrThrow({ where: { id: code.id } })).uses).toBe(0);
    expect((await signUp(freshIp(), code.code)).status).toBe(201);
  });

  it("refuses unknown, expired and withdrawn codes with a clear 422", async () => {
    const unknown = await signUp(freshIp(), "NOSUCHCODE23");
    expect422(unknown, "event_code_unknown");
    expect(unknown.json.error.details.field).toBe("event");
    expect(unknown.json.error.message).toMatch(/not known/);

    const expired = await newCode(actors.ownerA.cookie);
    await db.eventCode.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const late = await signUp(freshIp(), expired.code);
    expect422(late, "event_code_expired");
    expect(late.json.error.message).toMatch(/has expired/);

    const withdrawn = await newCode(actors.ownerA.cookie);
    const revoked = await call(revokeCode, { method: "DELETE", params: { id: withdrawn.id }, cookie: actors.ownerA.cookie, headers: ORIGIN });
    expect(revoked.status).toBe(200);
    expect(revoked.json.event_code.revoked_at).not.toBeNull();
    expect422(await signUp(freshIp(), withdrawn.code), "event_code_revoked");

    const malformed = await signUp(freshIp(), "<script>");
    expect422(malformed);
  });

  it("an unknown code costs the address a registration, so guessing codes is no faster than registering", async () => {
    process.env.REGISTRATIONS_PER_ADDRESS_PER_HOUR = "2";
    resetEnvForTests();
    const ip = freshIp();
    expect422(await signUp(ip, "GUESSGUESS22"), "event_code_unknown");
    expect422(await signUp(ip, "GUESSGUESS23"), "event_code_unknown");
    expect((await signUp(ip, "GUESSGUESS24")).status).toBe(429);
  });

  it("logins carrying a valid code are counted per code, not per address", async () => {
    process.env.LOGIN_FAILURES_PER_ADDRESS_PER_MINUTE = "2";
    resetEnvForTests();
    const code = await newCode(actors.ownerA.cookie, { max_uses: 5 });
    const ip = freshIp();
    const wrong = (event?: string) =>
      call(login, { body: { email: email(), password: "wrong password", ...(event ? { event } : {}) }, ip });
    expect((await wrong()).status).toBe(401);
    expect((await wrong()).status).toBe(401);
    expect((await wrong()).status).toBe(429);
    // The room's quota is the per-address one times the code's max uses (2 × 5 = 10).
    for (let i = 0; i < 10; i++) expect((await wrong(code.code)).status).toBe(401);
    const capped = await wrong(code.code);
    expect(capped.status).toBe(429);
    expect(capped.json.error.message).toMatch(/^Too many attempts with this event code\. Try again in (\d+ seconds?|1 minute)\.$/);
    expect422(await call(login, { body: { email: email(), password: "x", event: "NOSUCHCODE99" }, ip: freshIp() }), "event_code_unknown");
  });
});

describe("event codes in the console API", () => {
  it("only owners and admins create or withdraw them; members see them", async () => {
    const byEditor = await call(createCode, {
      body: { name: "x", max_uses: 3, expires_in_hours: 1 },
      cookie: actors.editorA.cookie,
      headers: ORIGIN,
    });
    expectError(byEditor, 403, "forbidden");
    expect((await call(listCodes, { cookie: actors.editorA.cookie })).status).toBe(200);
  });

  it("a code of workspace A cannot be seen or managed from workspace B", async () => {
    const code = await newCode(actors.ownerA.cookie);
    const listB = await call(listCodes, { cookie: actors.ownerB.cookie });
    expect(listB.json.data.map((c: { id: string }) => c.id)).not.toContain(code.id);
    const revokeB = await call(revokeCode, { method: "DELETE", params: { id: code.id }, cookie: actors.ownerB.cookie, headers: ORIGIN });
    expectError(revokeB, 404, "not_found");
    expect((await db.eventCode.findUniqueOrThrow({ where: { id: code.id } })).revokedAt).toBeNull();
  });

  it("validates what it is given", async () => {
    for (const body of [
      { name: "", max_uses: 3, expires_in_hours: 1 },
      { name: "x", max_uses: 0, expires_in_hours: 1 },
      { name: "x", max_uses: 3 },
      { name: "x", max_uses: 3, expires_in_hours: 100_000 },
      { name: "x", max_uses: 3, expires_in_hours: 1, code: "MINE" },
    ]) {
      expect422(await call(createCode, { body, cookie: actors.ownerA.cookie, headers: ORIGIN }));
    }
  });
});
