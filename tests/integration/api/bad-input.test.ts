import { beforeAll, describe, expect, it } from "vitest";
import { POST as register } from "@/app/web/api/register/route";
import { POST as login } from "@/app/web/api/login/route";
import { POST as sendCode } from "@/app/web/api/login/email-code/send/route";
import { POST as verifyCode } from "@/app/web/api/login/email-code/verify/route";
import { POST as tokensCreate } from "@/app/console/api/api-tokens/route";
import { DELETE as tokenRevoke } from "@/app/console/api/api-tokens/[id]/route";
import { POST as providersCreate } from "@/app/console/api/llm-providers/route";
import { GET as providerGet } from "@/app/console/api/llm-providers/[id]/route";
import { POST as secretsSet } from "@/app/console/api/secrets/route";
import { DELETE as secretDelete } from "@/app/console/api/secrets/[id]/route";
import { createSessionToken, sessionCookieName } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { createWorkspace } from "@/lib/services/workspaces";
import { call, freshIp, type CallOptions } from "@/tests/helpers/route";

let cookie = "";
const ORIGIN = { origin: "http://localhost:3000" };
const long = (n: number) => "x".repeat(n);

beforeAll(async () => {
  const owner = await db.account.create({ data: { email: `bad-${Date.now()}@example.test`, name: "Owner" } });
  await createWorkspace(owner.id, "Bad input");
  cookie = `${sessionCookieName()}=${await createSessionToken(owner)}`;
});

/** Row counts of every table the routes could write to. */
async function snapshot() {
  const [accounts, codes, tokens, secrets, providers, workspaces, profiles] = await Promise.all([
    db.account.count(),
    db.emailLoginCode.count(),
    db.apiToken.count(),
    db.secret.count(),
    db.llmProvider.count(),
    db.workspace.count(),
    db.playerProfile.count(),
  ]);
  return { accounts, codes, tokens, secrets, providers, workspaces, profiles };
}

type Case = { name: string; opts: CallOptions; status?: number };
const broken = (extra: Partial<CallOptions> = {}): Case[] => [
  { name: "broken JSON", opts: { rawBody: '{"email": "a@b.c",', ...extra }, status: 400 },
  { name: "JSON array instead of an object", opts: { body: [1, 2, 3], ...extra }, status: 422 },
  { name: "empty body", opts: { rawBody: "", method: "POST", ...extra }, status: 422 },
  { name: "not JSON content type", opts: { rawBody: "a=b", headers: { "content-type": "text/plain", ...extra.headers }, ...extra, }, status: 415 },
  { name: "body over 64 KiB", opts: { body: { pad: long(70_000) }, ...extra }, status: 413 },
];

