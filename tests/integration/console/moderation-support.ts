// The world of the moderation tests: the demo seeded as on a new install, an administrator named
// by INSTANCE_ADMINS, a player, and tenants with one listing of each kind.
import { afterEach, beforeAll, expect } from "vitest";
import { GET as collectionsList } from "@/app/web/api/challenge-collections/route";
import { GET as challengesList } from "@/app/web/api/challenges/route";
import { GET as redBlueList } from "@/app/web/api/red-blue-challenges/route";
import { createSessionToken, sessionCookieName } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { seedDemo } from "@/lib/seed/demo";
import { createWorkspace } from "@/lib/services/workspaces";
import { ORIGIN } from "@/tests/helpers/console";
import { makeAccount, makeApp, makeCollection, makePlayableChallenge, makeRedBlueChallenge, unique } from "@/tests/helpers/factories";
import { call, type CallOptions } from "@/tests/helpers/route";

export const REPORTS_PER_HOUR = 3;

export type Handler = Parameters<typeof call>[0];
type Account = { id: string; email: string; name: string };
export const cookieFor = async (a: Account) => `${sessionCookieName()}=${await createSessionToken(a)}`;

export interface ModerationWorld {
  envAdmin: Account;
  adminCookie: string;
  player: { id: string };
  playerCookie: string;
}

/** Registers the file's hooks; the returned object is filled in beforeAll. */
export function moderationWorld(): ModerationWorld {
  const world = {} as ModerationWorld;
  beforeAll(async () => {
    // On a fresh database, as a new install starts.
    await seedDemo();
    world.envAdmin = await makeAccount({ email: `${unique("root")}@example.test`, name: "Root" });
    process.env.INSTANCE_ADMINS = ` ${world.envAdmin.email.toUpperCase()} , someone-else@example.test`;
    process.env.REPORTS_PER_HOUR = String(REPORTS_PER_HOUR);
    delete process.env.LISTING_APPROVAL;
    resetEnvForTests();
    world.adminCookie = await cookieFor(world.envAdmin);
    const p = await makeAccount({ name: "Player" });
    world.player = p;
    world.playerCookie = await cookieFor(p);
  });
  afterEach(() => {
    delete process.env.LISTING_APPROVAL;
    resetEnvForTests();
  });
  return world;
}

/** Lists new workspaces at once (LISTING_APPROVAL=auto) until the test ends. */
export function autoApproval() {
  process.env.LISTING_APPROVAL = "auto";
  resetEnvForTests();
}

/** A new workspace (through the service the console and the API use) with one of each listing. */
export async function tenant(label: string) {
  const owner = await makeAccount({ name: `${label} owner` });
  const ws = await createWorkspace(owner.id, `${label} ${unique()}`);
  const app = await makeApp({ workspaceId: ws.id });
  const challenge = await makePlayableChallenge({ name: `${label} challenge ${unique()}` }, { appId: app.id });
  const collection = await makeCollection({ appId: app.id, name: `${label} collection`, isPublic: true });
  await db.challengeCollectionItem.create({ data: { collectionId: collection.id, challengeId: challenge.id, position: 0 } });
  const redBlue = await makeRedBlueChallenge({ appId: app.id, name: `${label} red/blue` });
  return { owner, ownerCookie: await cookieFor(owner), ws, challenge, collection, redBlue };
}

export async function publicIds() {
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

/** Calls `handler` as the administrator (session cookie, same-origin). */
export const asAdmin = (world: ModerationWorld) => (handler: Handler, opts: CallOptions = {}) =>
  call(handler, { cookie: world.adminCookie, ...opts, headers: { ...ORIGIN, ...opts.headers } });

/** How many audit rows of `action` on `targetId` the administrator wrote. */
export const auditCounter = (world: ModerationWorld) => (action: string, targetId: string) =>
  db.adminAuditEntry.count({ where: { action, targetId, actorId: world.envAdmin.id } });
