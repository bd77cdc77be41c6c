// Moderation of a multi-tenant instance: a new workspace's public listings wait for an instance
// administrator's approval (LISTING_APPROVAL=required, the default) or are listed at once
// (auto); administrators approve, feature, hide and remove listings, work through players'
// reports and flag other administrators, through /web/api/admin/** (a signed-in administrator's
// session only), and every such action writes an audit row. Workspace creation is an API
// operation for a session (never an API token). A workspace cannot undo an administrator's
// decision through its own console API.
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as adminAudit } from "@/app/web/api/admin/audit/route";
import { GET as adminList, POST as adminSet } from "@/app/web/api/admin/admins/route";
import { POST as setListing } from "@/app/web/api/admin/listings/[kind]/[id]/route";
import { GET as adminListings } from "@/app/web/api/admin/listings/route";
import { POST as resolveReport } from "@/app/web/api/admin/reports/[id]/resolve/route";
import { GET as adminReports } from "@/app/web/api/admin/reports/route";
import { POST as approveWorkspace } from "@/app/web/api/admin/workspaces/[id]/approval/route";
import { GET as adminWorkspaces } from "@/app/web/api/admin/workspaces/route";
import { PATCH as consoleChallengePatch } from "@/app/console/api/challenges/[id]/route";
import { POST as apiTokensCreate } from "@/app/console/api/api-tokens/route";
import { GET as workspaceGet } from "@/app/console/api/workspace/route";
import { POST as createWorkspaceRoute } from "@/app/console/api/workspaces/route";
import { POST as attemptRoute } from "@/app/web/api/challenges/[id]/attempts/route";
import { GET as challengeGet } from "@/app/web/api/challenges/[id]/route";
import { GET as challengesList } from "@/app/web/api/challenges/route";
import { GET as collectionsList } from "@/app/web/api/challenge-collections/route";
import { GET as redBlueList } from "@/app/web/api/red-blue-challenges/route";
import { POST as reportRoute } from "@/app/web/api/reports/route";
import { createSessionToken, sessionCookieName } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { ROUTES } from "@/lib/openapi/routes";
import { DEMO, seedDemo } from "@/lib/seed/demo";
import { createWorkspace } from "@/lib/services/workspaces";
import { makeAccount, makeApp, makeCollection, makePlayableChallenge, makeRedBlueChallenge, unique } from "@/tests/helpers/factories";
import { call, type CallOptions } from "@/tests/helpers/route";

const ORIGIN = { origin: "http://localhost:3000" };
const ROOT = resolve(import.meta.dirname, "../../..");
const REPORTS_PER_HOUR = 3;

type Handler = Parameters<typeof call>[0];
const cookieFor = async (a: { id: string; email: string; name: string }) => `${sessionCookieName()}=${await createSessionToken(a)}`;

let envAdmin: { id: string; email: string; name: string };
let adminCookie: string;
let playerCookie: string;
let player: { id: string };

beforeAll(async () => {
  // On a fresh database, as a new install starts.
  await seedDemo();
  envAdmin = await makeAccount({ email: `${unique("root")}@example.test`, name: "Root" });
  process.env.INSTANCE_ADMINS = ` ${envAdmin.email.toUpperCase()} , someone-else@example.test`;
  process.env.REPORTS_PER_HOUR = String(REPORTS_PER_HOUR);
  delete process.env.LISTING_APPROVAL;
  resetEnvForTests();
  adminCookie = await cookieFor(envAdmin);
  const p = await makeAccount({ name: "Player" });
  player = p;
  playerCookie = await cookieFor(p);
});

afterEach(() => {
  delete process.env.LISTING_APPROVAL;
  resetEnvForTests();
});

/** A new workspace (through the service the console and the API use) with one of each listing. */
async function tenant(label: string) {
  const owner = await makeAccount({ name: `${label} owner` });
  const ws = await createWorkspace(owner.id, `${label} ${unique()}`);
  const app = await makeApp({ workspaceId: ws.id });
  const challenge = await makePlayableChallenge({ name: `${label} challenge ${unique()}` }, { appId: app.id });
  const collection = await makeCollection({ appId: app.id, name: `${label} collection`, isPublic: true });
  await db.challengeCollectionItem.create({ data: { collectionId: collection.id, challengeId: challenge.id, position: 0 } });
  const redBlue = await makeRedBlueChallenge({ appId: app.id, name: `${label} red/blue` });
  return { owner, ownerCookie: await cookieFor(owner), ws, challenge, collection, redBlue };
}

