import { request as httpRequest, createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import { proxy as appProxy, config } from "@/proxy";
import { resetEnvForTests } from "@/lib/env";
import { GET as rejected } from "@/app/api/request-rejected/route";
import { checkRequest, guardIncoming, installRequestGuard, REJECT_HEADER, REJECT_PATH } from "@/lib/http/request-guard";

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
  it("runs on pages, not on build assets", () => {
    const [matcher] = config.matcher;
    const re = new RegExp(`^${matcher!}$`);
    for (const p of ["/", "/challenges", "/challenges/abc/leaderboard", "/console/demo", "/settings"]) {
      expect(re.test(p), p).toBe(true);
    }
    expect(re.test("/_next/static/chunks/app.js")).toBe(false);
  });

  it("leaves API paths, asset downloads and icons out (the request guard answers those)", () => {
    const re = new RegExp(`^${config.matcher[0]!}$`);
    for (const p of ["/api", "/api/ping", "/web/api/me", "/console/api", "/console/api/challenges/x", "/assets/abc", "/favicon.ico"]) {
      expect(re.test(p), p).toBe(false);
    }
    for (const p of ["/apiary", "/web/apis", "/console", "/console/demo"]) expect(re.test(p), p).toBe(true);
  });
});

/** What the rejection route answers for a request the guard rewrote. */
async function answerFor(method: string, url: string) {
  const incoming = { method, url, headers: {} as Record<string, string | string[] | undefined> };
  guardIncoming(incoming as unknown as IncomingMessage);
  expect(incoming.url).toBe(REJECT_PATH);
  expect(incoming.method).toBe("GET");
  const res = rejected(new Request(`${BASE}${REJECT_PATH}`, { headers: { [REJECT_HEADER]: String(incoming.headers[REJECT_HEADER]) } }));
  return { res, body: await jsonOf(res) };
}

/** What the rejection route answers for a request the guard rewrote, with the client's headers. */
function rejectedFor(method: string, url: string, headers: Record<string, string>) {
  const incoming = { method, url, headers: { ...headers } as Record<string, string | string[] | undefined> };
  guardIncoming(incoming as unknown as IncomingMessage);
  expect(incoming.url).toBe(REJECT_PATH);
  return rejected(new Request(`${BASE}${REJECT_PATH}`, { headers: { [REJECT_HEADER]: String(incoming.headers[REJECT_HEADER]) } }));
}

describe("request guard (before the framework)", () => {
  it.each(["/console/api/challenges/%E0%A4%A", "/web/api/challenges/%/leaderboard", "/api/auth/%zz", "/console/api/plugins/a%E0%A4%A/test-run"])(
    "answers a malformed percent-encoding in %s with a JSON 400",
    async (path) => {
      const { res, body } = await answerFor("GET", path);
      expect(res.status).toBe(400);
      expect(body.error.code).toBe("bad_request");
    },
  );

  const MALFORMED_PAGES = [
    "/challenges/%",
    "/challenges/%E0%A4%A",
    "/console/%ff",
    "/players/%c0%af", // an overlong encoding of "/": not UTF-8
    "/red-blue/%E0%A4%A",
    "/arena/%",
    "/assets/%ff",
    "/_next/static/%ff",
  ];

  it.each(MALFORMED_PAGES)("answers the page path %s with a 400 page, or JSON to RSC and JSON clients", async (path) => {
    expect(checkRequest("GET", path)).toMatchObject({ rejection: { status: 400, code: "bad_request" } });
    const page = rejectedFor("GET", path, { accept: "text/html,application/xhtml+xml,*/*;q=0.8" });
    expect(page.status).toBe(400);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await page.text()).toContain("not valid percent-encoded UTF-8");
    for (const headers of [{ rsc: "1" }, { accept: "application/json" }, { "next-action": "abc" }] as Record<string, string>[]) {
      const res = rejectedFor("GET", path, headers);
      expect(res.status).toBe(400);
      expect((await jsonOf(res)).error.code).toBe("bad_request");
    }
  });

  it("drops the router's headers from a refused request (Next redirects an RSC request that lacks its `_rsc` hash)", () => {
    const headers: Record<string, string | undefined> = { rsc: "1", "next-router-state-tree": "x", "next-url": "/a", "next-action": "y", accept: "*/*" };
    const incoming = { method: "GET", url: "/challenges/%", headers };
    guardIncoming(incoming as unknown as IncomingMessage);
    expect(incoming.url).toBe(REJECT_PATH);
    expect(Object.keys(headers).sort()).toEqual(["accept", REJECT_HEADER]);
    expect(JSON.parse(headers[REJECT_HEADER]!)).toEqual({ status: 400, code: "bad_request", message: expect.any(String) });
  });

  it.each([
    ["TRACE", "/console/api/challenges"],
    ["TRACE", "/"],
    ["TRACK", "/challenges/abc"],
    ["PROPFIND", "/web/api/me"],
  ])("answers %s %s with a JSON 405 and Allow", async (method, path) => {
    const { res, body } = await answerFor(method, path);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    expect(body.error.code).toBe("method_not_allowed");
  });

  it("answers a method the route does not export with a JSON 405 and the route's Allow", async () => {
    const { res, body } = await answerFor("PUT", "/web/api/me");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(body.error.code).toBe("method_not_allowed");
  });

  it("normalises API paths (`..`, `%2e%2e`, trailing slash) instead of letting them redirect", () => {
    expect(checkRequest("GET", "/console/api/challenges/..")).toEqual({ url: "/console/api" });
    expect(checkRequest("GET", "/web/api/challenges/%2e%2e?x=1")).toEqual({ url: "/web/api?x=1" });
    expect(checkRequest("GET", "/console/api/")).toEqual({ url: "/console/api" });
    expect(checkRequest("GET", "/api/..")).toEqual({ url: "/api" });
    expect(checkRequest("GET", "/console/api/challenges/%C3%A9t%C3%A9")).toBeNull();
    expect(checkRequest("POST", "/web/api/challenges/abc/attempts")).toBeNull();
    expect(checkRequest("GET", "/challenges/")).toBeNull(); // pages: proxy.ts redirects
    expect(checkRequest("GET", "/players/%C3%A9t%C3%A9")).toBeNull();
    expect(checkRequest("GET", "/challenges/a%2Fb?q=%ff")).toBeNull(); // the query is the page's business
  });

  it("drops a client-sent rejection, and the rejection route without one is the API's 404", async () => {
    const incoming = { method: "GET", url: "/web/api/me", headers: { [REJECT_HEADER]: '{"status":405}' } as Record<string, string | undefined> };
    guardIncoming(incoming as unknown as IncomingMessage);
    expect(incoming.headers[REJECT_HEADER]).toBeUndefined();
    expect(incoming.url).toBe("/web/api/me");
    const res = rejected(new Request(`${BASE}${REJECT_PATH}`));
    expect(res.status).toBe(404);
    expect((await jsonOf(res)).error.code).toBe("not_found");
  });

  it("runs on a real Node server before its request handler", async () => {
    installRequestGuard();
    const seen: { method?: string; url?: string; mark?: string | string[] }[] = [];
    const server = createServer((r, res) => {
      seen.push({ method: r.method, url: r.url, mark: r.headers[REJECT_HEADER] });
      res.end();
    });
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    const { port } = server.address() as AddressInfo;
    const send = (method: string, path: string, headers: Record<string, string> = {}) =>
      new Promise<void>((ok, fail) => {
        const r = httpRequest({ host: "127.0.0.1", port, method, path, headers, agent: false }, (res) => {
          res.resume();
          res.on("end", ok);
        });
        r.on("error", fail);
        r.end();
      });
    try {
      await send("TRACE", "/console/api/challenges");
      await send("GET", "/console/api/challenges", { [REJECT_HEADER]: "forged" });
      await send("DELETE", "/console/api/challenges/abc");
    } finally {
      server.close();
    }
    expect(seen[0]).toMatchObject({ method: "GET", url: REJECT_PATH });
    expect(JSON.parse(String(seen[0]!.mark))).toMatchObject({ status: 405, code: "method_not_allowed" });
    expect(seen.slice(1)).toEqual([
      { method: "GET", url: "/console/api/challenges", mark: undefined },
      { method: "DELETE", url: "/console/api/challenges/abc", mark: undefined },
    ]);
  });
});

