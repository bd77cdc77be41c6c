import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { renderLoginCodeEmail, sendEmail } from "@/lib/email";
import { smtpTransport } from "@/lib/email/smtp";
import { startSmtpReceiver, type SmtpReceiver } from "@/tests/helpers/smtp-receiver";

describe("sendEmail over SMTP", () => {
  let receiver: SmtpReceiver;

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    process.env.SMTP_URL = receiver.url;
    process.env.MAIL_FROM = "Gauntlet Test <noreply@gauntlet.test>";
    resetEnvForTests();
  });

  afterEach(() => {
    vi.restoreAllMocks();
    process.env.LOG_LEVEL = "silent";
    process.env.SMTP_URL = receiver.url;
    resetEnvForTests();
  });

  afterAll(async () => {
    delete process.env.SMTP_URL;
    delete process.env.MAIL_FROM;
    resetEnvForTests();
    await receiver.close();
  });

  it("delivers a login-code email with recipient, subject and code in text and html", async () => {
    const mail = renderLoginCodeEmail({ code: "482913", minutes: 10, purpose: "login" });
    const result = await sendEmail({ to: "Player@Example.com", ...mail });

    expect(result.delivered).toBe("smtp");
    expect(result.messageId).toBeTruthy();
    const got = await receiver.waitFor((m) => m.to.includes("player@example.com"));
    expect(got.subject).toBe("Your Gauntlet sign-in code");
    expect(got.from).toBe("noreply@gauntlet.test");
    expect(got.headerFrom).toContain("Gauntlet Test");
    expect(got.text).toContain("482913");
    expect(got.text).toContain("10 minutes");
    expect(got.html).toContain("482913");
    expect(got.messageId).toBe(result.messageId);
  });

  it("sends consecutive messages through one reused transport", async () => {
    expect(smtpTransport(receiver.url)).toBe(smtpTransport(receiver.url));
    await sendEmail({ to: "a@example.com", subject: "one", text: "first" });
    await sendEmail({ to: "b@example.com", subject: "two", text: "second", html: "<p>second</p>" });
    const [one, two] = await Promise.all([
      receiver.waitFor((m) => m.subject === "one"),
      receiver.waitFor((m) => m.subject === "two"),
    ]);
    expect(one.to).toEqual(["a@example.com"]);
    expect(one.html).toBe("");
    expect(two.html).toContain("<p>second</p>");
  });

  it("throws 'unavailable' when the server cannot be reached and logs no body", async () => {
    const dead = await startSmtpReceiver();
    await dead.close();
    process.env.SMTP_URL = dead.url;
    process.env.LOG_LEVEL = "info";
    resetEnvForTests();
    const errors: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => void errors.push(line));

    const err = await sendEmail({ to: "c@example.com", subject: "Code", text: "secret-body-771" }).catch(
      (e: unknown) => e,
    );

    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("unavailable");
    expect((err as AppError).message).toBe("Email could not be sent");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("Email could not be sent");
    expect(errors[0]).toContain("c@example.com");
    expect(errors[0]).not.toContain("secret-body-771");
  });

  it.each([
    { name: "empty", to: "  " },
    { name: "header injection", to: "a@example.com\r\nBcc: victim@example.com" },
    { name: "no at sign", to: "nobody" },
  ])("rejects an invalid recipient ($name)", async ({ to }) => {
    await expect(sendEmail({ to, subject: "x", text: "y" })).rejects.toMatchObject({ code: "bad_request" });
  });
});
