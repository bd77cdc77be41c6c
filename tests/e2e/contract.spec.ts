import { expect, test } from "@playwright/test";
import { rawRequest as raw, type RawResponse as Raw } from "./support";

// In the real server: what the request guard and proxy.ts answer before any route
// runs (malformed URLs, `..`, TRACE), and the pages' Content-Security-Policy as served.

const header = (res: Raw, name: string): string => {
  const v = res.headers[name];
  return Array.isArray(v) ? v.join(", ") : (v ?? "");
};

function expectJsonError(res: Raw, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(header(res, "content-type")).toMatch(/^application\/json/);
  expect((JSON.parse(res.text) as { error: { code: string } }).error.code).toBe(code);
}

test("API paths answer JSON errors for malformed URLs, `..`, unknown paths and TRACE", async () => {
  for (const path of [
    "/console/api/challenges/%E0%A4%A",
    "/console/api/workflows/%E0%A4%A/publish",
    "/web/api/challenges/%E0%A4%A/leaderboard",
    "/api/auth/%",
  ]) {
    expectJsonError(await raw("GET", path), 400, "bad_request");
  }
  for (const path of [
    "/console/api/challenges/..",
    "/web/api/challenges/%2e%2e",
    "/console/api",
    "/api/nope",
    "/web/api/nope/deeper",
  ]) {
    expectJsonError(await raw("GET", path), 404, "not_found");
  }
  for (const [method, path] of [
    ["TRACE", "/"],
    ["TRACE", "/console/api/challenges"],
    ["PROPFIND", "/api/ping"],
  ] as const) {
    const res = await raw(method, path);
    expectJsonError(res, 405, "method_not_allowed");
    expect(res.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
  }
  // A method the route does not export: its own Allow, not the framework's empty 405.
  const put = await raw("PUT", "/web/api/me");
  expectJsonError(put, 405, "method_not_allowed");
  expect(put.headers.allow).toBe("GET, HEAD, OPTIONS");
  const auth = await raw("POST", "/api/auth/callback/password", { "content-type": "application/json" }, "{");
  expectJsonError(auth, 400, "invalid_json");
  // A malformed session cookie is no session.
  expectJsonError(
    await raw("GET", "/web/api/me", { cookie: "next-auth.session-token=%" }),
    401,
    "unauthorized",
  );
  expect((await raw("GET", "/api/ping", { cookie: "next-auth.session-token=%" })).status).toBe(200);
  // Pages keep the trailing-slash redirect.
  const slash = await raw("GET", "/challenges/");
  expect(slash.status).toBe(308);
  expect(header(slash, "location")).toMatch(/^(http:\/\/localhost:\d+)?\/challenges$/);
});

test("pages carry a nonce CSP that every rendered script satisfies", async () => {
  const res = await raw("GET", "/login");
  expect(res.status).toBe(200);
  const csp = header(res, "content-security-policy");
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  for (const d of [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "img-src 'self' data: blob:",
  ]) {
    expect(csp).toContain(d);
  }
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  // Every script Next rendered carries this request's nonce (or the browser would block it).
  const scripts = [...res.text.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  // A fresh nonce per response.
  const again = header(await raw("GET", "/login"), "content-security-policy");
  expect(again).not.toContain(nonce);
});
