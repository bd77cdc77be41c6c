// Moderation of a multi-tenant instance: a new workspace's public listings wait for an instance
// administrator's approval (LISTING_APPROVAL=required, the default) or are listed at once
// (auto); administrators approve, feature, hide and remove listings, and every such action writes
// an audit row. A workspace cannot undo an administrator's decision through its own console API.
import { describe, expect, it } from "vitest";
import { POST as setListing } from "@/app/web/api/admin/listings/[kind]/[id]/route";
import { GET as adminListings } from "@/app/web/api/admin/listings/route";
import { POST as approveWorkspace } from "@/app/web/api/admin/workspaces/[id]/approval/route";
import { GET as adminWorkspaces } from "@/app/web/api/admin/workspaces/route";
import { PATCH as consoleChallengePatch } from "@/app/console/api/challenges/[id]/route";
import { POST as apiTokensCreate } from "@/app/console/api/api-tokens/route";
import { GET as workspaceGet } from "@/app/console/api/workspace/route";
import { POST as createWorkspaceRoute } from "@/app/console/api/workspaces/route";
import { POST as attemptRoute } from "@/app/web/api/challenges/[id]/attempts/route";
import { GET as challengeGet } from "@/app/web/api/challenges/[id]/route";
import { db } from "@/lib/db";
import { DEMO } from "@/lib/seed/demo";
import { ORIGIN } from "@/tests/helpers/console";
import { call } from "@/tests/helpers/route";
import { asAdmin, auditCounter, autoApproval, moderationWorld, publicIds, tenant } from "./moderation-support";

const world = moderationWorld();
const admin = asAdmin(world);
const auditCount = auditCounter(world);

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
    expect(row).toMatchObject({ actorId: world.envAdmin.id, actorEmail: world.envAdmin.email, targetType: "workspace", reason: "known organiser" });
    expect(row.details).toEqual({ from: "pending", to: "approved" });

    // Taking the approval back unlists everything again.
    expect((await admin(approveWorkspace, { params: { id: t.ws.id }, body: { action: "unapprove" } })).status).toBe(200);
    expect((await publicIds()).challenges).not.toContain(t.challenge.id);
    expect(await auditCount("workspace.unapprove", t.ws.id)).toBe(1);
  });

  it("lists a new workspace at once with LISTING_APPROVAL=auto", async () => {
    autoApproval();
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
    autoApproval();
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
      cookie: world.playerCookie,
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
