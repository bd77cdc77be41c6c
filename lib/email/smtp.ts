import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";

// One transport per SMTP_URL, created on first use and reused. Options in the URL's query
// (e.g. ?pool=true&connectionTimeout=30000) override the defaults below.
let cached: { url: string; transport: Transporter<SMTPTransport.SentMessageInfo> } | undefined;

export function smtpTransport(url: string): Transporter<SMTPTransport.SentMessageInfo> {
  if (cached?.url === url) return cached.transport;
  cached?.transport.close();
  const transport = nodemailer.createTransport({
    url,
    // Node's defaults wait minutes on a dead server; a sign-in request should fail in seconds.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as SMTPTransport.Options);
  cached = { url, transport };
  return transport;
}
