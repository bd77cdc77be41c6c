// Instance administrators, through /web/api/admin/** (a signed-in administrator's session only):
// everyone else is refused on every admin route, administrators flag other administrators, and
// every action shows in the audit log.
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { GET as adminAudit } from "@/app/web/api/admin/audit/route";
import { GET as adminList, POST as adminSet } from "@/app/web/api/admin/admins/route";
import { POST as apiTokensCreate } from "@/app/console/api/api-tokens/route";
import { db } from "@/lib/db";
import { ROUTES } from "@/lib/openapi/routes";
import { createWorkspace } from "@/lib/services/workspaces";
import { ORIGIN } from "@/tests/helpers/console";
import { makeAccount, unique } from "@/tests/helpers/factories";
import { call } from "@/tests/helpers/route";
import { asAdmin, auditCounter, cookieFor, type Handler, moderationWorld, tenant } from "./moderation-support";

const ROOT = resolve(import.meta.dirname, "../../..");
const world = moderationWorld();
const admin = asAdmin(world);
const auditCount = auditCounter(world);

describe("administrators", () => {
  const adminRoutes = () =>
    ROUTES.filter((r) => r.path.startsWith("/web/api/admin/")).flatMap((r) =>
      Object.keys(r.operations).map((method) => ({ path: r.path, file: r.file, method })),
    );

  it("answers 403 to a signed-in non-administrator and 401 to a visitor on every admin route", async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(9);
    const t = await tenant("Probe");
    for (const r of routes) {
      const mod = (await import(pathToFileURL(join(ROOT, r.file)).href)) as Record<string, Handler>;
      const handler = mod[r.method]!;
      const params = { id: t.challenge.id, kind: "challenge" };
      // A valid body for each (a malformed one is a 422 before anyone is asked who they are).
      const bodies: Record<string, object> = {
        "/web/api/admin/workspaces/{id}/approval": { action: "approve" },
        "/web/api/admin/listings/{kind}/{id}": { action: "restore" },
        "/web/api/admin/reports/{id}/resolve": { status: "resolved" },
        "/web/api/admin/admins": { email: world.envAdmin.email, admin: true },
      };
      const body = r.method === "GET" ? undefined : bodies[r.path];
      expect(r.method === "GET" || body, r.path).toBeTruthy();
      for (const cookie of [world.playerCookie, t.ownerCookie]) {
        const res = await call(handler, { method: r.method, cookie, headers: ORIGIN, params, ...(body ? { body } : {}) });
        expect(res.status, `${r.method} ${r.path}`).toBe(403);
        expect(res.json.error.code).toBe("forbidden");
      }
      const anonymous = await call(handler, { method: r.method, headers: ORIGIN, params, ...(body ? { body } : {}) });
      expect(anonymous.status, `${r.method} ${r.path}`).toBe(401);
    }
    expect(await db.adminAuditEntry.count({ where: { actorId: { in: [world.player.id, t.owner.id] } } })).toBe(0);
  });

  it("lets an administrator flag another account (audited), who may then act; INSTANCE_ADMINS cannot be revoked here", async () => {
    const deputy = await makeAccount({ name: "Deputy" });
    const deputyCookie = await cookieFor(deputy);
    expect((await call(adminAudit, { cookie: deputyCookie })).status).toBe(403);
    const grant = await admin(adminSet, { body: { email: deputy.email, admin: true, reason: "moderator" } });
    expect(grant.status).toBe(200);
    expect(grant.json.admin).toMatchObject({ id: deputy.id, source: "database", admin: true });
    expect(await auditCount("admin.grant", deputy.id)).toBe(1);
    expect((await call(adminAudit, { cookie: deputyCookie })).status).toBe(200);
    const list = await admin(adminList);
    expect(list.json.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: world.envAdmin.id, source: "env" }),
        expect.objectContaining({ id: deputy.id, source: "database" }),
      ]),
    );
    // The deputy cannot take the env administrator's rights.
    const revokeRoot = await call(adminSet, { cookie: deputyCookie, headers: ORIGIN, body: { email: world.envAdmin.email, admin: false } });
    expect(revokeRoot.status).toBe(409);
    expect((await admin(adminSet, { body: { email: deputy.email, admin: false } })).status).toBe(200);
    expect(await auditCount("admin.revoke", deputy.id)).toBe(1);
    expect((await call(adminAudit, { cookie: deputyCookie })).status).toBe(403);
    expect((await admin(adminSet, { body: { email: "nobody@example.test", admin: true } })).status).toBe(404);
  });

  it("refuses an administrator's API token on the admin routes (a signed-in session only)", async () => {
    const ws = await createWorkspace(world.envAdmin.id, `Root space ${unique()}`);
    const token = await call(apiTokensCreate, { cookie: world.adminCookie, headers: { ...ORIGIN, "x-workspace-id": ws.id }, body: { name: "root bot", scopes: ["play", "console"] } });
    expect(token.status).toBe(201);
    const res = await call(adminAudit, { bearer: token.json.token });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("insufficient_scope");
  });

  it("shows every action in the audit log, newest first", async () => {
    const res = await admin(adminAudit, { path: "/web/api/admin/audit?limit=100" });
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(await db.adminAuditEntry.count());
    const times = res.json.data.map((e: { created_at: string }) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(res.json.data[0]).toMatchObject({ actor: { email: expect.any(String) }, action: expect.any(String), target_id: expect.any(String) });
  });
});
