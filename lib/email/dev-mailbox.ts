import "server-only";
import { randomUUID } from "node:crypto";
import { appendFile, mkdir, open } from "node:fs/promises";
import { join, resolve } from "node:path";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

// Without SMTP, mail goes to a JSON-lines file in DATA_DIR so a fresh install can still sign
// people in: the operator reads codes from the log (outside production) or the console page.

export interface DevMail {
  id: string;
  /** ISO timestamp. */
  at: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

/** Only the newest part of a large mailbox is read. */
const MAX_READ_BYTES = 4 * 1024 * 1024;

export function devMailboxPath(): string {
  return join(resolve(env.DATA_DIR), "dev-mailbox.jsonl");
}

export async function writeDevMail(mail: Omit<DevMail, "id" | "at">): Promise<DevMail> {
  const entry: DevMail = { id: randomUUID(), at: new Date().toISOString(), ...mail };
  const file = devMailboxPath();
  await mkdir(resolve(env.DATA_DIR), { recursive: true });
  // One write per line with O_APPEND: concurrent writers do not interleave. 0600: it holds codes.
  await appendFile(file, `${JSON.stringify(entry)}\n`, { encoding: "utf8", mode: 0o600 });
  log.info("Email saved to the development mailbox (SMTP_URL is not set)", {
    to: entry.to,
    subject: entry.subject,
    file,
    ...(env.NODE_ENV === "production" ? {} : { text: entry.text }),
  });
  return entry;
}

/** Messages in the development mailbox, newest first. */
export async function readDevMailbox({ limit = 50, to }: { limit?: number; to?: string } = {}): Promise<
  DevMail[]
> {
  const max = Math.max(0, Math.min(Math.floor(limit), 500));
  const wanted = to?.trim().toLowerCase();
  let content: string;
  try {
    content = await readTail(devMailboxPath(), MAX_READ_BYTES);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  const out: DevMail[] = [];
  const lines = content.split("\n");
  for (let i = lines.length - 1; i >= 0 && out.length < max; i--) {
    const mail = parseLine(lines[i] ?? "");
    if (mail && (!wanted || mail.to.toLowerCase() === wanted)) out.push(mail);
  }
  return out;
}

async function readTail(file: string, maxBytes: number): Promise<string> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - maxBytes);
    const buf = Buffer.alloc(size - start);
    await handle.read(buf, 0, buf.length, start);
    const text = buf.toString("utf8");
    // Starting mid-file, the first line is partial.
    return start === 0 ? text : text.slice(text.indexOf("\n") + 1);
  } finally {
    await handle.close();
  }
}

function parseLine(line: string): DevMail | undefined {
  if (!line.trim()) return undefined;
  try {
    const v = JSON.parse(line) as Partial<DevMail>;
    if (typeof v.id !== "string" || typeof v.to !== "string" || typeof v.subject !== "string")
      return undefined;
    return {
      id: v.id,
      at: typeof v.at === "string" ? v.at : "",
      from: typeof v.from === "string" ? v.from : "",
      to: v.to,
      subject: v.subject,
      text: typeof v.text === "string" ? v.text : "",
      ...(typeof v.html === "string" ? { html: v.html } : {}),
      ...(v.headers && typeof v.headers === "object" ? { headers: v.headers } : {}),
    };
  } catch {
    return undefined;
  }
}
