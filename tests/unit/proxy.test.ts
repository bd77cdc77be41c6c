import { request as httpRequest, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import { proxy as appProxy, config } from "@/proxy";
import { resetEnvForTests } from "@/lib/env";
import { DISALLOWED_METHOD_HEADER, installMethodGuard } from "@/lib/http/method-guard";

// proxy.ts runs before every route in the real server. Called in-process here with the requests
// that used to get a plain-text 500, an HTML page or a 308 on API paths.

const BASE = "http://localhost:3000";
const req = (path: string, method = "GET", headers: Record<string, string> = {}) =>
  new NextRequest(new URL(path, BASE), { method, headers });

async function jsonOf(res: Response) {
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return (await res.json()) as { error: { code: string; message: string } };
}

afterEach(() => {
  delete process.env.MARKDOWN_IMAGE_HOSTS;
  delete process.env.APP_URL;
  resetEnvForTests();
});

describe("proxy", () => {
  it("runs on API paths and pages, not on build assets", () => {
    const [matcher] = config.matcher;
    const re = new RegExp(`^${matcher!}$`);
    for (const p of ["/console/api/challenges/x", "/web/api/me", "/api/auth/session", "/", "/challenges"]) {
      expect(re.test(p), p).toBe(true);
    }
    expect(re.test("/_next/static/chunks/app.js")).toBe(false);
  });

  it.each(["/console/api/challenges/%E0%A4%A", "/web/api/challenges/%/leaderboard", "/api/auth/%zz", "/console/api/plugins/a%E0%A4%A/test-run"])(
    "answers a malformed percent-encoding in %s with a JSON 400",
    async (path) => {
      const res = appProxy(req(path));
      expect(res.status).toBe(400);
      expect((await jsonOf(res)).error.code).toBe("bad_request");
    },
  );

  it.each([
    ["TRACE", "/console/api/challenges"],
    ["TRACE", "/"],
    ["TRACK", "/challenges/abc"],
    ["PROPFIND", "/web/api/me"],
  ])("answers %s %s (marked by the method guard) with a JSON 405 and Allow", async (method, path) => {
    const res = appProxy(req(path, "GET", { [DISALLOWED_METHOD_HEADER]: method }));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    expect((await jsonOf(res)).error.code).toBe("method_not_allowed");
  });

  it("answers an unserved method the Fetch API can carry with a JSON 405 too", async () => {
    const res = appProxy(req("/web/api/me", "PROPFIND"));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    expect((await jsonOf(res)).error.code).toBe("method_not_allowed");
  });

  it("the method guard turns TRACE into a marked GET before the framework sees it, and drops forged marks", async () => {
    installMethodGuard();
    const seen: { method?: string; mark?: string | string[] }[] = [];
    const server = createServer((r, res) => {
      seen.push({ method: r.method, mark: r.headers[DISALLOWED_METHOD_HEADER] });
      res.end();
    });
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    const { port } = server.address() as AddressInfo;
    const send = (method: string, headers: Record<string, string> = {}) =>
      new Promise<void>((ok, fail) => {
        const r = httpRequest({ host: "127.0.0.1", port, method, path: "/console/api/challenges", headers, agent: false }, (res) => {
          res.resume();
          res.on("end", ok);
        });
        r.on("error", fail);
        r.end();
      });
    try {
      await send("TRACE");
      await send("GET", { [DISALLOWED_METHOD_HEADER]: "TRACE" });
      await send("DELETE");
    } finally {
      server.close();
    }
    expect(seen).toEqual([
      { method: "GET", mark: "TRACE" },
      { method: "GET", mark: undefined },
      { method: "DELETE", mark: undefined },
    ]);
  });

  it("lets well-formed API requests through without a page policy", () => {
    const res = appProxy(req("/console/api/challenges/%C3%A9t%C3%A9"));
    expect(res.headers.get("x-middleware-next")).toBe("1");
    expect(res.headers.get("content-security-policy")).toBeNull();
  });

  it("serves an API path with a trailing slash (what `{id}=..` becomes) instead of redirecting", () => {
    const res = appProxy(req("/console/api/"));
    expect(res.status).toBe(200);
    expect(res.headers.get("location")).toBeNull();
    expect(res.headers.get("x-middleware-rewrite")).toBe(`${BASE}/console/api`);
  });

  it("still redirects pages with a trailing slash", () => {
    const res = appProxy(req("/challenges/?page=2"));
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe(`${BASE}/challenges?page=2`);
  });

  it("allows eval only on the members' console (ajv compiles plugin schemas there), never on player pages", () => {
    const scriptSrc = (path: string) =>
      /script-src ([^;]*)/.exec(appProxy(req(path)).headers.get("content-security-policy")!)![1]!;
    expect(scriptSrc("/console/demo/plugins/new")).toContain("'unsafe-eval'");
    expect(scriptSrc("/console")).toContain("'unsafe-eval'");
    for (const path of ["/", "/challenges/abc", "/consoles", "/settings", "/login"]) {
      expect(scriptSrc(path), path).not.toContain("'unsafe-eval'");
    }
  });

  it("sets a nonce-based Content-Security-Policy on pages, fresh per request", () => {
    const a = appProxy(req("/challenges"));
    const b = appProxy(req("/challenges"));
    const csp = a.headers.get("content-security-policy")!;
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(b.headers.get("content-security-policy")).not.toContain(nonce);
    // The nonce reaches the render (Next reads it from the request's CSP header).
    expect(a.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
    expect(a.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
    const directives = Object.fromEntries(
      csp.split(";").map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values.join(" ")];
      }),
    );
    expect(directives).toMatchObject({
      "default-src": "'self'",
      "object-src": "'none'",
      "base-uri": "'self'",
      "frame-ancestors": "'none'",
      "form-action": "'self'",
      "img-src": "'self' data: blob:",
    });
    expect(directives["script-src"]).toContain(`'nonce-${nonce}' 'strict-dynamic'`);
    expect(directives["script-src"]).not.toContain("unsafe-inline");
    expect(csp).not.toContain("upgrade-insecure-requests");
  });

  it("allows images from MARKDOWN_IMAGE_HOSTS only, and upgrades requests over https", () => {
    process.env.MARKDOWN_IMAGE_HOSTS = "images.example.com, CDN.example.org";
    process.env.APP_URL = "https://gauntlet.example";
    resetEnvForTests();
    const csp = appProxy(req("/")).headers.get("content-security-policy")!;
    expect(csp).toContain("img-src 'self' data: blob: https://images.example.com https://cdn.example.org;");
    expect(csp).toContain("upgrade-insecure-requests");
  });
});
