import { beforeAll, describe, expect, it } from "vitest";
import { GET as workspaceGet } from "@/app/console/api/workspace/route";
import { GET as tokensList, POST as tokensCreate } from "@/app/console/api/api-tokens/route";
import { DELETE as tokenRevoke } from "@/app/console/api/api-tokens/[id]/route";
import { GET as providersList, POST as providersCreate } from "@/app/console/api/llm-providers/route";
import { DELETE as providerDelete, GET as providerGet } from "@/app/console/api/llm-providers/[id]/route";
import { GET as secretsList, POST as secretsSet } from "@/app/console/api/secrets/route";
import { DELETE as secretDelete } from "@/app/console/api/secrets/[id]/route";
import { createSessionToken, sessionCookieName } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { createWorkspace } from "@/lib/services/workspaces";
import { call } from "@/tests/helpers/route";

const ORIGIN = { origin: "http://localhost:3000" };

async function account(label: string) {
  return db.account.create({
    data: { email: `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`, name: label },
  });
}
async function cookieFor(a: { id: string; email: string; name: string }) {
  return `${sessionCookieName()}=${await createSessionToken(a)}`;
}

let ownerA: string, ownerB: string, player: string, editorA: string;
let wsA: { id: string }, wsB: { id: string };
let tokenA: string, providerB: string, secretB: string, tokenBId: string;

beforeAll(async () => {
  const [a, b, p, e] = await Promise.all([account("ownerA"), account("ownerB"), account("player"), account("editorA")]);
  wsA = await createWorkspace(a.id, "Alpha");
  wsB = await createWorkspace(b.id, "Beta");
  await db.membership.create({ data: { workspaceId: wsA.id, accountId: e.id, role: "editor" } });
  [ownerA, ownerB, player, editorA] = await Promise.all([cookieFor(a), cookieFor(b), cookieFor(p), cookieFor(e)]);

  const t = await call(tokensCreate, { body: { name: "ci" }, cookie: ownerA, headers: ORIGIN });
  expect(t.status).toBe(201);
  tokenA = t.json.token;
  const tb = await call(tokensCreate, { body: { name: "b" }, cookie: ownerB, headers: ORIGIN });
  tokenBId = tb.json.api_token.id;
  const pb = await call(providersCreate, {
    body: { name: "local", kind: "openai-compatible", base_url: "https://llm.example.com/v1", api_key: "sk-b-secret-key", models: ["m"] },
    cookie: ownerB,
    headers: ORIGIN,
  });
  expect(pb.status).toBe(201);
  providerB = pb.json.provider.id;
  const sb = await call(secretsSet, { body: { name: "FLAG", value: "b-flag" }, cookie: ownerB, headers: ORIGIN });
  secretB = sb.json.secret.id;
});

describe("console authorization", () => {
  it("scopes every read to the caller's workspace", async () => {
    const res = await call(workspaceGet, { cookie: ownerA });
    expect(res.status).toBe(200);
    expect(res.json.workspace.id).toBe(wsA.id);
    expect(res.json.role).toBe("owner");
    expect((await call(providersList, { cookie: ownerA })).json.data).toEqual([]);
  });

  it("gives a member of workspace A 404 for workspace B's resources", async () => {
    const cases = [
      await call(providerGet, { cookie: ownerA, params: { id: providerB } }),
      await call(providerDelete, { method: "DELETE", cookie: ownerA, params: { id: providerB }, headers: ORIGIN }),
      await call(tokenRevoke, { method: "DELETE", cookie: ownerA, params: { id: tokenBId }, headers: ORIGIN }),
      await call(secretDelete, { method: "DELETE", cookie: ownerA, params: { id: secretB }, headers: ORIGIN }),
      await call(providerGet, { bearer: tokenA, params: { id: providerB } }),
      await call(workspaceGet, { cookie: ownerA, headers: { "x-workspace-id": wsB.id } }),
    ];
    for (const res of cases) {
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe("not_found");
    }
    // Nothing of B's changed.
    expect(await db.llmProvider.count({ where: { id: providerB } })).toBe(1);
    expect(await db.secret.count({ where: { id: secretB } })).toBe(1);
    expect((await db.apiToken.findUniqueOrThrow({ where: { id: tokenBId } })).revokedAt).toBeNull();
  });

  it("gives a player with no membership 403 on the console", async () => {
    for (const handler of [workspaceGet, tokensList, providersList, secretsList]) {
      const res = await call(handler, { cookie: player });
      expect(res.status).toBe(403);
      expect(res.json.error.code).toBe("forbidden");
    }
  });

  it("answers 401 without credentials, and for unknown or revoked tokens", async () => {
    expect((await call(workspaceGet)).status).toBe(401);
    expect((await call(workspaceGet, { bearer: "gnt_unknown-token-value" })).status).toBe(401);
    expect((await call(workspaceGet, { headers: { authorization: "Basic abc" } })).status).toBe(401);

    const created = await call(tokensCreate, { body: { name: "short-lived" }, cookie: ownerA, headers: ORIGIN });
    const token = created.json.token as string;
    expect((await call(workspaceGet, { bearer: token })).status).toBe(200);
    const revoked = await call(tokenRevoke, {
      method: "DELETE",
      cookie: ownerA,
      params: { id: created.json.api_token.id },
      headers: ORIGIN,
    });
    expect(revoked.status).toBe(200);
    const after = await call(workspaceGet, { bearer: token });
    expect(after.status).toBe(401);
    expect(after.json.error.code).toBe("unauthorized");
  });

  it("lets API tokens act in their workspace, stores only a hash and never lists the token", async () => {
    const res = await call(workspaceGet, { bearer: tokenA });
    expect(res.json.workspace.id).toBe(wsA.id);
    expect(res.json.via).toBe("api-token");
    const list = await call(tokensList, { bearer: tokenA });
    expect(list.text).not.toContain(tokenA);
    expect(list.text).not.toMatch(/token_?hash/i);
    const rows = await db.apiToken.findMany({ omit: { tokenHash: false } });
    expect(rows.every((r) => r.tokenHash !== tokenA && /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it("keeps token and provider management to owners and admins", async () => {
    const t = await call(tokensCreate, { body: { name: "nope" }, cookie: editorA, headers: ORIGIN });
    expect(t.status).toBe(403);
    const byToken = await call(tokensCreate, { body: { name: "nope" }, bearer: tokenA });
    expect(byToken.status).toBe(403);
  });

  it("refuses cookie-authenticated writes from another origin (CSRF)", async () => {
    const before = await db.secret.count();
    const cross = await call(secretsSet, {
      body: { name: "X", value: "y" },
      cookie: ownerA,
      headers: { origin: "https://evil.example" },
    });
    expect(cross.status).toBe(403);
    const noOrigin = await call(secretsSet, { body: { name: "X", value: "y" }, cookie: ownerA });
    expect(noOrigin.status).toBe(403);
    expect(await db.secret.count()).toBe(before);
    // Bearer tokens are not sent by browsers automatically, so they need no origin.
    expect((await call(secretsSet, { body: { name: "X", value: "y" }, bearer: tokenA })).status).toBe(201);
  });

  it("never returns secret values or provider keys", async () => {
    const list = await call(secretsList, { cookie: ownerB });
    expect(list.text).toContain("FLAG");
    expect(list.text).not.toContain("b-flag");
    const prov = await call(providerGet, { cookie: ownerB, params: { id: providerB } });
    expect(prov.json.provider.has_api_key).toBe(true);
    expect(prov.text).not.toContain("sk-b-secret-key");
    expect(prov.text).not.toMatch(/encrypted/i);
  });
});
