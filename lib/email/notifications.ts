import { emailDocument, escapeHtml, type RenderedEmail } from "@/lib/email/render";

// The notification digest: one email listing a player's notifications that arrived since the last
// one. Plain, no external assets (like render.ts). Every value that comes from people (challenge
// names and the like, in titles and bodies) is escaped in the HTML part; links are absolute, on
// the app's own origin only.

const APP_NAME = "Gauntlet";

export interface DigestItem {
  title: string;
  body: string;
  /** The notification's link, usually a path ("/challenges/…"); null for none. */
  link: string | null;
  createdAt: Date;
}

export interface DigestInput {
  items: readonly DigestItem[];
  /** env.APP_URL: links are made absolute against it. */
  appUrl: string;
  /** The unsubscribe page (with its signed token). */
  unsubscribeUrl: string;
}

/**
 * An absolute link for a notification: a path or URL on the app's origin, else the inbox (a
 * notification must not send people to another site from our mail).
 */
export function absoluteLink(link: string | null, appUrl: string): string {
  const inbox = new URL("/notifications", appUrl).toString();
  if (!link) return inbox;
  try {
    const url = new URL(link, appUrl);
    const app = new URL(appUrl);
    if (url.origin !== app.origin || (url.protocol !== "https:" && url.protocol !== "http:")) return inbox;
    return url.toString();
  } catch {
    return inbox;
  }
}

/** "26 Nov 2026, 17:12 UTC": the same for every reader, no locale or time zone guessed. */
function when(d: Date): string {
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** One line of text: no line breaks from stored values in the plain-text layout. */
const oneLine = (s: string) => s.replace(/\s*[\r\n]+\s*/g, " ").trim();

export function renderNotificationDigestEmail({ items, appUrl, unsubscribeUrl }: DigestInput): RenderedEmail {
  const count = items.length;
  const noun = `notification${count === 1 ? "" : "s"}`;
  const subject = `${APP_NAME}: ${count} new ${noun}`;
  const intro = `You have ${count} new ${noun} on ${APP_NAME}:`;
  const inbox = new URL("/notifications", appUrl).toString();
  const settings = new URL("/settings", appUrl).toString();
  const why = `You get these emails because "Also by email" is on in your ${APP_NAME} settings.`;
  const entries = items.map((item) => ({
    title: oneLine(item.title),
    body: oneLine(item.body),
    link: absoluteLink(item.link, appUrl),
    at: when(item.createdAt),
  }));

  const text = [
    intro,
    "",
    ...entries.flatMap((e) => [`- ${e.title}`, ...(e.body ? [`  ${e.body}`] : []), `  ${e.link}`, `  ${e.at}`, ""]),
    `All your notifications: ${inbox}`,
    "",
    "--",
    why,
    `Choose which notifications you get: ${settings}`,
    `Unsubscribe from these emails: ${unsubscribeUrl}`,
    "",
  ].join("\n");

  const font = "font:16px/1.5 system-ui,-apple-system,Segoe UI,sans-serif;color:#111";
  const small = "font:13px/1.5 system-ui,-apple-system,Segoe UI,sans-serif;color:#555";
  const list = entries
    .map(
      (e) => `<li style="margin:0 0 16px">
<a href="${escapeHtml(e.link)}" style="font-weight:600;color:#0b57d0">${escapeHtml(e.title)}</a><br>
${e.body ? `<span>${escapeHtml(e.body)}</span><br>\n` : ""}<span style="${small}">${escapeHtml(e.at)}</span>
</li>`,
    )
    .join("\n");
  const html = emailDocument(
    subject,
    `<p style="margin:0 0 16px;${font}">${escapeHtml(intro)}</p>
<ul style="margin:0 0 16px;padding-left:20px;${font}">
${list}
</ul>
<p style="margin:0 0 24px;${font}"><a href="${escapeHtml(inbox)}" style="color:#0b57d0">All your notifications</a></p>
<hr style="border:0;border-top:1px solid #ddd;margin:0 0 16px">
<p style="margin:0;${small}">${escapeHtml(why)}
<a href="${escapeHtml(settings)}" style="color:#555">Choose which notifications you get</a> or
<a href="${escapeHtml(unsubscribeUrl)}" style="color:#555">unsubscribe from these emails</a>.</p>`,
  );
  return { subject, text, html };
}
