import { EMAIL_PARAGRAPH, emailDocument, escapeHtml, type RenderedEmail } from "@/lib/email/render";

// The mail workspace owners get when an endpoint is disabled after failing deliveries in a row.

export function renderWebhookDisabledEmail({
  workspaceName,
  url,
  failures,
  lastError,
  link,
}: {
  workspaceName: string;
  url: string;
  failures: number;
  lastError: string;
  link: string;
}): RenderedEmail {
  const subject = `A webhook of ${workspaceName} was disabled`;
  const intro = `Gauntlet stopped sending events to ${url}: ${failures} deliveries in a row failed every retry.`;
  const cause = `Last error: ${lastError}`;
  const next = "Fix the receiver, then turn the endpoint on again in the console and send a test event:";
  const text = `${intro}\n\n${cause}\n\n${next}\n${link}\n`;
  const p = EMAIL_PARAGRAPH;
  const html = emailDocument(
    subject,
    `<p ${p}>${escapeHtml(intro)}</p>
<p ${p}><code>${escapeHtml(cause)}</code></p>
<p ${p}>${escapeHtml(next)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  );
  return { subject, text, html };
}
