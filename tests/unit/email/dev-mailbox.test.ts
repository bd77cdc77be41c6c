import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { env, resetEnvForTests } from "@/lib/env";
import { devMailboxPath, readDevMailbox, renderLoginCodeEmail, sendEmail } from "@/lib/email";

describe("development mailbox (SMTP_URL unset)", () => {
  beforeEach(() => {
    delete process.env.SMTP_URL;
    resetEnvForTests();
    rmSync(devMailboxPath(), { force: true });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    process.env.LOG_LEVEL = "silent";
    resetEnvForTests();
  });

  it("appends each message as a JSON line in DATA_DIR", async () => {
    const mail = renderLoginCodeEmail({ code: "123456", minutes: 15, purpose: "register" });
    const result = await sendEmail({ to: "new@example.com", ...mail });

    expect(result.delivered).toBe("dev-mailbox");
    expect(devMailboxPath()).toBe(join(env.DATA_DIR, "dev-mailbox.jsonl"));
    const lines = readFileSync(devMailboxPath(), "utf8").trim().split("\n");
    expect(lines).toHaveLength(1);
    const stored = JSON.parse(lines[0]!);
    expect(stored).toMatchObject({
      id: result.messageId,
      to: "new@example.com",
      subject: "Confirm your email for Gauntlet",
      from: env.MAIL_FROM,
    });
    expect(stored.text).toContain("123456");
    expect(stored.html).toContain("123456");
    expect(statSync(devMailboxPath()).mode & 0o777).toBe(0o600);
  });

  it("reads newest first, filters by recipient (case-insensitive) and limits", async () => {
    for (const [i, to] of ["a@example.com", "b@example.com", "A@example.com", "a@example.com"].entries()) {
      await sendEmail({ to, subject: `message ${i}`, text: `body ${i}` });
    }

    const all = await readDevMailbox();
    expect(all.map((m) => m.subject)).toEqual(["message 3", "message 2", "message 1", "message 0"]);
    const forA = await readDevMailbox({ to: "a@EXAMPLE.com" });
    expect(forA.map((m) => m.subject)).toEqual(["message 3", "message 2", "message 0"]);
    const latest = await readDevMailbox({ to: "a@example.com", limit: 1 });
    expect(latest.map((m) => m.subject)).toEqual(["message 3"]);
  });

  it("returns nothing when the mailbox does not exist and skips damaged lines", async () => {
    expect(await readDevMailbox()).toEqual([]);
    await sendEmail({ to: "x@example.com", subject: "kept", text: "t" });
    writeFileSync(devMailboxPath(), "{not json\n\n", { flag: "a" });
    expect((await readDevMailbox()).map((m) => m.subject)).toEqual(["kept"]);
  });

  it("logs where to read the message, with the body only outside production", async () => {
    process.env.LOG_LEVEL = "info";
    resetEnvForTests();
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    const mail = renderLoginCodeEmail({ code: "654321", minutes: 10, purpose: "login" });

    await sendEmail({ to: "dev@example.com", ...mail });
    vi.stubEnv("NODE_ENV", "production");
    resetEnvForTests();
    await sendEmail({ to: "prod@example.com", ...mail });

    expect(lines).toHaveLength(2);
    const [dev, prod] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(dev).toMatchObject({
      level: "info",
      to: "dev@example.com",
      subject: mail.subject,
      file: devMailboxPath(),
    });
    expect(dev?.text).toContain("654321");
    expect(prod).toMatchObject({ to: "prod@example.com", subject: mail.subject, file: devMailboxPath() });
    expect(JSON.stringify(prod)).not.toContain("654321");
    // The file still has both messages: it is how operators without SMTP read codes.
    expect((await readDevMailbox()).map((m) => m.to)).toEqual(["prod@example.com", "dev@example.com"]);
  });
});
