import { describe, expect, it } from "vitest";
import { absoluteLink, renderNotificationDigestEmail } from "@/lib/email/notifications";

const APP = "https://play.example.org";
const at = new Date(Date.UTC(2026, 10, 26, 17, 5));

describe("notification digest email", () => {
  it("lists every item with absolute links, the count in the subject, and the unsubscribe link", () => {
    const mail = renderNotificationDigestEmail({
      appUrl: APP,
      unsubscribeUrl: `${APP}/notifications/unsubscribe?token=abc`,
      items: [
        { title: "First blood on Alpha", body: "You solved it first.", link: "/challenges/a", createdAt: at },
        { title: "Record beaten on Beta", body: "Someone took the top spot.", link: null, createdAt: at },
      ],
    });
    expect(mail.subject).toBe("Gauntlet: 2 new notifications");
    expect(mail.text).toContain("First blood on Alpha");
    expect(mail.text).toContain(`${APP}/challenges/a`);
    expect(mail.text).toContain(`${APP}/notifications\n`);
    expect(mail.text).toContain("26 Nov 2026, 17:05 UTC");
    expect(mail.text).toContain(`${APP}/notifications/unsubscribe?token=abc`);
    expect(mail.html).toContain(`href="${APP}/challenges/a"`);
    expect(mail.html).toContain(`href="${APP}/notifications/unsubscribe?token=abc"`);
    expect(renderNotificationDigestEmail({ appUrl: APP, unsubscribeUrl: APP, items: [mailItem()] }).subject).toBe(
      "Gauntlet: 1 new notification",
    );
  });

  it("escapes hostile text in the HTML part", () => {
    const hostile = `"><script>alert(1)</script><img src=x onerror=alert('x')>`;
    const mail = renderNotificationDigestEmail({
      appUrl: APP,
      unsubscribeUrl: `${APP}/u?token=a&b`,
      items: [{ title: `First blood on ${hostile}`, body: `Body ${hostile}`, link: "/c?x=1&y=<2>", createdAt: at }],
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(&#39;x&#39;)&gt;");
    expect(mail.html).toContain(`href="${APP}/u?token=a&amp;b"`);
    expect(mail.text).toContain(hostile);
  });

  it("keeps links on the app's origin: anything else points to the inbox", () => {
    expect(absoluteLink("/challenges/x", APP)).toBe(`${APP}/challenges/x`);
    expect(absoluteLink(`${APP}/players/1`, APP)).toBe(`${APP}/players/1`);
    for (const bad of ["https://evil.example/", "//evil.example/x", "javascript:alert(1)", "data:text/html,x", null, ""]) {
      expect(absoluteLink(bad, APP)).toBe(`${APP}/notifications`);
    }
  });
});

function mailItem() {
  return { title: "One", body: "", link: null, createdAt: at };
}
