// The "for agents" page's copy-paste commands point at the server the reader reached, never at a
// default address: the snippet builder uses only the origin it is given, and the page gives it the
// request's origin (forwarding headers only from a trusted proxy; APP_URL for a malformed host).
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { agentSnippets } from "@/app/arena/agents/snippets";
import { resetEnvForTests } from "@/lib/env";

const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({ headers: () => Promise.resolve(request.headers) }));
vi.mock("next-intl/server", () => ({ getTranslations: () => Promise.resolve((key: string) => key) }));
vi.mock("@/lib/auth/viewer", () => ({ getViewer: () => Promise.resolve(null) }));

const URL_IN_TEXT = /https?:\/\/[^\s"'`)]+/g;

function snippetText(origin: string): string {
  const s = agentSnippets(origin);
  return Object.values(s)
    .map((v) => (typeof v === "function" ? v("arena:v1:link:account:1") : v))
    .join("\n");
}

describe("agentSnippets", () => {
  it("builds every command for the origin it is given", () => {
    const text = snippetText("https://arena.example.org:8443");
    const urls = text.match(URL_IN_TEXT) ?? [];
    expect(urls.length).toBeGreaterThanOrEqual(12);
    for (const url of urls) expect(url.startsWith("https://arena.example.org:8443")).toBe(true);
    expect(text).not.toContain("localhost");
    expect(text).toContain("curl -s https://arena.example.org:8443/api/v1/metadata");
    expect(text).toContain('new URL("https://arena.example.org:8443/api/arena/mcp")');
  });
});

describe("the /arena/agents page", () => {
  const before = { ...process.env };
  beforeEach(() => {
    delete process.env.TRUST_PROXY;
    process.env.APP_URL = "http://localhost:3000";
    resetEnvForTests();
  });
  afterEach(() => {
    process.env = { ...before };
    resetEnvForTests();
  });

  async function render(headers: Record<string, string>): Promise<string> {
    request.headers = new Headers(headers);
    const { default: ArenaAgentsPage } = await import("@/app/arena/agents/page");
    const html = renderToStaticMarkup(await ArenaAgentsPage());
    return html.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
  }

  it("shows the commands for the host the page was served from", async () => {
    const html = await render({ host: "arena.example.org:8443" });
    expect(html).toContain("curl -s http://arena.example.org:8443/api/v1/metadata");
    expect(html).toContain("curl -s -X POST http://arena.example.org:8443/api/v1/challenges/psi");
    expect(html).toContain("http://arena.example.org:8443/api/arena/mcp");
    expect(html).not.toContain("localhost:3000");
  });

  it("takes the scheme from APP_URL for a public host", async () => {
    process.env.APP_URL = "https://gauntlet.example";
    resetEnvForTests();
    const html = await render({ host: "play.example.net" });
    expect(html).toContain("curl -s https://play.example.net/api/v1/metadata");
  });

  it("ignores X-Forwarded-Host without a trusted proxy", async () => {
    const html = await render({ host: "arena.example.org", "x-forwarded-host": "evil.example" });
    expect(html).not.toContain("evil.example");
    expect(html).toContain("http://arena.example.org/api/v1/metadata");
  });

  it("falls back to APP_URL for a malformed host", async () => {
    process.env.APP_URL = "https://gauntlet.example";
    resetEnvForTests();
    const html = await render({ host: "bad host/<x>" });
    expect(html).toContain("curl -s https://gauntlet.example/api/v1/metadata");
  });
});