const routes: { name: string; handler: Parameters<typeof call>[0]; auth: boolean; cases: Case[] }[] = [
  {
    name: "POST /web/api/register",
    handler: register,
    auth: false,
    cases: [
      { name: "wrong types", opts: { body: { email: 42, name: true, password: ["x"] } } },
      { name: "missing fields", opts: { body: { email: "new@example.test" } } },
      { name: "oversized strings", opts: { body: { email: `${long(300)}@example.test`, name: long(500), password: long(500) } } },
      { name: "short password", opts: { body: { email: "short@example.test", name: "S", password: "short" } } },
      { name: "both password and code", opts: { body: { email: "b@example.test", name: "B", password: "long enough pw", code: "123456" } } },
      ...broken(),
    ],
  },
  {
    name: "POST /web/api/login",
    handler: login,
    auth: false,
    cases: [
      { name: "wrong types", opts: { body: { email: ["a"], password: 1 } } },
      { name: "missing password", opts: { body: { email: "a@example.test" } } },
      { name: "oversized password", opts: { body: { email: "a@example.test", password: long(1000) } } },
      { name: "not an email", opts: { body: { email: "not-an-email", password: "whatever1234" } } },
      ...broken(),
    ],
  },
  {
    name: "POST /web/api/login/email-code/send",
    handler: sendCode,
    auth: false,
    cases: [
      { name: "wrong type", opts: { body: { email: 12345 } } },
      { name: "missing email", opts: { body: {} } },
      { name: "oversized email", opts: { body: { email: `${long(400)}@x.io` } } },
      { name: "unknown purpose", opts: { body: { email: "a@example.test", purpose: "admin" } } },
      ...broken(),
    ],
  },
  {
    name: "POST /web/api/login/email-code/verify",
    handler: verifyCode,
    auth: false,
    cases: [
      { name: "code as number", opts: { body: { email: "a@example.test", code: 123456 } } },
      { name: "missing code", opts: { body: { email: "a@example.test" } } },
      { name: "code too long", opts: { body: { email: "a@example.test", code: long(100) } } },
      { name: "letters in code", opts: { body: { email: "a@example.test", code: "12ab56" } } },
      ...broken(),
    ],
  },
  {
    name: "POST /console/api/api-tokens",
    handler: tokensCreate,
    auth: true,
    cases: [
      { name: "wrong type", opts: { body: { name: 5 } } },
      { name: "missing name", opts: { body: {} } },
      { name: "oversized name", opts: { body: { name: long(1000) } } },
      { name: "unknown field", opts: { body: { name: "ok", scopes: ["root"] } } },
      { name: "negative expiry", opts: { body: { name: "ok", expires_in_days: -1 } } },
      ...broken(),
    ],
  },
  {
    name: "POST /console/api/secrets",
    handler: secretsSet,
    auth: true,
    cases: [
      { name: "wrong types", opts: { body: { name: 1, value: {} } } },
      { name: "missing value", opts: { body: { name: "FLAG" } } },
      { name: "oversized value", opts: { body: { name: "FLAG", value: long(5000) } } },
      { name: "bad name", opts: { body: { name: "has spaces!", value: "v" } } },
      ...broken(),
    ],
  },
  {
    name: "POST /console/api/llm-providers",
    handler: providersCreate,
    auth: true,
    cases: [
      { name: "wrong kind", opts: { body: { name: "p", kind: "anthropic", models: ["m"] } } },
      { name: "missing models", opts: { body: { name: "p", kind: "openai" } } },
      { name: "oversized name", opts: { body: { name: long(1000), kind: "openai", models: ["m"] } } },
      { name: "base_url not a URL", opts: { body: { name: "p", kind: "openai", models: ["m"], base_url: "javascript:alert(1)" } } },
      ...broken(),
    ],
  },
];

describe.each(routes)("$name rejects malformed input", ({ handler, auth, cases }) => {
  it.each(cases)("$name → 4xx JSON error, nothing changes", async ({ opts, status }) => {
    const before = await snapshot();
    const res = await call(handler, {
      method: "POST",
      ip: freshIp(),
      ...opts,
      ...(auth ? { cookie, headers: { ...ORIGIN, ...opts.headers } } : {}),
    });
    if (status) expect(res.status).toBe(status);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.json.error.code).toEqual(expect.any(String));
    expect(res.json.error.message).toEqual(expect.any(String));
    expect(res.text).not.toMatch(/at \w+ \(|prisma|sqlite|SELECT|stack/i);
    expect(await snapshot()).toEqual(before);
  });
});

describe("malformed path parameters", () => {
  it.each([
    ["DELETE /console/api/api-tokens/{id}", tokenRevoke, "DELETE"],
    ["DELETE /console/api/secrets/{id}", secretDelete, "DELETE"],
    ["GET /console/api/llm-providers/{id}", providerGet, "GET"],
  ] as const)("%s with a non-uuid id → 422", async (_n, handler, method) => {
    for (const id of ["1", "../../etc/passwd", long(300)]) {
      const res = await call(handler, { method, cookie, headers: ORIGIN, params: { id } });
      expect(res.status).toBe(422);
      expect(res.json.error.code).toBe("validation_failed");
    }
  });
});
