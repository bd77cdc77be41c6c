import { describe, expect, it } from "vitest";
import { escapeHtml, renderLoginCodeEmail } from "@/lib/email/render";

describe("renderLoginCodeEmail", () => {
  it.each([
    { purpose: "login" as const, subject: "Your Gauntlet sign-in code", intro: "sign in" },
    { purpose: "register" as const, subject: "Confirm your email for Gauntlet", intro: "finish creating" },
  ])("renders the $purpose email", ({ purpose, subject, intro }) => {
    const mail = renderLoginCodeEmail({ code: "908172", minutes: 10, purpose });
    expect(mail.subject).toBe(subject);
    expect(mail.subject).not.toContain("908172");
    expect(mail.text).toContain(intro);
    expect(mail.text).toContain("908172");
    expect(mail.text).toContain("expires in 10 minutes");
    expect(mail.html).toContain(">908172<");
    expect(mail.html).toContain("expires in 10 minutes");
  });

  it("uses the singular for one minute", () => {
    expect(renderLoginCodeEmail({ code: "1", minutes: 1, purpose: "login" }).text).toContain("1 minute.");
  });

  it("has no external assets", () => {
    const { html } = renderLoginCodeEmail({ code: "111111", minutes: 5, purpose: "login" });
    expect(html).not.toMatch(/<img|<link|<script|url\(|https?:\/\//i);
  });

  it("escapes values placed into the HTML", () => {
    const { html, text } = renderLoginCodeEmail({
      code: `<script>alert("x")</script>&'`,
      minutes: 10,
      purpose: "login",
    });
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;");
    // Plain text is not HTML: it keeps the value as is.
    expect(text).toContain(`<script>alert("x")</script>&'`);
  });

  it.each([
    ["<b>", "&lt;b&gt;"],
    ["a & b", "a &amp; b"],
    [`"quoted" 'single'`, "&quot;quoted&quot; &#39;single&#39;"],
    ["&amp;", "&amp;amp;"],
    ["plain", "plain"],
  ])("escapeHtml(%j) = %j", (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });
});