describe("server-action bodies (judged before the framework)", () => {
  it("hands a good action body over intact and turns a malformed, deep or big one into a 400, 422 or 413", async () => {
    installRequestGuard();
    const seen: { method?: string; url?: string; rejection?: { status: number; code: string }; body: string }[] = [];
    const server = createServer((r, res) => {
      const chunks: Buffer[] = [];
      r.on("data", (c: Buffer) => chunks.push(c));
      r.on("end", () => {
        const mark = r.headers[REJECT_HEADER];
        seen.push({ method: r.method, url: r.url, body: Buffer.concat(chunks).toString(), ...(mark ? { rejection: JSON.parse(String(mark)) } : {}) });
        res.end("ok");
      });
    });
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    const { port } = server.address() as AddressInfo;
    // The body goes out in two writes, so the guard has to wait for the second.
    const send = (path: string, headers: Record<string, string>, body: string) =>
      new Promise<number>((ok, fail) => {
        const r = httpRequest({ host: "127.0.0.1", port, method: "POST", path, headers, agent: false }, (res) => {
          res.resume();
          res.on("end", () => ok(res.statusCode ?? 0));
        });
        r.on("error", fail);
        const half = Math.floor(body.length / 2);
        r.write(body.slice(0, half));
        setImmediate(() => r.end(body.slice(half)));
      });
    const action = { "next-action": "7f00", "content-type": "text/plain;charset=UTF-8" };
    const good = '[{"status":"idle"},"$$x"]';
    const multipartBody = '--b\r\nContent-Disposition: form-data; name="_1_a"\r\n\r\nx\r\n--b\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$K1"]\r\n--b--\r\n';
    try {
      await send("/challenges/abc", action, good);
      await send("/console/demo", { "next-action": "7f00", "content-type": "multipart/form-data; boundary=b" }, multipartBody);
      await send("/challenges/abc", action, "[");
      await send("/challenges/abc", action, '["$@1",{"a":"$Q99"}]');
      await send("/challenges/abc", { ...action, rsc: "1" }, `${"[".repeat(1000)}${"]".repeat(1000)}`);
      await send("/challenges/abc", action, "[".repeat(3 * 1024 * 1024));
      await send("/web/api/challenges/abc/attempts", action, "["); // API routes read their own bodies
    } finally {
      server.close();
    }
    expect(seen[0]).toEqual({ method: "POST", url: "/challenges/abc", body: good });
    expect(seen[1]).toEqual({ method: "POST", url: "/console/demo", body: multipartBody });
    expect(seen.slice(2, 6).map((s) => [s.method, s.url, s.rejection?.status, s.rejection?.code])).toEqual([
      ["GET", REJECT_PATH, 400, "bad_request"],
      ["GET", REJECT_PATH, 400, "bad_request"],
      ["GET", REJECT_PATH, 422, "validation_failed"],
      ["GET", REJECT_PATH, 413, "payload_too_large"],
    ]);
    expect(seen[6]).toEqual({ method: "POST", url: "/web/api/challenges/abc/attempts", body: "[" });
  });
});

describe("proxy (pages)", () => {
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