async function publicIds() {
  const [c, k, rb] = await Promise.all([
    call(challengesList, { path: "/web/api/challenges?limit=100" }),
    call(collectionsList, { path: "/web/api/challenge-collections?limit=100" }),
    call(redBlueList, { path: "/web/api/red-blue-challenges" }),
  ]);
  expect([c.status, k.status, rb.status]).toEqual([200, 200, 200]);
  const ids = (j: { data: { id: string }[] }) => j.data.map((x) => x.id);
  type Page = { data: { id: string }[] };
  return { challenges: ids(c.json as Page), collections: ids(k.json as Page), redBlue: ids(rb.json as Page) };
}

const admin = (handler: Handler, opts: CallOptions = {}) =>
  call(handler, { cookie: adminCookie, ...opts, headers: { ...ORIGIN, ...opts.headers } });

async function auditCount(action: string, targetId: string) {
  return db.adminAuditEntry.count({ where: { action, targetId, actorId: envAdmin.id } });
}

describe("listing approval", () => {
  it("keeps a new workspace's listings off the public lists until an administrator approves it; its links still work", async () => {
    const t = await tenant("Pending");
    expect(t.ws.listingApproval).toBe("pending");
    let ids = await publicIds();
    expect(ids.challenges).not.toContain(t.challenge.id);
    expect(ids.collections).not.toContain(t.collection.id);
    expect(ids.redBlue).not.toContain(t.redBlue.id);
    // Unlisted, not gone: the organiser can share the link.
    expect((await call(challengeGet, { params: { id: t.challenge.id } })).status).toBe(200);
    // The console tells the workspace.
    expect((await call(workspaceGet, { cookie: t.ownerCookie })).json.workspace.listing_approval).toBe("pending");

    const res = await admin(approveWorkspace, { params: { id: t.ws.id }, body: { action: "approve", reason: "known organiser" } });
    expect(res.status).toBe(200);
    expect(res.json.workspace.listing_approval).toBe("approved");
    ids = await publicIds();
    expect(ids.challenges).toContain(t.challenge.id);
    expect(ids.collections).toContain(t.collection.id);
    expect(ids.redBlue).toContain(t.redBlue.id);
    const row = await db.adminAuditEntry.findFirstOrThrow({ where: { action: "workspace.approve", targetId: t.ws.id } });
    expect(row).toMatchObject({ actorId: envAdmin.id, actorEmail: envAdmin.email, targetType: "workspace", reason: "known organiser" });
    expect(row.details).toEqual({ from: "pending", to: "approved" });

    // Taking the approval back unlists everything again.
    expect((await admin(approveWorkspace, { params: { id: t.ws.id }, body: { action: "unapprove" } })).status).toBe(200);
    expect((await publicIds()).challenges).not.toContain(t.challenge.id);
    expect(await auditCount("workspace.unapprove", t.ws.id)).toBe(1);
  });

  it("lists a new workspace at once with LISTING_APPROVAL=auto", async () => {
    process.env.LISTING_APPROVAL = "auto";
    resetEnvForTests();
    const t = await tenant("Auto");
    expect(t.ws.listingApproval).toBe("approved");
    const ids = await publicIds();
    expect(ids.challenges).toContain(t.challenge.id);
    expect(ids.collections).toContain(t.collection.id);
    expect(ids.redBlue).toContain(t.redBlue.id);
  });

  it("keeps the demo workspace listed", async () => {
    const demo = await db.workspace.findUniqueOrThrow({ where: { slug: DEMO.workspace.slug } });
    expect(demo.listingApproval).toBe("approved");
  });
});

