import "server-only";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { writeDevMail } from "@/lib/email/dev-mailbox";
import { smtpTransport } from "@/lib/email/smtp";

export { readDevMailbox, devMailboxPath, type DevMail } from "@/lib/email/dev-mailbox";
export { renderLoginCodeEmail, renderLoginWarningEmail, escapeHtml, type RenderedEmail } from "@/lib/email/render";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe…); names and values must not contain line breaks. */
  headers?: Record<string, string>;
}

export interface SendResult {
  delivered: "smtp" | "dev-mailbox";
  messageId?: string;
}

/** Sends through SMTP when SMTP_URL is set, otherwise writes to the development mailbox. */
export async function sendEmail({ to, subject, text, html, headers }: OutgoingEmail): Promise<SendResult> {
  const recipient = to.trim();
  // Addresses are validated by callers; this only stops header injection and empty values.
  if (!recipient || /[\r\n]/.test(recipient) || !recipient.includes("@")) {
    throw new AppError("bad_request", "Invalid email address");
  }
  const cleanSubject = subject.replace(/[\r\n]+/g, " ").trim();
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!/^[A-Za-z0-9-]+$/.test(name) || /[\r\n]/.test(value)) {
      throw new AppError("bad_request", "Invalid email header");
    }
  }

  const url = env.SMTP_URL;
  if (!url) {
    const mail = await writeDevMail({
      from: env.MAIL_FROM,
      to: recipient,
      subject: cleanSubject,
      text,
      html,
      ...(headers ? { headers } : {}),
    });
    return { delivered: "dev-mailbox", messageId: mail.id };
  }

  try {
    const info = await smtpTransport(url).sendMail({
      from: env.MAIL_FROM,
      to: recipient,
      subject: cleanSubject,
      text,
      ...(html === undefined ? {} : { html }),
      ...(headers ? { headers } : {}),
    });
    return { delivered: "smtp", messageId: info.messageId };
  } catch (err) {
    const e = err as { code?: unknown; responseCode?: unknown; command?: unknown; message?: unknown };
    // Details for the operator; never the body, which holds the code.
    log.error("Email could not be sent", {
      to: recipient,
      subject: cleanSubject,
      error: typeof e.message === "string" ? e.message : String(err),
      smtpCode: e.code,
      responseCode: e.responseCode,
      command: e.command,
    });
    throw new AppError("unavailable", "Email could not be sent", { cause: err });
  }
}
