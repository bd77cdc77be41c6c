import { type AddressInfo } from "node:net";
import { simpleParser, type AddressObject } from "mailparser";
import { SMTPServer } from "smtp-server";

// A real SMTP server on loopback for tests: the app sends over the network exactly as in
// production and the test reads what arrived. Plain Node (no vitest imports), so Playwright
// tests can use it too.

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Header values. */
  headerFrom: string;
  headerTo: string;
  subject: string;
  text: string;
  /** HTML body, or "" when the message had none. */
  html: string;
  messageId?: string;
  /** Raw header values by lower-case name (folding undone; the last one when repeated). */
  headers: Record<string, string>;
  receivedAt: Date;
}

export interface SmtpReceiver {
  port: number;
  /** `smtp://127.0.0.1:<port>`, ready for SMTP_URL. */
  url: string;
  /** Every message received so far, oldest first. */
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function addressText(value: AddressObject | AddressObject[] | undefined): string {
  if (!value) return "";
  return (Array.isArray(value) ? value : [value]).map((a) => a.text).join(", ");
}

export async function startSmtpReceiver({ port = 0 }: { port?: number } = {}): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<(mail: ReceivedMail) => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // No reverse DNS for 127.0.0.1: it only slows each connection down.
    disableReverseLookup: true,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            headerFrom: addressText(parsed.from),
            headerTo: addressText(parsed.to),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            messageId: parsed.messageId,
            headers: Object.fromEntries(
              parsed.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(":") + 1).replace(/\r?\n(?=[ \t])/g, "").trim()]),
            ),
            receivedAt: new Date(),
          };
          messages.push(mail);
          for (const notify of [...waiters]) notify(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // Connection-level errors (a client hanging up) must not crash the test process.
  server.on("error", () => undefined);

  const boundPort = (server.server.address() as AddressInfo).port;

  return {
    port: boundPort,
    url: `smtp://127.0.0.1:${boundPort}`,
    messages,
    waitFor(predicate, timeoutMs = 5_000) {
      const existing = messages.find(predicate);
      if (existing) return Promise.resolve(existing);
      return new Promise((resolve, reject) => {
        const notify = (mail: ReceivedMail) => {
          if (!predicate(mail)) return;
          clearTimeout(timer);
          waiters.delete(notify);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(notify);
          const seen = messages.map((m) => `${m.to.join(",")}: ${m.subject}`).join("; ") || "none";
          reject(new Error(`No matching email within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        waiters.add(notify);
      });
    },
    close() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