describe("listing states", () => {
  it("features first, hides from the lists, removes from everything, restores, each audited", async () => {
    process.env.LISTING_APPROVAL = "auto";
    resetEnvForTests();
    const t = await tenant("States");
    const other = await tenant("Other");
    const path = (kind: string, id: string) => ({ params: { kind, id } });

    // Featured: first on every list.
    for (const [kind, id] of [["challenge", t.challenge.id], ["collection", t.collection.id], ["red_blue", t.redBlue.id]] as const) {
      const res = await admin(setListing, { ...path(kind, id), body: { action: "feature", reason: "event of the week" } });
      expect(res.status).toBe(200);
      expect(res.json.listing).toMatchObject({ kind, id, state: "featured", listed: true });
      expect(await auditCount("listing.feature", id)).toBe(1);
    }
    let ids = await publicIds();
    expect(ids.challenges[0]).toBe(t.challenge.id);
    expect(ids.collections[0]).toBe(t.collection.id);
    expect(ids.redBlue[0]).toBe(t.redBlue.id);
    expect(ids.challenges).toContain(other.challenge.id);

    // Hidden: off the lists, reachable by link.
    expect((await admin(setListing, { ...path("challenge", t.challenge.id), body: { action: "hide" } })).status).toBe(200);
    ids = await publicIds();
    expect(ids.challenges).not.toContain(t.challenge.id);
    expect((await call(challengeGet, { params: { id: t.challenge.id } })).status).toBe(200);
    expect(await auditCount("listing.hide", t.challenge.id)).toBe(1);

    // Removed: not shown, not playable.
    expect((await admin(setListing, { ...path("challenge", t.challenge.id), body: { action: "remove", reason: "XSS probe" } })).status).toBe(200);
    expect((await call(challengeGet, { params: { id: t.challenge.id } })).status).toBe(404);
    const attempt = await call(attemptRoute, {
      params: { id: t.challenge.id },
      cookie: playerCookie,
      headers: ORIGIN,
      body: { prompt: "hello" },
    });
    expect(attempt.status).toBe(404);
    expect(await auditCount("listing.remove", t.challenge.id)).toBe(1);

    // Restored: listed again in its usual place.
    const restored = await admin(setListing, { ...path("challenge", t.challenge.id), body: { action: "restore" } });
    expect(restored.json.listing.state).toBe("normal");
    expect((await publicIds()).challenges).toContain(t.challenge.id);
    expect((await call(challengeGet, { params: { id: t.challenge.id } })).status).toBe(200);
    expect(await auditCount("listing.restore", t.challenge.id)).toBe(1);

    // The administrators' views.
    const listings = await admin(adminListings, { path: `/web/api/admin/listings?workspace_id=${t.ws.id}` });
    expect(listings.status).toBe(200);
    expect(listings.json.total).toBe(3);
    const ws = await admin(adminWorkspaces, { path: "/web/api/admin/workspaces?approval=approved&limit=100" });
    expect((ws.json.data as { id: string }[]).find((w) => w.id === t.ws.id)).toMatchObject({
      listing_approval: "approved",
      listings: 3,
      open_reports: 0,
    });
  });

  it("answers 404 for an unknown listing and 422 for an unknown action", async () => {
    const missing = await admin(setListing, { params: { kind: "challenge", id: "no-such-id" }, body: { action: "hide" } });
    expect(missing.status).toBe(404);
    const t = await tenant("Bad action");
    const bad = await admin(setListing, { params: { kind: "challenge", id: t.challenge.id }, body: { action: "unlist" } });
    expect(bad.status).toBe(422);
    expect(bad.json.error.code).toBe("validation_failed");
  });
});

