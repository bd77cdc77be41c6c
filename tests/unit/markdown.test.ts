import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NextIntlClientProvider } from "next-intl";
import { MarkdownEditor } from "@/components/console/markdown-editor";
import { markdownTooComplex } from "@/components/markdown/complexity";
import { SafeMarkdown } from "@/components/markdown/markdown";
import messages from "@/lib/i18n/messages/en/index";
import payloads from "../fixtures/xss-payloads.json";

const render = (markdown: string, imageHosts: string[] = ["example.com"]) =>
  renderToStaticMarkup(createElement(SafeMarkdown, { children: markdown, imageHosts }));

/** Every attribute value in the rendered HTML (double- or single-quoted). */
function attributes(html: string): { name: string; value: string }[] {
  return [...html.matchAll(/\s([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:=("[^"]*"|'[^']*'))?/g)]
    .filter((m) => html.lastIndexOf("<", m.index) > html.lastIndexOf(">", m.index))
    .map((m) => ({ name: m[1]!.toLowerCase(), value: (m[2] ?? "").slice(1, -1) }));
}

const decode = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ":")
    .replace(/&amp;/g, "&")
    .replace(/\s/g, "");

describe("SafeMarkdown", () => {
  it("has a fixture of at least 15 XSS payloads", () => {
    expect(payloads.length).toBeGreaterThanOrEqual(15);
  });

  it.each(payloads)("neutralises $name", ({ markdown }) => {
    const html = render(markdown);
    expect(html).not.toMatch(/<\s*(script|style|iframe|object|embed|form|meta|base|svg|details)\b/i);
    for (const attr of attributes(html)) {
      expect(attr.name, html).not.toMatch(/^on/);
      expect(attr.name, html).not.toBe("style");
      if (["href", "src", "action", "formaction", "data", "srcset", "xlink:href"].includes(attr.name)) {
        expect(decode(attr.value).toLowerCase(), html).not.toMatch(/^(javascript|data|vbscript):/);
        expect(attr.value, html).not.toMatch(/^\/\//);
      }
    }
    expect(decode(html).toLowerCase()).not.toMatch(/(href|src)="?(javascript|data|vbscript):/);
  });

  it("keeps ordinary Markdown: emphasis, lists, code, safe links and https images of allowed hosts", () => {
    const html = render(
      "# Level 1\n\nGet the **password** from the _guard_.\n\n- one\n- two\n\n`code`\n\n[docs](https://example.com/docs) and [home](/challenges)\n\n![hero](https://example.com/a.png)",
    );
    expect(html).toContain("<h2>Level 1</h2>");
    expect(html).toContain("<strong>password</strong>");
    expect(html).toContain("<em>guard</em>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("<code>code</code>");
    expect(html).toContain('href="https://example.com/docs"');
    expect(html).toContain('rel="nofollow noopener noreferrer ugc"');
    expect(html).toContain('href="/challenges"');
    expect(html).toContain('src="https://example.com/a.png"');
  });

  it("loads images only from signed assets and allowed hosts; others become links (no IP leak)", () => {
    const signed = "/assets/abc123?exp=1900000000&sig=abcdefghijkl";
    const html = render(
      `![tracker](https://tracker.example/pixel.png) ![ok](https://images.example/a.png) ![hero](${signed}) ![](https://images.example.evil.test/b.png)`,
      ["images.example"],
    );
    const imgs = [...html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
    expect(imgs).toEqual(["https://images.example/a.png", signed]);
    expect(html).toContain('<a href="https://tracker.example/pixel.png" rel="nofollow noopener noreferrer ugc" target="_blank" data-blocked-image="">[tracker]</a>');
    expect(html).toContain(">[image]</a>");
    // Without an allow-list, no external image loads at all.
    expect(render("![x](https://example.com/a.png)", [])).not.toMatch(/<img/);
  });

  it("the console's live preview applies the same image allow-list players get", () => {
    const preview = (imageHosts?: string[]) =>
      renderToStaticMarkup(
        createElement(NextIntlClientProvider, {
          locale: "en",
          messages,
          timeZone: "UTC",
          children: createElement(MarkdownEditor, {
            id: "md",
            name: "instructions_md",
            label: "Instructions",
            defaultValue: "![logo](https://images.example/logo.png)",
            ...(imageHosts ? { imageHosts } : {}),
          }),
        }),
      );
    expect(preview(["images.example"])).toMatch(/<img[^>]*src="https:\/\/images\.example\/logo\.png"/);
    expect(preview()).not.toMatch(/<img/);
  });

  it("drops http images and raw HTML but keeps the surrounding text", () => {
    const html = render("Before <b>bold?</b> after\n\n![x](http://insecure.example/a.png)");
    expect(html).not.toContain("<b>");
    expect(html).toContain("Before");
    expect(html).toContain("after");
    expect(html).not.toContain("insecure.example");
  });
});

describe("markdownTooComplex: a linear bound before the parser", () => {
  it("lets ordinary instructions through and shows bombs as written", () => {
    const ordinary = `# Level 3\n\nGet the **password** from _the_ bot.\n\n- one\n- two\n  - nested\n\n> a quote\n\n[a link](https://example.com)\n`;
    expect(markdownTooComplex(ordinary.repeat(10))).toBe(false);
    expect(markdownTooComplex("*a_".repeat(6_666))).toBe(true);
    expect(markdownTooComplex("[".repeat(20_000))).toBe(true);
    expect(markdownTooComplex(">".repeat(20_000))).toBe(true);
    expect(markdownTooComplex(Array.from({ length: 400 }, () => "- x").join("\n"))).toBe(true);
  });
});
