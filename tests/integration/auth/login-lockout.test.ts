import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as register } from "@/app/web/api/register/route";
import { POST as login } from "@/app/web/api/login/route";
import { POST as sendCode } from "@/app/web/api/login/email-code/send/route";
import { POST as verifyCode } from "@/app/web/api/login/email-code/verify/route";
import { POST as changePasswordRoute } from "@/app/web/api/password/route";
import { GET as me } from "@/app/web/api/me/route";
import { authOptions } from "@/lib/auth/options";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { PEER_ADDRESS_HEADER } from "@/lib/http/peer-address";
import { startWorker, type RunningWorker } from "@/lib/jobs";
import { LOGIN_WARNING_QUEUE, loginWarningJob } from "@/lib/services/login-warning";
import { call, freshIp } from "@/tests/helpers/route";
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from "@/tests/helpers/smtp-receiver";

// Someone who knows only an address must not keep its owner out: failed logins are limited hard
// per client and per (account, client), and per account only softly (an email code for clients
// the account does not know), with one warning mail to the owner per window. Mail goes to a real
// SMTP receiver on loopback; the warning through the job worker, on the suite's database.

let seq = 0;
const PASSWORD = "correct horse battery";
const newEmail = () => `lockout${Date.now()}-${++seq}@example.test`;

let receiver: SmtpReceiver;
let worker: RunningWorker;

beforeAll(async () => {
  receiver = await startSmtpReceiver();
  process.env.SMTP_URL = receiver.url;
  resetEnvForTests();
  worker = await startWorker([loginWarningJob], { pollMs: 50 });
});
afterAll(async () => {
  await worker.stop();
  delete process.env.SMTP_URL;
  resetEnvForTests();
  await receiver.close();
});
beforeEach(() => {
  process.env.SMTP_URL = receiver.url;
  resetEnvForTests();
});
afterEach(() => {
  delete process.env.LOGIN_FAILURES_PER_ACCOUNT_CLIENT;
  resetEnvForTests();
});

/** An account, registered from its owner's own address. */
async function owner() {
  const email = newEmail();
  const home = freshIp();
  const res = await call(register, { body: { email, name: "Owner", password: PASSWORD }, ip: home });
  expect(res.status).toBe(201);
  const account = await db.account.findUniqueOrThrow({ where: { email }, select: { id: true } });
  return { email, home, id: account.id };
}

const attempt = (email: string, password: string, ip: string) => call(login, { body: { email, password }, ip });

async function fail(email: string, ip: string, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await attempt(email, `wrong-${seq}-${i}-password`, ip);
    expect(res.status, `wrong password ${i + 1} from ${ip}`).toBe(401);
    // Past the account's soft threshold a wrong password gets the challenge's answer too.
    expect(["unauthorized", "login_challenge_required"]).toContain(res.json.error.code);
  }
}

const mailsTo = (email: string, subject: string): ReceivedMail[] =>
  receiver.messages.filter((m) => m.to.includes(email) && m.subject.includes(subject));

async function codeMailedTo(email: string, nth = 1): Promise<string> {
  await expect.poll(() => mailsTo(email, "sign-in code").length, { timeout: 15_000 }).toBeGreaterThanOrEqual(nth);
  const code = mailsTo(email, "sign-in code")[nth - 1]!.text.match(/\b(\d{6})\b/)?.[1];
  expect(code).toBeDefined();
  return code!;
}

const warningJobs = async (accountId: string) =>
  (await db.job.findMany({ where: { queue: LOGIN_WARNING_QUEUE } })).filter(
    (j) => (j.payload as { accountId?: string }).accountId === accountId,
  );