describe("reports", () => {
  it("stores a player's report, limits reports per account, and lets an administrator resolve it (audited)", async () => {
    process.env.LISTING_APPROVAL = "auto";
    resetEnvForTests();
    const reporter = await makeAccount({ name: "Reporter" });
    const cookie = await cookieFor(reporter);
    const targets = await Promise.all(Array.from({ length: REPORTS_PER_HOUR + 1 }, (_, i) => tenant(`Reported ${i}`)));
    const report = (id: string, extra: Record<string, unknown> = {}) =>
      call(reportRoute, { cookie, headers: ORIGIN, body: { target_type: "challenge", target_id: id, reason: "malicious", ...extra } });

    const first = await report(targets[0]!.challenge.id, { details: "<img src=x onerror=alert(1)> in the name" });
    expect(first.status).toBe(201);
    const firstId = (first.json as { report: { id: string } }).report.id;
    expect(first.json.report.status).toBe("open");
    const stored = await db.listingReport.findUniqueOrThrow({ where: { id: first.json.report.id } });
    expect(stored).toMatchObject({
      reporterId: reporter.id,
      workspaceId: targets[0]!.ws.id,
      targetType: "challenge",
      targetId: targets[0]!.challenge.id,
      reason: "malicious",
      details: "<img src=x onerror=alert(1)> in the name",
      status: "open",
    });
    // The same open report again is the same report, not another one.
    const again = await report(targets[0]!.challenge.id);
    expect(again.json.report.id).toBe(first.json.report.id);

    for (let i = 1; i < REPORTS_PER_HOUR; i++) expect((await report(targets[i]!.challenge.id)).status).toBe(201);
    const limited = await report(targets[REPORTS_PER_HOUR]!.challenge.id);
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe("rate_limited");
    expect(await db.listingReport.count({ where: { reporterId: reporter.id } })).toBe(REPORTS_PER_HOUR);
    // Another account has its own allowance.
    expect((await call(reportRoute, { cookie: playerCookie, headers: ORIGIN, body: { target_type: "challenge", target_id: targets[REPORTS_PER_HOUR]!.challenge.id, reason: "spam" } })).status).toBe(201);

    // Bad input and unknown listings.
    expect((await report(targets[0]!.challenge.id, { reason: "boring" })).status).toBe(422);
    expect((await report("no-such-challenge")).status).toBe(404);
    expect((await call(reportRoute, { body: { target_type: "challenge", target_id: targets[0]!.challenge.id, reason: "spam" } })).status).toBe(401);

    const pendingWs = await admin(adminWorkspaces, { path: "/web/api/admin/workspaces?limit=100" });
    expect((pendingWs.json.data as { id: string }[]).find((w) => w.id === targets[0]!.ws.id)).toMatchObject({ open_reports: 1 });

    // The queue and its resolution.
    const queue = await admin(adminReports, { path: "/web/api/admin/reports?status=open&limit=100" });
    expect(queue.status).toBe(200);
    const item = queue.json.data.find((r: { id: string }) => r.id === first.json.report.id);
    expect(item).toMatchObject({ target_name: targets[0]!.challenge.name, reporter: { id: reporter.id }, status: "open" });
    const resolved = await admin(resolveReport, { params: { id: first.json.report.id }, body: { status: "resolved", resolution: "removed the listing" } });
    expect(resolved.status).toBe(200);
    expect(resolved.json.report).toMatchObject({ status: "resolved", resolution: "removed the listing" });
    expect(await auditCount("report.resolve", firstId)).toBe(1);
    const twice = await admin(resolveReport, { params: { id: first.json.report.id }, body: { status: "dismissed" } });
    expect(twice.status).toBe(409);
    const second = (await db.listingReport.findFirstOrThrow({ where: { reporterId: reporter.id, status: "open" } })).id;
    expect((await admin(resolveReport, { params: { id: second }, body: { status: "dismissed" } })).status).toBe(200);
    expect(await auditCount("report.dismiss", second)).toBe(1);
  });

  it("refuses a report through an API token (a signed-in session only)", async () => {
    const t = await tenant("Token report");
    const token = await call(apiTokensCreate, { cookie: t.ownerCookie, headers: ORIGIN, body: { name: "bot", scopes: ["play", "console"] } });
    expect(token.status).toBe(201);
    const res = await call(reportRoute, { bearer: token.json.token, body: { target_type: "challenge", target_id: t.challenge.id, reason: "spam" } });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("insufficient_scope");
  });
});

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
        "/web/api/admin/admins": { email: envAdmin.email, admin: true },
      };
      const body = r.method === "GET" ? undefined : bodies[r.path];
      expect(r.method === "GET" || body, r.path).toBeTruthy();
      for (const cookie of [playerCookie, t.ownerCookie]) {
        const res = await call(handler, { method: r.method, cookie, headers: ORIGIN, params, ...(body ? { body } : {}) });
        expect(res.status, `${r.method} ${r.path}`).toBe(403);
        expect(res.json.error.code).toBe("forbidden");
      }
      const anonymous = await call(handler, { method: r.method, headers: ORIGIN, params, ...(body ? { body } : {}) });
      expect(anonymous.status, `${r.method} ${r.path}`).toBe(401);
    }
    expect(await db.adminAuditEntry.count({ where: { actorId: { in: [player.id, t.owner.id] } } })).toBe(0);
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
        expect.objectContaining({ id: envAdmin.id, source: "env" }),
        expect.objectContaining({ id: deputy.id, source: "database" }),
      ]),
    );
    // The deputy cannot take the env administrator's rights.
    const revokeRoot = await call(adminSet, { cookie: deputyCookie, headers: ORIGIN, body: { email: envAdmin.email, admin: false } });
    expect(revokeRoot.status).toBe(409);
    expect((await admin(adminSet, { body: { email: deputy.email, admin: false } })).status).toBe(200);
    expect(await auditCount("admin.revoke", deputy.id)).toBe(1);
    expect((await call(adminAudit, { cookie: deputyCookie })).status).toBe(403);
    expect((await admin(adminSet, { body: { email: "nobody@example.test", admin: true } })).status).toBe(404);
  });

  it("refuses an administrator's API token on the admin routes (a signed-in session only)", async () => {
    const ws = await createWorkspace(envAdmin.id, `Root space ${unique()}`);
    const token = await call(apiTokensCreate, { cookie: adminCookie, headers: { ...ORIGIN, "x-workspace-id": ws.id }, body: { name: "root bot", scopes: ["play", "console"] } });
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

describe("workspace creation through the API", () => {
  it("creates a workspace for a signed-in session and refuses an API token", async () => {
    const organiser = await makeAccount({ name: "Organiser" });
    const cookie = await cookieFor(organiser);
    const res = await call(createWorkspaceRoute, { cookie, headers: ORIGIN, body: { name: "Spring CTF" } });
    expect(res.status).toBe(201);
    expect(res.json.workspace).toMatchObject({ name: "Spring CTF", role: "owner", listing_approval: "pending" });
    expect(res.json.workspace.slug).toMatch(/^spring-ctf/);
    const membership = await db.membership.findFirstOrThrow({ where: { accountId: organiser.id, workspaceId: res.json.workspace.id } });
    expect(membership.role).toBe("owner");

    // A bearer session token works as a session too.
    const bearer = await call(createWorkspaceRoute, { bearer: await createSessionToken(organiser), body: { name: "Autumn CTF" } });
    expect(bearer.status).toBe(201);

    const token = await call(apiTokensCreate, { cookie, headers: { ...ORIGIN, "x-workspace-id": res.json.workspace.id }, body: { name: "setup", scopes: ["console", "play"] } });
    expect(token.status).toBe(201);
    const refused = await call(createWorkspaceRoute, { bearer: token.json.token, body: { name: "Token CTF" } });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe("insufficient_scope");
    expect(await db.workspace.count({ where: { name: "Token CTF" } })).toBe(0);

    expect((await call(createWorkspaceRoute, { headers: ORIGIN, body: { name: "Nobody CTF" } })).status).toBe(401);
    const invalid = await call(createWorkspaceRoute, { cookie, headers: ORIGIN, body: { name: "x" } });
    expect(invalid.status).toBe(422);
    // Cross-site with the cookie: refused like every cookie-authenticated write.
    expect((await call(createWorkspaceRoute, { cookie, headers: { origin: "https://evil.example" }, body: { name: "Evil CTF" } })).status).toBe(403);
  });
});

describe("a hostile tenant", () => {
  it("cannot un-hide its own hidden listing or approve itself through its console API", async () => {
    const t = await tenant("Hostile");
    await admin(approveWorkspace, { params: { id: t.ws.id }, body: { action: "approve" } });
    await admin(setListing, { params: { kind: "challenge", id: t.challenge.id }, body: { action: "hide", reason: "payload in the name" } });

    // The console's contract has no listing field: a PATCH naming one is refused as a whole.
    for (const body of [{ listing: "normal" }, { listing: "featured" }, { listingApproval: "approved" }, { name: "Renamed", listing: "normal" }]) {
      const res = await call(consoleChallengePatch, { cookie: t.ownerCookie, headers: ORIGIN, params: { id: t.challenge.id }, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    // What it may change does not touch the administrator's decision.
    for (const body of [{ is_active: false }, { is_active: true }, { name: "A fresh name" }]) {
      const res = await call(consoleChallengePatch, { cookie: t.ownerCookie, headers: ORIGIN, params: { id: t.challenge.id }, body });
      expect(res.status, JSON.stringify(body)).toBe(200);
    }
    expect((await db.challenge.findUniqueOrThrow({ where: { id: t.challenge.id } })).listing).toBe("hidden");
    expect((await publicIds()).challenges).not.toContain(t.challenge.id);

    // Nor through the admin API with its own session, nor with its workspace's API token.
    const token = await call(apiTokensCreate, { cookie: t.ownerCookie, headers: ORIGIN, body: { name: "bot", scopes: ["console", "play"] } });
    for (const auth of [{ cookie: t.ownerCookie, headers: ORIGIN }, { bearer: token.json.token as string }]) {
      const res = await call(setListing, { ...auth, params: { kind: "challenge", id: t.challenge.id }, body: { action: "restore" } });
      expect(res.status).toBe(403);
      const approve = await call(approveWorkspace, { ...auth, params: { id: t.ws.id }, body: { action: "approve" } });
      expect(approve.status).toBe(403);
    }
    expect((await db.challenge.findUniqueOrThrow({ where: { id: t.challenge.id } })).listing).toBe("hidden");

    // A new workspace of its owner starts unlisted again.
    const second = await call(createWorkspaceRoute, { cookie: t.ownerCookie, headers: ORIGIN, body: { name: "Hostile again" } });
    expect(second.json.workspace.listing_approval).toBe("pending");
  });
});
