import { describe, expect, it } from "vitest";
import { POST as register } from "@/app/web/api/register/route";
import { POST as login } from "@/app/web/api/login/route";
import { POST as sendCode } from "@/app/web/api/login/email-code/send/route";
import { POST as verifyCode } from "@/app/web/api/login/email-code/verify/route";
import { POST as logout } from "@/app/web/api/logout/route";
import { GET as me } from "@/app/web/api/me/route";
import { db } from "@/lib/db";
import { readDevMailbox } from "@/lib/email";
import { call, freshIp, sessionCookieFrom } from "@/tests/helpers/route";

let seq = 0;
const email = () => `player${Date.now()}-${++seq}@example.test`;
const PASSWORD = "correct horse battery";

async function registered(ip = freshIp()) {
  const address = email();
  const res = await call(register, { body: { email: address, name: "Pat", password: PASSWORD }, ip });
  expect(res.status).toBe(201);
  return { address, res };
}

async function latestCode(to: string): Promise<string> {
  const [mail] = await readDevMailbox({ to, limit: 1 });
  const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

describe("registration", () => {
  it("creates a player without a workspace, sets a session and returns an access token", async () => {
    const { address, res } = await registered();
    expect(res.json.account.email).toBe(address);
    expect(typeof res.json.access_token).toBe("string");
    expect(res.json.token_type).toBe("Bearer");
    const cookie = sessionCookieFrom(res.headers);
    expect(res.headers.getSetCookie().join(";")).toMatch(/HttpOnly/i);

    const viaCookie = await call(me, { cookie });
    expect(viaCookie.status).toBe(200);
    expect(viaCookie.json.workspaces).toEqual([]);
    const viaBearer = await call(me, { bearer: res.json.access_token });
    expect(viaBearer.json.account.email).toBe(address);

    const account = await db.account.findUniqueOrThrow({ where: { email: address }, include: { profile: true } });
    expect(account.profile?.displayName).toBe("Pat");
    expect(await db.membership.count({ where: { accountId: account.id } })).toBe(0);
  });

  it("refuses a second account for the same email with 409 and changes nothing", async () => {
    const { address } = await registered();
    const before = await db.account.count();
    const again = await call(register, { body: { email: address.toUpperCase(), name: "X", password: PASSWORD }, ip: freshIp() });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("conflict");
    expect(await db.account.count()).toBe(before);
  });

  it("registers with an emailed registration code instead of a password", async () => {
    const address = email();
    const ip = freshIp();
    const sent = await call(sendCode, { body: { email: address, purpose: "register" }, ip });
    expect(sent.status).toBe(200);
    const code = await latestCode(address);
    // A code works only from the client it was sent to.
    expect((await call(register, { body: { email: address, name: "Codey", code }, ip: freshIp() })).status).toBe(422);
    const res = await call(register, { body: { email: address, name: "Codey", code }, ip });
    expect(res.status).toBe(201);
    const wrong = await call(register, { body: { email: email(), name: "No", code: "000000" }, ip: freshIp() });
    expect(wrong.status).toBe(422);
  });
});

describe("password login", () => {
  it("logs in with the right password and refuses a wrong one with a generic message", async () => {
    const { address } = await registered();
    const ok = await call(login, { body: { email: address, password: PASSWORD }, ip: freshIp() });
    expect(ok.status).toBe(200);
    expect(sessionCookieFrom(ok.headers)).toMatch(/session-token=/);

    const wrong = await call(login, { body: { email: address, password: "wrong password!" }, ip: freshIp() });
    const unknown = await call(login, { body: { email: email(), password: "wrong password!" }, ip: freshIp() });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json.error.message).toBe(unknown.json.error.message);
    expect(wrong.json.error.message).toBe("Invalid email or password");
  });

  it("answers the 6th failed login within a minute from one client with 429 and Retry-After", async () => {
    const { address } = await registered();
    const ip = freshIp();
    for (let i = 1; i <= 5; i++) {
      const res = await call(login, { body: { email: address, password: `nope-${i}-nope` }, ip });
      expect(res.status, `attempt ${i}`).toBe(401);
    }
    const sixth = await call(login, { body: { email: address, password: PASSWORD }, ip });
    expect(sixth.status).toBe(429);
    expect(sixth.json.error.code).toBe("rate_limited");
    const retry = Number(sixth.headers.get("retry-after"));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    // Another client is unaffected.
    expect((await call(login, { body: { email: address, password: PASSWORD }, ip: freshIp() })).status).toBe(200);
  });

  it("logout clears the cookie", async () => {
    const res = await call(logout, { method: "POST", headers: { origin: "http://localhost:3000" } });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join(";")).toMatch(/session-token=;.*Max-Age=0/i);
  });
});

describe("email-code login", () => {
  it("mails a 6-digit code that logs in once", async () => {
    const { address } = await registered();
    const ip = freshIp();
    const sent = await call(sendCode, { body: { email: address }, ip });
    expect(sent.status).toBe(200);
    expect(sent.json).toEqual({ result: "sent", expires_in: 600 });
    const code = await latestCode(address);
    const ok = await call(verifyCode, { body: { email: address, code }, ip });
    expect(ok.status).toBe(200);
    expect(ok.json.account.email).toBe(address);
    const reuse = await call(verifyCode, { body: { email: address, code }, ip });
    expect(reuse.status).toBe(401);
  });

  it("gives the same answer for unknown emails and sends nothing", async () => {
    const nobody = email();
    const sent = await call(sendCode, { body: { email: nobody }, ip: freshIp() });
    expect(sent.status).toBe(200);
    expect(await readDevMailbox({ to: nobody })).toHaveLength(0);
  });

  it("allows 5 tries: after 5 wrong codes from the client even the right one fails", async () => {
    const { address } = await registered();
    const ip = freshIp();
    await call(sendCode, { body: { email: address }, ip });
    const code = await latestCode(address);
    const wrongCode = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      expect((await call(verifyCode, { body: { email: address, code: wrongCode }, ip })).status).toBe(401);
    }
    expect((await call(verifyCode, { body: { email: address, code }, ip })).status).toBe(401);
  });

  it("expires codes after 10 minutes", async () => {
    const { address } = await registered();
    const ip = freshIp();
    await call(sendCode, { body: { email: address }, ip });
    const code = await latestCode(address);
    const row = await db.emailLoginCode.findFirstOrThrow({ where: { email: address }, orderBy: { createdAt: "desc" } });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(9.9 * 60_000);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(10 * 60_000 + 1000);
    await db.emailLoginCode.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call(verifyCode, { body: { email: address, code }, ip })).status).toBe(401);
  });
});

describe("sessions", () => {
  it("rejects an access token older than the absolute session lifetime", async () => {
    const { createSessionToken } = await import("@/lib/auth/session");
    const { address } = await registered();
    const account = await db.account.findUniqueOrThrow({ where: { email: address } });
    const eightDaysAgo = Math.floor(Date.now() / 1000) - 8 * 24 * 3600;
    const stale = await createSessionToken(account, eightDaysAgo);
    expect((await call(me, { bearer: stale })).status).toBe(401);
    const fresh = await createSessionToken(account);
    expect((await call(me, { bearer: fresh })).status).toBe(200);
  });

  it("answers 401 to anonymous calls of personal endpoints", async () => {
    const res = await call(me);
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe("unauthorized");
  });
});