describe("failed logins from many addresses do not keep the owner out", { timeout: 120_000 }, () => {
  it("12 wrong logins from 3 addresses: the right password from a fresh address asks for the emailed code, which signs in", async () => {
    const { email } = await owner();
    for (const ip of [freshIp(), freshIp(), freshIp()]) await fail(email, ip, 4);

    const fresh = freshIp();
    const right = await attempt(email, PASSWORD, fresh);
    expect(right.status).not.toBe(429);
    expect(right.status).toBe(401);
    expect(right.json.error.code).toBe("login_challenge_required");
    expect(right.json.error.message).toMatch(/code/);
    expect(right.headers.getSetCookie().some((c) => c.includes("session-token="))).toBe(false);

    const code = await codeMailedTo(email);
    const verified = await call(verifyCode, { body: { email, code }, ip: fresh });
    expect(verified.status).toBe(200);
    expect((await call(me, { bearer: verified.json.access_token })).status).toBe(200);

    // That address has now signed in: while the attack goes on, the password alone works there.
    expect((await attempt(email, PASSWORD, fresh)).status).toBe(200);
  });

  it("the owner's own address (where they signed in before) signs in with the password alone", async () => {
    const { email, home } = await owner();
    for (let i = 0; i < 3; i++) await fail(email, freshIp(), 4);
    const res = await attempt(email, PASSWORD, home);
    expect(res.status).toBe(200);
    expect(res.json.access_token).toEqual(expect.any(String));
  });

  it("next-auth's credentials sign-in follows the same rule", async () => {
    const { email, home } = await owner();
    for (let i = 0; i < 3; i++) await fail(email, freshIp(), 4);
    const provider = authOptions.providers[0] as unknown as {
      options: { authorize: (c: Record<string, string>, req: { headers: Record<string, string> }) => Promise<unknown> };
    };
    const authorize = (ip: string) =>
      provider.options.authorize({ email, password: PASSWORD }, { headers: { [PEER_ADDRESS_HEADER]: ip } });
    await expect(authorize(freshIp())).rejects.toMatchObject({ code: "login_challenge_required", status: 401 });
    expect(await authorize(home)).toMatchObject({ email });
  });

  it("a signed-in owner confirming their password from their own address is not refused", async () => {
    const { email, home } = await owner();
    const session = await attempt(email, PASSWORD, home);
    for (let i = 0; i < 3; i++) await fail(email, freshIp(), 4);
    const changed = await call(changePasswordRoute, {
      bearer: session.json.access_token,
      body: { current_password: PASSWORD, new_password: `${PASSWORD} 2` },
      ip: home,
    });
    expect(changed.status).toBe(200);
  });
});

describe("the attacker is still limited", { timeout: 120_000 }, () => {
  it("per (account, client): the attacking address is refused even with the right password", async () => {
    process.env.LOGIN_FAILURES_PER_ACCOUNT_CLIENT = "3";
    resetEnvForTests();
    const { email } = await owner();
    const other = await owner();
    const attacker = freshIp();
    await fail(email, attacker, 3);
    const blocked = await attempt(email, PASSWORD, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.json.error.code).toBe("rate_limited");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(60);
    // Only that pair: the owner from elsewhere, and the attacker's address on another account, sign in.
    expect((await attempt(email, PASSWORD, freshIp())).status).toBe(200);
    expect((await attempt(other.email, PASSWORD, attacker)).status).toBe(200);
  });

  it("many addresses cannot brute-force: past the soft threshold a right password without the code gives no session", async () => {
    const { email, id } = await owner();
    for (let i = 0; i < 10; i++) await fail(email, freshIp(), 1);
    const answers = [];
    for (const password of [PASSWORD, "another wrong password", PASSWORD]) {
      const res = await attempt(email, password, freshIp());
      expect(res.status).toBe(401);
      expect(res.json.access_token).toBeUndefined();
      expect(res.headers.getSetCookie().some((c) => c.includes("session-token="))).toBe(false);
      answers.push({ body: res.json, remaining: res.headers.get("ratelimit-remaining") });
    }
    // The right and a wrong password get the same answer, so a guess learns nothing.
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]!.body.error.code).toBe("login_challenge_required");
    // An unknown address answers the same too.
    const unknownEmail = newEmail();
    for (let i = 0; i < 10; i++) await fail(unknownEmail, freshIp(), 1);
    const unknown = await attempt(unknownEmail, PASSWORD, freshIp());
    expect({ body: unknown.json, remaining: unknown.headers.get("ratelimit-remaining") }).toEqual(answers[0]);
    // No sign-in ever succeeded.
    expect((await db.account.findUniqueOrThrow({ where: { id } })).lastLoginAt).toBeNull();
  });

  it("the per-client limit is unchanged: 5 failures a minute from one address, whatever accounts they name", async () => {
    const { email } = await owner();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await attempt(newEmail(), "wrong password!", ip)).status).toBe(401);
    }
    const sixth = await attempt(email, PASSWORD, ip);
    expect(sixth.status).toBe(429);
    expect(sixth.json.error.code).toBe("rate_limited");
    expect(Number(sixth.headers.get("retry-after"))).toBeLessThanOrEqual(60);
  });
});

