import { randomUUID } from "node:crypto";
import { createServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as oneClick } from "@/app/web/api/notifications/unsubscribe/route";
import { db } from "@/lib/db";
import { verifyUnsubscribeToken } from "@/lib/email/unsubscribe-token";
import { resetEnvForTests } from "@/lib/env";
import type { JobContext } from "@/lib/jobs";
import { jobDefinitions } from "@/lib/services/jobs/registry";
import {
  CLAIM_MARKS_BEFORE,
  claimMark,
  DIGEST_MAX_ITEMS,
  EMAIL_DIGEST_QUEUE,
  emailDigestJob,
} from "@/lib/services/notifications/email-digest";
import { previewUnsubscribe, unsubscribeFromNotificationEmails } from "@/lib/services/notifications/email-unsubscribe";
import { makeAccount } from "@/tests/helpers/factories";
import { call } from "@/tests/helpers/route";
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from "@/tests/helpers/smtp-receiver";

// The email.digest job against a real SMTP server on loopback, on the suite's database (SQLite
// or PostgreSQL): one mail per digest, preferences read at send time, escaping, the unsubscribe
// link and its one-click POST, and the claim that keeps a retried job from sending twice.

const APP_URL = "http://localhost:3000";
let receiver: SmtpReceiver;

function ctx(jobId: string = randomUUID(), attempt = 1): JobContext {
  return { jobId, queue: EMAIL_DIGEST_QUEUE, attempt, maxAttempts: 8, final: false, signal: new AbortController().signal };
}

async function player(prefs: Partial<Record<"notifyOnFirstBlood" | "notifyOnRecordBeaten" | "notifyOnPairing" | "notifyByEmail", boolean>> = {}) {
  const account = await makeAccount();
  await db.playerProfile.create({ data: { accountId: account.id, notifyByEmail: true, ...prefs } });
  return account;
}

let tick = 0;
async function notify(accountId: string, type: string, title: string, extra: { link?: string; body?: string } = {}) {
  tick += 1;
  return db.notification.create({
    data: {
      accountId,
      type,
      title,
      body: extra.body ?? `${title} (details)`,
      link: extra.link ?? "/challenges/c1",
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, tick)),
    },
  });
}

const mailsTo = (email: string): ReceivedMail[] => receiver.messages.filter((m) => m.to.includes(email.toLowerCase()));
const emailedAt = async (accountId: string) =>
  (await db.notification.findMany({ where: { accountId }, select: { emailedAt: true } })).map((n) => n.emailedAt);

beforeAll(async () => {
  receiver = await startSmtpReceiver();
});
beforeEach(() => {
  process.env.SMTP_URL = receiver.url;
  process.env.APP_URL = APP_URL;
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.APP_URL;
  resetEnvForTests();
  await receiver.close();
});

