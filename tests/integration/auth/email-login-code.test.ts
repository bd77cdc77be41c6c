import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { readDevMailbox, renderLoginCodeEmail, sendEmail } from "@/lib/email";
import { closeRateLimitStores, emailKey, limits } from "@/lib/rate-limit";
import { startSmtpReceiver, type SmtpReceiver } from "@/tests/helpers/smtp-receiver";

// The sign-in code path as the auth service will drive it: per-client and per-address send
// limits on the real database store, then delivery (SMTP, or the dev mailbox without it).

async function sendCode(client: string, email: string, code: string) {
  await limits.emailCodeSend.perClient.consume(client);
  await limits.emailCodeSend.perEmail.consume(emailKey(email));
  return sendEmail({ to: email, ...renderLoginCodeEmail({ code, minutes: 10, purpose: "login" }) });
}

describe("login-code email with send limits", () => {
  let receiver: SmtpReceiver;

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    resetEnvForTests();
    await closeRateLimitStores();
    await receiver.close();
  });

  it("delivers 3 codes to one address over SMTP, then refuses the 4th with 429", async () => {
    process.env.SMTP_URL = receiver.url;
    resetEnvForTests();
    for (const code of ["100001", "100002", "100003"]) {
      expect((await sendCode("198.51.100.9", "Limit@Example.com", code)).delivered).toBe("smtp");
    }
    await expect(sendCode("198.51.100.10", "limit@example.com", "100004")).rejects.toMatchObject({
      code: "rate_limited",
      status: 429,
    });
    await receiver.waitFor((m) => m.text.includes("100003"));
    expect(receiver.messages.filter((m) => m.to.includes("limit@example.com"))).toHaveLength(3);
    expect(receiver.messages.some((m) => m.text.includes("100004"))).toBe(false);
  });

  it("writes to the development mailbox in DATA_DIR when SMTP is not configured", async () => {
    delete process.env.SMTP_URL;
    resetEnvForTests();
    const result = await sendCode("198.51.100.11", "dev@example.com", "200002");
    expect(result.delivered).toBe("dev-mailbox");
    const [latest] = await readDevMailbox({ to: "dev@example.com" });
    expect(latest?.id).toBe(result.messageId);
    expect(latest?.text).toContain("200002");
  });
});
