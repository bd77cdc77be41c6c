import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { POST as register } from "@/app/web/api/register/route";
import { POST as login } from "@/app/web/api/login/route";
import { POST as logout } from "@/app/web/api/logout/route";
import { POST as logoutAll } from "@/app/web/api/logout-all/route";
import { POST as changePasswordRoute } from "@/app/web/api/password/route";
import { GET as me } from "@/app/web/api/me/route";
import { decode, type JWT } from "next-auth/jwt";
import { authOptions } from "@/lib/auth/options";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { PEER_ADDRESS_HEADER } from "@/lib/http/peer-address";
import { registerInputSchema } from "@/lib/contracts/auth";
import { workspaceCreateSchema } from "@/lib/contracts/workspaces";
import { profileInputSchema } from "@/lib/contracts/auth";
import { call, freshIp, sessionCookieFrom } from "@/tests/helpers/route";

// Client identity for rate limits (TRUST_PROXY), per-account limits, revocable
// sessions, X-Forwarded-Host, and names with invisible characters.

let seq = 0;
const email = () => `id${Date.now()}-${++seq}@example.test`;
const PASSWORD = "correct horse battery";
const ORIGIN = { origin: "http://localhost:3000" };

async function registered(ip = freshIp()) {
  const address = email();
  const res = await call(register, { body: { email: address, name: "Pat", password: PASSWORD }, ip });
  expect(res.status).toBe(201);
  return { address, token: res.json.access_token as string, cookie: sessionCookieFrom(res.headers) };
}

async function loginAs(address: string, password = PASSWORD) {
  const res = await call(login, { body: { email: address, password }, ip: freshIp() });
  expect(res.status).toBe(200);
  return res.json.access_token as string;
}

const meStatus = async (bearer: string) => (await call(me, { bearer })).status;

afterEach(() => {
  delete process.env.TRUST_PROXY;
  resetEnvForTests();
});