describe("email.digest", () => {
  it("is registered for the worker", () => {
    expect(jobDefinitions.filter((d) => d.queue === EMAIL_DIGEST_QUEUE)).toEqual([emailDigestJob]);
  });

  it("sends three notifications as one email and marks exactly those rows", async () => {
    const a = await player();
    const other = await player();
    await notify(a.id, "challenge_first_blood", "First blood on Alpha", { link: "/challenges/alpha" });
    await notify(a.id, "challenge_record_beaten", "Your record on Beta was beaten");
    await notify(a.id, "team_pairing_completed", "Pairing judged on Gamma");
    await notify(other.id, "challenge_first_blood", "Someone else's news");

    await emailDigestJob.run({ accountId: a.id }, ctx());

    const mails = mailsTo(a.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("Gauntlet: 3 new notifications");
    for (const title of ["First blood on Alpha", "Your record on Beta was beaten", "Pairing judged on Gamma"]) {
      expect(mail.text).toContain(title);
      expect(mail.html).toContain(title);
    }
    // Oldest first, absolute links.
    expect(mail.text.indexOf("Alpha")).toBeLessThan(mail.text.indexOf("Gamma"));
    expect(mail.text).toContain(`${APP_URL}/challenges/alpha`);
    expect(mail.html).toContain(`href="${APP_URL}/challenges/alpha"`);
    expect(mail.text).not.toContain("Someone else's news");

    const marks = await emailedAt(a.id);
    expect(marks.every((d) => d !== null && d >= CLAIM_MARKS_BEFORE)).toBe(true);
    expect(await emailedAt(other.id)).toEqual([null]);
    expect(mailsTo(other.email)).toHaveLength(0);
  });

  it("sends once when the job runs twice (a retry, and a second digest job)", async () => {
    const a = await player();
    await notify(a.id, "challenge_first_blood", "Once only");
    const job = ctx();
    await emailDigestJob.run({ accountId: a.id }, job);
    await emailDigestJob.run({ accountId: a.id }, ctx(job.jobId, 2));
    await emailDigestJob.run({ accountId: a.id }, ctx());
    expect(mailsTo(a.email)).toHaveLength(1);
  });

  it("two digests of one account running at once never list a notification twice", async () => {
    const a = await player();
    for (const t of ["Race one", "Race two", "Race three"]) await notify(a.id, "challenge_first_blood", t);
    await Promise.all([0, 1, 2].map(() => emailDigestJob.run({ accountId: a.id }, ctx())));
    const listed = mailsTo(a.email).flatMap((m) => m.text.match(/^- Race \w+$/gm) ?? []);
    expect(listed.sort()).toEqual(["- Race one", "- Race three", "- Race two"]);
    expect(await emailedAt(a.id)).not.toContain(null);
  });

  it("sends nothing with email off, and marks the rows so they do not pile up", async () => {
    const a = await player({ notifyByEmail: false });
    await notify(a.id, "challenge_first_blood", "Quiet one");
    await notify(a.id, "challenge_record_beaten", "Quiet two");
    await emailDigestJob.run({ accountId: a.id }, ctx());
    expect(mailsTo(a.email)).toHaveLength(0);
    expect((await emailedAt(a.id)).every((d) => d !== null)).toBe(true);

    // Turning email on later does not send the old ones.
    await db.playerProfile.update({ where: { accountId: a.id }, data: { notifyByEmail: true } });
    await emailDigestJob.run({ accountId: a.id }, ctx());
    expect(mailsTo(a.email)).toHaveLength(0);
  });

  it("treats a player who never saved settings as email off (the default)", async () => {
    const a = await makeAccount();
    await notify(a.id, "challenge_first_blood", "No profile");
    await emailDigestJob.run({ accountId: a.id }, ctx());
    expect(mailsTo(a.email)).toHaveLength(0);
    expect(await emailedAt(a.id)).not.toContain(null);
  });

  it("leaves out a type whose preference is off, and marks it too", async () => {
    const a = await player({ notifyOnRecordBeaten: false });
    await notify(a.id, "challenge_first_blood", "Kept: first blood");
    await notify(a.id, "challenge_record_beaten", "Dropped: record beaten");
    await notify(a.id, "team_pairing_completed", "Kept: pairing");
    await emailDigestJob.run({ accountId: a.id }, ctx());
    const [mail, ...more] = mailsTo(a.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Gauntlet: 2 new notifications");
    expect(mail!.text).toContain("Kept: first blood");
    expect(mail!.text).toContain("Kept: pairing");
    expect(mail!.text).not.toContain("Dropped");
    expect(mail!.html).not.toContain("Dropped");
    expect(await emailedAt(a.id)).not.toContain(null);
  });

  it("sends no mail when every pending notification is of a type turned off", async () => {
    const a = await player({ notifyOnFirstBlood: false });
    await notify(a.id, "challenge_first_blood", "Nothing to send");
    await emailDigestJob.run({ accountId: a.id }, ctx());
    expect(mailsTo(a.email)).toHaveLength(0);
    expect(await emailedAt(a.id)).not.toContain(null);
  });

  it("escapes an HTML-hostile challenge name", async () => {
    const a = await player();
    const name = `<script>alert("pwned")</script><img src=x onerror=alert(1)>`;
    await notify(a.id, "challenge_first_blood", `First blood on ${name}`, { body: `You were first on ${name}.` });
    await emailDigestJob.run({ accountId: a.id }, ctx());
    const mail = await receiver.waitFor((m) => m.to.includes(a.email.toLowerCase()));
    expect(mail.html).not.toMatch(/<script|<img/i);
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;");
    expect(mail.text).toContain(`First blood on ${name}`);
  });

  it("puts at most DIGEST_MAX_ITEMS in a mail and enqueues one follow-up for the rest", async () => {
    const a = await player();
    for (let i = 0; i < DIGEST_MAX_ITEMS + 2; i++) await notify(a.id, "challenge_first_blood", `Item ${i}`);
    const job = ctx();
    await emailDigestJob.run({ accountId: a.id }, job);
    const [mail] = mailsTo(a.email);
    expect(mail!.subject).toBe(`Gauntlet: ${DIGEST_MAX_ITEMS} new notifications`);
    expect(mail!.text).toContain("Item 0\n");
    expect(mail!.text).not.toContain(`Item ${DIGEST_MAX_ITEMS}\n`);
    expect((await emailedAt(a.id)).filter((d) => d === null)).toHaveLength(2);
    const followUps = await db.job.findMany({ where: { queue: EMAIL_DIGEST_QUEUE, singletonKey: { contains: a.id } } });
    expect(followUps).toHaveLength(1);
    // Keyed by the job that sent the full mail: a retry of that job cannot add a second one.
    expect(followUps[0]!.singletonKey).toBe(`${EMAIL_DIGEST_QUEUE}:${a.id}:after:${job.jobId}`);
    expect(followUps[0]!.payload).toEqual({ accountId: a.id });
    expect(followUps[0]!.runAt.getTime()).toBeGreaterThan(Date.now());

    await emailDigestJob.run({ accountId: a.id }, ctx(followUps[0]!.id));
    expect(mailsTo(a.email)[1]!.subject).toBe("Gauntlet: 2 new notifications");
    expect(await emailedAt(a.id)).not.toContain(null);
  });

  it("gives the rows back when the mail server is down, and the retry sends them once", async () => {
    const a = await player();
    await notify(a.id, "challenge_first_blood", "Retry me");
    const closed = await closedPort();
    process.env.SMTP_URL = `smtp://127.0.0.1:${closed}`;
    resetEnvForTests();
    const job = ctx();
    await expect(emailDigestJob.run({ accountId: a.id }, job)).rejects.toMatchObject({ code: "unavailable" });
    expect(await emailedAt(a.id)).toEqual([null]);

    process.env.SMTP_URL = receiver.url;
    resetEnvForTests();
    await emailDigestJob.run({ accountId: a.id }, ctx(job.jobId, 2));
    expect(mailsTo(a.email)).toHaveLength(1);
    expect(await emailedAt(a.id)).not.toContain(null);
  });

  it("a job that died after claiming finishes on its retry; other digests leave its rows alone", async () => {
    const a = await player();
    const n = await notify(a.id, "challenge_first_blood", "Claimed then crashed");
    const crashed = ctx();
    // What a process killed between claim and send leaves behind.
    await db.notification.update({ where: { id: n.id }, data: { emailedAt: claimMark(crashed.jobId) } });

    await emailDigestJob.run({ accountId: a.id }, ctx()); // another digest of the same account
    expect(mailsTo(a.email)).toHaveLength(0);
    await emailDigestJob.run({ accountId: a.id }, ctx(crashed.jobId, 2)); // the retry
    expect(mailsTo(a.email)).toHaveLength(1);
    expect(mailsTo(a.email)[0]!.text).toContain("Claimed then crashed");

    // A job that ends dead hands its claimed rows back to the next digest.
    const m = await notify(a.id, "challenge_first_blood", "Handed back");
    const dead = ctx();
    await db.notification.update({ where: { id: m.id }, data: { emailedAt: claimMark(dead.jobId) } });
    await emailDigestJob.onDead!({ accountId: a.id }, "gave up", dead);
    await emailDigestJob.run({ accountId: a.id }, ctx());
    expect(mailsTo(a.email)).toHaveLength(2);
  });
});

describe("unsubscribe", () => {
  async function mailedPlayer() {
    const a = await player();
    await notify(a.id, "challenge_first_blood", "With a footer");
    await emailDigestJob.run({ accountId: a.id }, ctx());
    const mail = mailsTo(a.email)[0]!;
    return { a, mail };
  }
  const notifyByEmail = async (accountId: string) =>
    (await db.playerProfile.findUniqueOrThrow({ where: { accountId } })).notifyByEmail;
  const formPost = (url: string, body = "List-Unsubscribe=One-Click") => {
    const u = new URL(url);
    return call(oneClick, {
      method: "POST",
      path: u.pathname + u.search,
      rawBody: body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  };

  it("every mail carries List-Unsubscribe (one-click) headers and a footer link with a valid token", async () => {
    const { a, mail } = await mailedPlayer();
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const header = mail.headers["list-unsubscribe"]!;
    expect(header).toMatch(/^<http:\/\/localhost:3000\/web\/api\/notifications\/unsubscribe\?token=[^>]+>$/);
    const page = mail.text.match(/Unsubscribe from these emails: (\S+)/)![1]!;
    expect(page.startsWith(`${APP_URL}/notifications/unsubscribe?token=`)).toBe(true);
    expect(mail.html).toContain(`href="${page}"`);
    expect(verifyUnsubscribeToken(new URL(page).searchParams.get("token"))).toBe(a.id);
  });

  it("the page's token round trip: preview, then the button turns email off (and only that)", async () => {
    const { a, mail } = await mailedPlayer();
    const token = new URL(mail.text.match(/Unsubscribe from these emails: (\S+)/)![1]!).searchParams.get("token")!;
    const preview = await previewUnsubscribe(token);
    expect(preview).toEqual({ valid: true, subscribed: true, maskedEmail: expect.stringMatching(/\*\*\*@example\.test$/) });
    expect(preview.valid && preview.maskedEmail).not.toContain(a.email.split("@")[0]);
    expect(await notifyByEmail(a.id)).toBe(true); // looking changes nothing

    expect(await unsubscribeFromNotificationEmails(token)).toEqual({ accountId: a.id });
    const profile = await db.playerProfile.findUniqueOrThrow({ where: { accountId: a.id } });
    expect(profile).toMatchObject({ notifyByEmail: false, notifyOnFirstBlood: true, notifyOnRecordBeaten: true });
    expect(await previewUnsubscribe(token)).toMatchObject({ valid: true, subscribed: false });
    await unsubscribeFromNotificationEmails(token); // again: harmless
    expect(await notifyByEmail(a.id)).toBe(false);

    // And the next digest sends nothing.
    await notify(a.id, "challenge_first_blood", "After unsubscribing");
    await emailDigestJob.run({ accountId: a.id }, ctx());
    expect(mailsTo(a.email)).toHaveLength(1);
  });

  it("a tampered token is refused and changes nothing", async () => {
    const { a, mail } = await mailedPlayer();
    const token = new URL(mail.text.match(/Unsubscribe from these emails: (\S+)/)![1]!).searchParams.get("token")!;
    const victim = await player();
    const forged = token.replace(a.id, victim.id);
    const flipped = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
    for (const bad of [forged, flipped, "", "nonsense"]) {
      expect(await previewUnsubscribe(bad)).toEqual({ valid: false });
      await expect(unsubscribeFromNotificationEmails(bad)).rejects.toMatchObject({ code: "bad_request", status: 400 });
    }
    const res = await formPost(`${APP_URL}/web/api/notifications/unsubscribe?token=${encodeURIComponent(forged)}`);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("bad_request");
    expect(res.json.error.message).toMatch(/not valid/);
    expect(await notifyByEmail(a.id)).toBe(true);
    expect(await notifyByEmail(victim.id)).toBe(true);
  });

  it("the one-click POST from the List-Unsubscribe header turns email off", async () => {
    const { a, mail } = await mailedPlayer();
    const url = mail.headers["list-unsubscribe"]!.slice(1, -1);

    const noBody = await formPost(url, "");
    expect(noBody.status).toBe(400);
    expect(await notifyByEmail(a.id)).toBe(true);

    const res = await formPost(url);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ unsubscribed: true });
    expect(await notifyByEmail(a.id)).toBe(false);

    // Multipart, as some clients send it, works too (and repeating is harmless).
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const req = new Request(url, { method: "POST", body: form });
    const multipart = await call(oneClick, {
      method: "POST",
      path: new URL(url).pathname + new URL(url).search,
      rawBody: await req.text(),
      headers: { "content-type": req.headers.get("content-type")! },
    });
    expect(multipart.status).toBe(200);
  });
});

/** A loopback port with nothing listening. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