describe("the owner is warned", { timeout: 120_000 }, () => {
  it("gets exactly one email per window, however many attempts and addresses follow", async () => {
    const { email, id } = await owner();
    const ips = [freshIp(), freshIp(), freshIp()];
    for (const ip of ips) await fail(email, ip, 4);
    // More after the threshold, right and wrong, in parallel from new addresses.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => attempt(email, i % 2 ? PASSWORD : "still wrong password", freshIp())),
    );

    const jobs = await warningJobs(id);
    expect(jobs).toHaveLength(1);
    // The tenth failure crossed the threshold: 4 + 4 + 2, from three addresses.
    expect(jobs[0]!.payload).toMatchObject({ accountId: id, attempts: 10, addresses: 3, minutes: 15 });
    const mail = await receiver.waitFor((m) => m.to.includes(email) && m.subject.includes("tried to sign in"), 15_000);
    expect(mail.text).toContain("10 times from 3 addresses");
    expect(mail.text).toMatch(/your account is safe/i);
    await expect.poll(async () => (await db.job.findUniqueOrThrow({ where: { id: jobs[0]!.id } })).status, { timeout: 15_000 }).toBe("done");
    expect(mailsTo(email, "tried to sign in")).toHaveLength(1);
  });

  it("concurrent failures past the threshold enqueue one warning", async () => {
    const { email, id } = await owner();
    await Promise.all(Array.from({ length: 25 }, () => attempt(email, "wrong wrong wrong", freshIp())));
    expect(await warningJobs(id)).toHaveLength(1);
  });

  it("is not sent below the threshold", async () => {
    const { id, email } = await owner();
    for (let i = 0; i < 9; i++) await fail(email, freshIp(), 1);
    expect(await warningJobs(id)).toHaveLength(0);
  });
});

describe("guessing or requesting someone's login codes does not keep the owner out", { timeout: 120_000 }, () => {
  const wrongFor = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0");
  const verify = (email: string, code: string, ip: string) => call(verifyCode, { body: { email, code }, ip });

  it("wrong guesses from other addresses do not use up the challenge code; it works only where it was sent", async () => {
    const { email } = await owner();
    for (const ip of [freshIp(), freshIp(), freshIp()]) await fail(email, ip, 4);
    const fresh = freshIp();
    expect((await attempt(email, PASSWORD, fresh)).json.error.code).toBe("login_challenge_required");
    const code = await codeMailedTo(email);

    for (const attacker of [freshIp(), freshIp()]) {
      for (let i = 0; i < 6; i++) expect((await verify(email, wrongFor(code, i), attacker)).status).toBe(401);
    }
    // Even the right code is refused from another address, and that does not spend it either.
    expect((await verify(email, code, freshIp())).status).toBe(401);

    const verified = await verify(email, code, fresh);
    expect(verified.status).toBe(200);
    expect(verified.json.account.email).toBe(email);
  });

  it("an emailed code survives others' guesses and requests; the owner's usual address can still get one", async () => {
    const { email, home } = await owner();
    const device = freshIp();
    expect((await call(sendCode, { body: { email }, ip: device })).status).toBe(200);
    const code = await codeMailedTo(email);

    // Someone who knows the address guesses and asks for codes until the address's budget is spent.
    const attacker = freshIp();
    for (let i = 0; i < 6; i++) expect((await verify(email, wrongFor(code, i), attacker)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await call(sendCode, { body: { email }, ip: attacker })).status).toBe(200);
    const refused = await call(sendCode, { body: { email }, ip: freshIp() });
    expect(refused.status).toBe(429);
    await codeMailedTo(email, 3);

    // The owner's code still works from where it was requested, once.
    expect((await verify(email, code, device)).status).toBe(200);
    expect((await verify(email, code, device)).status).toBe(401);

    // A client the account knows is not refused by the spent budget.
    expect((await call(sendCode, { body: { email }, ip: home })).status).toBe(200);
    const again = await codeMailedTo(email, 4);
    expect((await verify(email, again, home)).status).toBe(200);
  });

  it("the guessing client is still bounded: 5 wrong guesses end its code, and a client gets 3 codes per address", async () => {
    const { email } = await owner();
    const ip = freshIp();
    expect((await call(sendCode, { body: { email }, ip })).status).toBe(200);
    const code = await codeMailedTo(email);
    for (let i = 0; i < 5; i++) expect((await verify(email, wrongFor(code, i), ip)).status).toBe(401);
    expect((await verify(email, code, ip)).status).toBe(401);

    for (let i = 0; i < 2; i++) expect((await call(sendCode, { body: { email }, ip })).status).toBe(200);
    const fourth = await call(sendCode, { body: { email }, ip });
    expect(fourth.status).toBe(429);
    expect(fourth.json.error.code).toBe("rate_limited");
  });
});