describe("client identity for rate limits (TRUST_PROXY off by default)", () => {
  it("rotating X-Forwarded-For cannot bypass the login limit: 25 wrong, then the right password → 429", async () => {
    const { address } = await registered();
    const ip = freshIp(); // the socket address, fixed
    const statuses: number[] = [];
    for (let i = 1; i <= 25; i++) {
      const res = await call(login, {
        body: { email: address, password: `wrong-${i}-password` },
        ip,
        headers: { "x-forwarded-for": `203.0.${Math.floor(i / 200)}.${i % 200}`, "x-real-ip": `192.0.2.${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    const right = await call(login, {
      body: { email: address, password: PASSWORD },
      ip,
      headers: { "x-forwarded-for": "198.18.0.1" },
    });
    expect(right.status).toBe(429);
    expect(right.json.error.code).toBe("rate_limited");
  });

  it("limits failed logins per account across clients only softly: after 10 failures from 10 addresses a new client needs the emailed code", async () => {
    const { address } = await registered();
    const other = await registered();
    for (let i = 1; i <= 10; i++) {
      const res = await call(login, { body: { email: address, password: `wrong-${i}-password` }, ip: freshIp() });
      expect(res.status, `failure ${i}`).toBe(401);
    }
    // Not a lockout: the right password from a new client is asked for the code, not refused.
    const right = await call(login, { body: { email: address.toUpperCase(), password: PASSWORD }, ip: freshIp() });
    expect(right.status).toBe(401);
    expect(right.json.error.code).toBe("login_challenge_required");
    expect(right.json.access_token).toBeUndefined();
    // Another account is not affected, from the same kind of fresh client.
    expect((await call(login, { body: { email: other.address, password: PASSWORD }, ip: freshIp() })).status).toBe(200);
  }, 120_000);

  it("limits registration per client even with rotating X-Forwarded-For", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await call(register, {
        body: { email: email(), name: "Bot", password: PASSWORD },
        ip,
        headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // A different client can still register.
    expect((await call(register, { body: { email: email(), name: "Human", password: PASSWORD }, ip: freshIp() })).status).toBe(201);
  });

  it("with TRUST_PROXY=1 the proxy-set X-Forwarded-For entry is the client", async () => {
    process.env.TRUST_PROXY = "1";
    resetEnvForTests();
    const proxy = freshIp();
    // Many clients behind one proxy: each gets its own registration budget.
    for (let i = 0; i < 12; i++) {
      const res = await call(register, {
        body: { email: email(), name: "Behind proxy", password: PASSWORD },
        ip: proxy,
        headers: { "x-forwarded-for": `6.6.6.6, 198.19.${seq % 250}.${i + 1}` },
      });
      expect(res.status, `client ${i}`).toBe(201);
    }
  });

  it("next-auth's credentials sign-in keys its limit by client and account, not one shared bucket", async () => {
    const victim = await registered();
    const attacker = await registered();
    const provider = authOptions.providers[0] as unknown as {
      options: { authorize: (c: Record<string, string>, req: { headers: Record<string, string> }) => Promise<unknown> };
    };
    const authorize = (address: string, password: string, ip: string) =>
      provider.options.authorize({ email: address, password }, { headers: { [PEER_ADDRESS_HEADER]: ip } });
    const attackerIp = freshIp();
    for (let i = 0; i < 5; i++) expect(await authorize(attacker.address, `bad-${i}-password`, attackerIp)).toBeNull();
    await expect(authorize(attacker.address, PASSWORD, attackerIp)).rejects.toBeInstanceOf(AppError);
    // Someone else, from another client, is not locked out by the attacker's failures.
    expect(await authorize(victim.address, PASSWORD, freshIp())).toMatchObject({ email: victim.address });
  });
});

describe("sessions are revocable", () => {
  it("logout revokes the token used: /web/api/me answers 401 with it afterwards", async () => {
    const { address, token } = await registered();
    const other = await loginAs(address);
    expect(await meStatus(token)).toBe(200);
    const out = await call(logout, { method: "POST", bearer: token });
    expect(out.status).toBe(204);
    expect(await meStatus(token)).toBe(401);
    // Only that session ended.
    expect(await meStatus(other)).toBe(200);
    // Logging out again with the revoked token is harmless.
    expect((await call(logout, { method: "POST", bearer: token })).status).toBe(401);
  });

  it("next-auth's own session endpoint drops a revoked token too (jwt callback)", async () => {
    const { token } = await registered();
    const decoded = await decode({ token, secret: process.env.AUTH_SECRET! });
    const jwt = authOptions.callbacks!.jwt! as unknown as (p: { token: JWT }) => Promise<JWT>;
    expect(await jwt({ token: decoded! })).toMatchObject({ sub: decoded!.sub });
    expect((await call(logout, { method: "POST", bearer: token })).status).toBe(204);
    expect(await jwt({ token: decoded! })).toEqual({});
  });

  it("logout through the session cookie revokes the cookie's session", async () => {
    const { cookie } = await registered();
    expect((await call(me, { cookie })).status).toBe(200);
    expect((await call(logout, { method: "POST", cookie, headers: ORIGIN })).status).toBe(204);
    expect((await call(me, { cookie })).status).toBe(401);
  });

  it("log out everywhere revokes every session of the account, and a new login works", async () => {
    const { address, token } = await registered();
    const second = await loginAs(address);
    const someoneElse = (await registered()).token;
    const res = await call(logoutAll, { method: "POST", bearer: second });
    expect(res.status).toBe(204);
    expect(await meStatus(token)).toBe(401);
    expect(await meStatus(second)).toBe(401);
    expect(await meStatus(someoneElse)).toBe(200);
    expect((await call(logoutAll, { method: "POST" })).status).toBe(401);
    expect(await meStatus(await loginAs(address))).toBe(200);
  });

  it("a password change revokes the other sessions and keeps the caller signed in with a new token", async () => {
    const { address, token } = await registered();
    const otherDevice = await loginAs(address);
    const NEW = "a brand new passphrase";

    const wrong = await call(changePasswordRoute, {
      bearer: token,
      body: { current_password: "not my password", new_password: NEW },
    });
    expect(wrong.status).toBe(422);
    expect(await meStatus(otherDevice)).toBe(200);
    expect((await call(changePasswordRoute, { bearer: token, body: { current_password: PASSWORD, new_password: "short" } })).status).toBe(422);

    const changed = await call(changePasswordRoute, {
      bearer: token,
      body: { current_password: PASSWORD, new_password: NEW },
    });
    expect(changed.status).toBe(200);
    const fresh = changed.json.access_token as string;
    expect(sessionCookieFrom(changed.headers)).toContain(fresh);
    expect(await meStatus(otherDevice)).toBe(401);
    expect(await meStatus(token)).toBe(401);
    expect(await meStatus(fresh)).toBe(200);
    expect((await call(login, { body: { email: address, password: PASSWORD }, ip: freshIp() })).status).toBe(401);
    expect(await meStatus(await loginAs(address, NEW))).toBe(200);
  });

  describe("on a second app instance", () => {
    const root = fileURLToPath(new URL("../../..", import.meta.url));
    const dir = mkdtempSync(join(tmpdir(), "gauntlet-instance-"));
    const childFile = join(dir, "instance.mts");
    writeFileSync(
      childFile,
      `const { GET } = await import(process.env.ME_MODULE);
process.send({ ready: true });
process.on("message", async ({ token, id }) => {
  const req = new Request("http://localhost:3000/web/api/me", { headers: { authorization: "Bearer " + token } });
  const res = await GET(req, { params: Promise.resolve({}) });
  process.send({ id, status: res.status });
});
`,
    );
    let child: ChildProcess | undefined;
    afterAll(() => {
      child?.kill();
      rmSync(dir, { recursive: true, force: true });
    });

    it("sees a logout at once, although it has the token decoded in its cache", { timeout: 90_000 }, async () => {
      child = fork(childFile, [], {
        cwd: root,
        execArgv: ["--conditions=react-server", "--import", "tsx"],
        env: { ...process.env, LOG_LEVEL: "warn", ME_MODULE: join(root, "app/web/api/me/route.ts") },
        stdio: ["ignore", "ignore", "pipe", "ipc"],
      });
      let stderr = "";
      child.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
      const messages: { id?: number; status?: number; ready?: boolean }[] = [];
      const waiters: (() => void)[] = [];
      child.on("message", (m) => {
        messages.push(m as (typeof messages)[number]);
        waiters.splice(0).forEach((w) => w());
      });
      const next = async (pred: (m: (typeof messages)[number]) => boolean) => {
        for (;;) {
          const found = messages.find(pred);
          if (found) return found;
          if (child?.exitCode !== null) throw new Error(`instance exited: ${stderr}`);
          await new Promise<void>((resolve) => waiters.push(resolve));
        }
      };
      await next((m) => m.ready === true);
      let id = 0;
      const otherInstanceStatus = async (token: string) => {
        const mine = ++id;
        child!.send({ token, id: mine });
        return (await next((m) => m.id === mine)).status;
      };

      const { address, token } = await registered();
      const second = await loginAs(address);
      expect(await otherInstanceStatus(token)).toBe(200);
      expect(await otherInstanceStatus(second)).toBe(200);
      expect((await call(logout, { method: "POST", bearer: token })).status).toBe(204);
      expect(await otherInstanceStatus(token)).toBe(401);
      expect(await otherInstanceStatus(second)).toBe(200);
      expect((await call(logoutAll, { method: "POST", bearer: second })).status).toBe(204);
      expect(await otherInstanceStatus(second)).toBe(401);
    });
  });
});

describe("same-origin check", () => {
  it("ignores X-Forwarded-Host unless TRUST_PROXY trusts the proxy", async () => {
    // The request URL is http://localhost:3000, so this Origin matches only if X-Forwarded-Host is believed.
    const forged = { origin: "http://evil.example", "x-forwarded-host": "evil.example" };
    const { cookie } = await registered();
    const refused = await call(logout, { method: "POST", cookie, headers: forged });
    expect(refused.status).toBe(403);
    expect((await call(me, { cookie })).status).toBe(200);

    // Behind a trusted proxy, the host it forwards is this app's public host.
    process.env.TRUST_PROXY = "1";
    resetEnvForTests();
    const viaProxy = await call(logout, {
      method: "POST",
      cookie,
      headers: { origin: "http://public.example", "x-forwarded-host": "public.example" },
    });
    expect(viaProxy.status).toBe(204);
  });
});

describe("names with invisible or direction-changing characters", () => {
  const bad = ["a\u0000b", "bell\u0007", "evil\u202Egnp.exe", "zero\u200Bwidth", "\u2066iso\u2069", "b\uFEFFom", "\u3164"];

  it.each(bad.map((name) => [JSON.stringify(name), name]))("registration refuses %s with 422 and creates nothing", async (_label, name) => {
    const address = email();
    const res = await call(register, { body: { email: address, name, password: PASSWORD }, ip: freshIp() });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe("validation_failed");
    expect(await db.account.count({ where: { email: address } })).toBe(0);
  });

  it("the form actions and settings use the same rule", () => {
    const registration = (name: string) => registerInputSchema.safeParse({ email: "a@b.test", name, password: PASSWORD });
    const settings = (displayName: string) => profileInputSchema.safeParse({ displayName, avatarUrl: "" });
    const workspace = (name: string) => workspaceCreateSchema.safeParse({ name });
    // The same inputs with a visible name pass, so each refusal below is the name's.
    expect(registration("Pat").success && settings("Pat").success && workspace("ws Pat").success).toBe(true);
    for (const name of bad) {
      expect(registration(name).success, name).toBe(false);
      expect(settings(name).success, name).toBe(false);
      expect(workspace(`ws ${name}`).success, name).toBe(false);
    }
    expect(registration(" Zoë 李 ").data?.name).toBe("Zoë 李");
    expect(settings("Zoe\u0308").data?.displayName).toBe("Zoë");
  });
});
