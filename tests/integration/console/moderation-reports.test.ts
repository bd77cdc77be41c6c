// Players' reports of listings (limited per account, a signed-in session only) and their
// resolution by an administrator (audited); workspace creation is an API operation for a session,
// never an API token.
import { describe, expect, it } from "vitest";
import { GET as adminReports } from "@/app/web/api/admin/reports/route";
import { POST as resolveReport } from "@/app/web/api/admin/reports/[id]/resolve/route";
import { GET as adminWorkspaces } from "@/app/web/api/admin/workspaces/route";
import { POST as apiTokensCreate } from "@/app/console/api/api-tokens/route";
import { POST as createWorkspaceRoute } from "@/app/console/api/workspaces/route";
import { POST as reportRoute } from "@/app/web/api/reports/route";
import { createSessionToken } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { ORIGIN } from "@/tests/helpers/console";
import { makeAccount } from "@/tests/helpers/factories";
import { call } from "@/tests/helpers/route";
import { asAdmin, auditCounter, autoApproval, cookieFor, moderationWorld, REPORTS_PER_HOUR, tenant } from "./moderation-support";

const world = moderationWorld();
const admin = asAdmin(world);
const auditCount = auditCounter(world);

describe("reports", () => {
  it("stores a player's report, limits reports per account, and lets an administrator resolve it (audited)", async () => {
    autoApproval();
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
    expect((await call(reportRoute, { cookie: world.playerCookie, headers: ORIGIN, body: { target_type: "challenge", target_id: targets[REPORTS_PER_HOUR]!.challenge.id, reason: "spam" } })).status).toBe(201);

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
