// Small contract breaks on API paths. Every API path answers `{ error: { code,
// message } }` JSON, whatever the client sends.
import { RequestCookies } from "next/dist/server/web/spec-extension/cookies";
import { describe, expect, it } from "vitest";
import { GET as nextAuthGet, POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { GET as apiUnknown } from "@/app/api/[[...path]]/route";
import { DELETE as consoleUnknownDelete, GET as consoleUnknown } from "@/app/console/api/[[...path]]/route";
import { GET as consoleChallenges } from "@/app/console/api/challenges/route";
import { GET as webUnknown, POST as webUnknownPost } from "@/app/web/api/[[...path]]/route";
import { GET as challengesList } from "@/app/web/api/challenges/route";
import { GET as me } from "@/app/web/api/me/route";
import { POST as logout } from "@/app/web/api/logout/route";
import { POST as register } from "@/app/web/api/register/route";
import { sessionCookieName } from "@/lib/auth/session";
import { resetEnvForTests } from "@/lib/env";
import { call, freshIp } from "@/tests/helpers/route";

function expectJsonError(res: { status: number; headers: Headers; json: any }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(res.json.error.code).toBe(code);
  expect(typeof res.json.error.message).toBe("string");
}

describe("a malformed session cookie is no session (not a 500)", () => {
  it.each(["%", "%E0%A4%A", "abc%zz"])("cookie value %s", async (value) => {
    const cookie = `${sessionCookieName()}=${value}`;
    const list = await call(challengesList, { cookie, path: "/web/api/challenges" });
    expect(list.status).toBe(200);
    expectJsonError(await call(me, { cookie }), 401, "unauthorized");
    expectJsonError(await call(consoleChallenges, { cookie, path: "/console/api/challenges" }), 401, "unauthorized");
  });
});

describe("pages read the session through Next's cookie parser", () => {
  it("which drops an undecodable value, so getViewer() sees no session instead of throwing", () => {
    // lib/auth/viewer.ts reads cookies() — these RequestCookies — for pages and server actions.
    const jar = new RequestCookies(new Headers({ cookie: `${sessionCookieName()}=%E0%A4%A; other=1` }));
    expect(jar.get(sessionCookieName())).toBeUndefined();
    expect(jar.get("other")?.value).toBe("1");
  });
});

describe("unknown paths under the API prefixes answer a JSON 404", () => {
  it.each([
    ["/console/api", consoleUnknown, {}],
    ["/console/api/challenges/abc/nope", consoleUnknown, { path: ["challenges", "abc", "nope"] }],
    ["/web/api/nope", webUnknown, { path: ["nope"] }],
    ["/api/nope/deeper", apiUnknown, { path: ["nope", "deeper"] }],
  ] as const)("GET %s", async (path, handler, params) => {
    expectJsonError(await call(handler as never, { path, params: params as never }), 404, "not_found");
  });

  it("for every method", async () => {
    expectJsonError(await call(webUnknownPost as never, { path: "/web/api/x", body: {} }), 404, "not_found");
    expectJsonError(await call(consoleUnknownDelete as never, { path: "/console/api/x", method: "DELETE" }), 404, "not_found");
  });
});

describe("/api/auth/* with a malformed body answers JSON 400 (not an empty 500)", () => {
  const signIn = { path: "/api/auth/callback/password", params: { nextauth: ["callback", "password"] } as never };
  it.each([
    ["broken JSON", "{"],
    ["a JSON array", "[1]"],
    ["a JSON string", '"x"'],
    ["an empty body", ""],
  ])("%s", async (_label, rawBody) => {
    const res = await call(nextAuthPost, { ...signIn, method: "POST", rawBody, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(["invalid_json", "bad_request"]).toContain(res.json.error.code);
  });

  it("refuses an oversized body (any type) with 413 and a 5,000-deep JSON body with 422", async () => {
    const huge = "x".repeat(2 * 1024 * 1024);
    for (const type of ["application/json", "application/x-www-form-urlencoded"]) {
      const res = await call(nextAuthPost, { ...signIn, method: "POST", rawBody: huge, headers: { "content-type": type } });
      expect(res.status, type).toBe(413);
      expect(res.json.error.code).toBe("payload_too_large");
    }
    const deep = `{"a":${"[".repeat(5000)}${"]".repeat(5000)}}`;
    const res = await call(nextAuthPost, { ...signIn, method: "POST", rawBody: deep, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe("validation_failed");
  });

  it("anything next-auth throws is a JSON error too", async () => {
    // Outside a Next.js request scope next-auth's cookies() throws: the wrapper still answers JSON.
    const res = await call(nextAuthGet, { path: "/api/auth/session", params: { nextauth: ["session"] } as never });
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.json.error.code).toBeTypeOf("string");
  });
});

describe("cookies over https", () => {
  it("are Secure (and __Secure- prefixed) when APP_URL is https, plain over http", async () => {
    const setCookies = async () => {
      const email = `secure-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
      const res = await call(register, { body: { email, name: "Sec", password: "correct horse battery" }, ip: freshIp() });
      expect(res.status).toBe(201);
      const out = await call(logout, { method: "POST", bearer: res.json.access_token as string });
      return [...res.headers.getSetCookie(), ...out.headers.getSetCookie()].filter((c) => c.includes("session-token="));
    };
    const before = process.env.APP_URL;
    process.env.APP_URL = "https://gauntlet.example";
    resetEnvForTests();
    try {
      const secure = await setCookies();
      expect(secure).toHaveLength(2);
      for (const c of secure) {
        expect(c).toMatch(/^__Secure-next-auth\.session-token=/);
        expect(c).toMatch(/;\s*Secure/i);
        expect(c).toMatch(/;\s*HttpOnly/i);
      }
    } finally {
      if (before === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = before;
      resetEnvForTests();
    }
    for (const c of await setCookies()) expect(c).not.toMatch(/;\s*Secure/i);
  });
});
