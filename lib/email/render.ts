// Plain emails with no external assets (no images, fonts or tracking), so they render the same
// offline and in strict mail clients.

const APP_NAME = "Gauntlet";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * The one-time code email. The code is kept out of the subject: subjects are logged and shown
 * in lock-screen previews.
 */
/** The style of a body paragraph in every mail. */
export const EMAIL_PARAGRAPH = 'style="margin:0 0 16px;font:16px/1.5 system-ui,-apple-system,Segoe UI,sans-serif;color:#111"';

/** The HTML document around a mail's body (already escaped HTML), titled with its subject. */
export function emailDocument(subject: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#fff">
${body}
</body>
</html>
`;
}

export function renderLoginCodeEmail({
  code,
  minutes,
  purpose,
}: {
  code: string;
  minutes: number;
  purpose: "login" | "register";
}): RenderedEmail {
  const subject =
    purpose === "register" ? `Confirm your email for ${APP_NAME}` : `Your ${APP_NAME} sign-in code`;
  const intro =
    purpose === "register"
      ? `Use this code to finish creating your ${APP_NAME} account:`
      : `Use this code to sign in to ${APP_NAME}:`;
  const expiry = `It expires in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  const ignore = "If you did not ask for it, you can ignore this email; nothing will change.";

  const text = `${intro}\n\n    ${code}\n\n${expiry}\n${ignore}\n`;

  const p = EMAIL_PARAGRAPH;
  const html = emailDocument(
    subject,
    `<p ${p}>${escapeHtml(intro)}</p>
<p style="margin:0 0 16px;font:700 28px/1.2 ui-monospace,Menlo,Consolas,monospace;letter-spacing:4px;color:#111">${escapeHtml(code)}</p>
<p ${p}>${escapeHtml(expiry)}</p>
<p style="margin:0;font:13px/1.5 system-ui,-apple-system,Segoe UI,sans-serif;color:#555">${escapeHtml(ignore)}</p>`,
  );
  return { subject, text, html };
}

/**
 * The warning to an account's owner that someone is guessing its password. It names no address
 * (they are the attacker's, and may be the owner's own) and asks for nothing: no link to click.
 */
export function renderLoginWarningEmail({
  attempts,
  addresses,
  minutes,
}: {
  attempts: number;
  addresses: number;
  minutes: number;
}): RenderedEmail {
  const subject = `Someone tried to sign in to your ${APP_NAME} account`;
  const times = `${attempts} time${attempts === 1 ? "" : "s"}`;
  const from = `${addresses} address${addresses === 1 ? "" : "es"}`;
  const lines = [
    `Someone tried to sign in to your ${APP_NAME} account ${times} from ${from} in the last ${minutes} minutes, with a wrong password.`,
    "Your account is safe: while this goes on, a sign-in from a device or network you have not used before also needs a code that we email to you.",
    "If it was you, there is nothing to do: sign in with your password or an email code. If it was not you, nothing changes either; if you use this password anywhere else, change it there.",
  ];
  const text = `${lines.join("\n\n")}\n`;
  const html = emailDocument(subject, lines.map((l) => `<p ${EMAIL_PARAGRAPH}>${escapeHtml(l)}</p>`).join("\n"));
  return { subject, text, html };
}
