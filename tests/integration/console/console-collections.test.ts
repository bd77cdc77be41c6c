import { beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/console/api/challenge-collections/route";
import { DELETE as deleteRoute, GET as getRoute, PATCH as patchRoute } from "@/app/console/api/challenge-collections/[id]/route";
import { PUT as membershipRoute } from "@/app/console/api/challenge-collections/[id]/challenges/route";
import { db } from "@/lib/db";
import { collectionListResponse, collectionResponse } from "@/lib/contracts/collections";
import { setSecret } from "@/lib/services/secrets";
import { consoleActors, expect422, expectError, recordingCalls, type ConsoleActors } from "@/tests/helpers/console";
import { makeApp, makeChallenge, makeCollection, makePlugin } from "@/tests/helpers/factories";

const SECRET = "Collection-Secret-Otter-55";

let a: ConsoleActors;
let c1: string, c2: string, c3: string, challengeB: string, collectionB: string;
const { bodies, as, asA } = recordingCalls(() => a);
const ids = (res: { json: any }) => (res.json.collection.challenges as { id: string }[]).map((c) => c.id);

beforeAll(async () => {
  a = await consoleActors();
  await setSecret(a.wsA.id, "COLL_SECRET", SECRET);
  const app = await db.app.findFirstOrThrow({ where: { workspaceId: a.wsA.id } });
  [c1, c2, c3] = (
    await Promise.all([1, 2, 3].map((i) => makeChallenge({ appId: app.id, name: `C${i}`, secretRef: "COLL_SECRET" })))
  ).map((c) => c.id) as [string, string, string];
  const appB = await makeApp({ workspaceId: a.wsB.id });
  challengeB = (await makeChallenge({ appId: appB.id })).id;
  collectionB = (await makeCollection({ appId: appB.id })).id;
  await makePlugin({ workspaceId: a.wsA.id, pluginId: "total", kind: "scorer", code: "export function score() { return { score: 1 }; }", entrypoints: ["score"] });
});

describe("collections CRUD", () => {
  let id: string;

  it("creates a collection with ordered challenges in the default app", async () => {
    const res = await asA(createRoute, {
      body: { name: "Gauntlet I", scoring_strategy: "fastest_total", challenge_ids: [c3, c1], theme: { accent: "#123456" } },
    });
    expect(res.status, res.text).toBe(201);
    const col = collectionResponse.parse(res.json).collection;
    id = col.id;
    expect(col).toMatchObject({ name: "Gauntlet I", scoring_strategy: "fastest_total", is_public: true, theme: { "--challenge-accent": "#123456" } });
    expect(col.challenges.map((c) => [c.id, c.position])).toEqual([
      [c3, 0],
      [c1, 1],
    ]);
  });

  it("lists, gets and patches", async () => {
    const list = collectionListResponse.parse((await asA(listRoute)).json);
    expect(list.data.map((c) => c.id)).toContain(id);
    expect(list.data.map((c) => c.id)).not.toContain(collectionB);
    const app = await db.app.findFirstOrThrow({ where: { workspaceId: a.wsA.id }, orderBy: { createdAt: "asc" } });
    expect((await asA(listRoute, { path: `/console/api/challenge-collections?app_id=${app.id}` })).json.data.length).toBe(1);
    const other = await makeApp({ workspaceId: a.wsA.id });
    expect((await asA(listRoute, { path: `/console/api/challenge-collections?app_id=${other.id}` })).json.data).toEqual([]);

    expect((await asA(getRoute, { params: { id } })).json.collection.id).toBe(id);
    const patched = await asA(patchRoute, {
      method: "PATCH",
      params: { id },
      body: { name: "Gauntlet II", is_public: false, scoring_strategy: "custom", scoring_plugin_id: "total" },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.collection).toMatchObject({ name: "Gauntlet II", is_public: false, scoring_strategy: "custom", scoring_plugin_id: "total" });
    const viaToken = await as({ bearer: a.tokenA, method: "PATCH", params: { id }, body: { description: "by token" } }, patchRoute);
    expect(viaToken.json.collection.description).toBe("by token");
  });

  it("sets membership and order with PUT …/challenges", async () => {
    const res = await asA(membershipRoute, { method: "PUT", params: { id }, body: { challenge_ids: [c2, c3, c1] } });
    expect(res.status, res.text).toBe(200);
    expect(ids(res)).toEqual([c2, c3, c1]);
    const reordered = await asA(membershipRoute, { method: "PUT", params: { id }, body: { challenge_ids: [c1, c2] } });
    expect(ids(reordered)).toEqual([c1, c2]);
    const items = await db.challengeCollectionItem.findMany({ where: { collectionId: id }, orderBy: { position: "asc" } });
    expect(items.map((i) => [i.challengeId, i.position])).toEqual([
      [c1, 0],
      [c2, 1],
    ]);
    const emptied = await as({ bearer: a.tokenA, method: "PUT", params: { id }, body: { challenge_ids: [] } }, membershipRoute);
    expect(ids(emptied)).toEqual([]);
    await asA(membershipRoute, { method: "PUT", params: { id }, body: { challenge_ids: [c3] } });
  });

  it.each([
    ["duplicates", () => ({ challenge_ids: [c1, c1] }), "more than once"],
    ["another workspace's challenge", () => ({ challenge_ids: [c1, challengeB] }), challengeB],
    ["an unknown id", () => ({ challenge_ids: ["6f1c1a52-1111-4111-8111-111111111111"] }), "No challenge"],
    ["not an id", () => ({ challenge_ids: ["c1"] }), "challenge_ids"],
    ["a missing list", () => ({}), "challenge_ids"],
    ["a list of the wrong type", () => ({ challenge_ids: "c1,c2" }), "challenge_ids"],
  ])("refuses membership with %s (422) and keeps the old one", async (_name, body, part) => {
    expect422(await asA(membershipRoute, { method: "PUT", params: { id }, body: body() }), part);
    expect((await db.challengeCollectionItem.findMany({ where: { collectionId: id } })).map((i) => i.challengeId)).toEqual([c3]);
  });

  it.each([
    ["a missing name", { scoring_strategy: "sum" }, "name"],
    ["an unknown strategy", { name: "x", scoring_strategy: "fastest" }, "scoring_strategy"],
    ["custom without plugin", { name: "x", scoring_strategy: "custom" }, "scoring_plugin_id"],
    ["an unknown plugin", { name: "x", scoring_strategy: "custom", scoring_plugin_id: "ghost" }, "ghost"],
    ["an unknown field", { name: "x", owner: "me" }, "owner"],
    ["a bad theme", { name: "x", theme: { "--color-bg": "#000" } }, "theme"],
    ["duplicate initial challenges", { name: "x", challenge_ids: ["6f1c1a52-1111-4111-8111-111111111111", "6f1c1a52-1111-4111-8111-111111111111"] }, "more than once"],
  ])("refuses a create with %s (422)", async (_name, body, part) => {
    const before = await db.challengeCollection.count();
    expect422(await asA(createRoute, { body }), part);
    expect(await db.challengeCollection.count()).toBe(before);
  });

  it.each([
    ["an empty patch", {}, "Nothing to update"],
    ["a wrong type", { is_public: "no" }, "is_public"],
    ["a theme url()", { theme: { backgroundImage: "url(/etc/passwd)" } }, "theme"],
  ])("refuses a patch with %s (422)", async (_name, body, part) => {
    const before = await db.challengeCollection.findUniqueOrThrow({ where: { id } });
    expect422(await asA(patchRoute, { method: "PATCH", params: { id }, body }), part);
    expect(await db.challengeCollection.findUniqueOrThrow({ where: { id } })).toEqual(before);
  });

  it("answers 404 for another workspace's collection", async () => {
    for (const res of [
      await asA(getRoute, { params: { id: collectionB } }),
      await asA(patchRoute, { method: "PATCH", params: { id: collectionB }, body: { name: "x" } }),
      await asA(membershipRoute, { method: "PUT", params: { id: collectionB }, body: { challenge_ids: [c1] } }),
      await asA(deleteRoute, { method: "DELETE", params: { id: collectionB } }),
    ]) {
      expectError(res, 404, "not_found");
    }
    expect(await db.challengeCollection.count({ where: { id: collectionB } })).toBe(1);
    expect(await db.challengeCollectionItem.count({ where: { collectionId: collectionB } })).toBe(0);
  });

  it("answers 401 without credentials", async () => {
    expectError(await as({}, listRoute), 401, "unauthorized");
    expectError(await as({ body: { name: "x" } }, createRoute), 401, "unauthorized");
    expectError(await as({ params: { id } }, getRoute), 401, "unauthorized");
    expectError(await as({ method: "PATCH", params: { id }, body: { name: "x" } }, patchRoute), 401, "unauthorized");
    expectError(await as({ method: "PUT", params: { id }, body: { challenge_ids: [] } }, membershipRoute), 401, "unauthorized");
    expectError(await as({ method: "DELETE", params: { id } }, deleteRoute), 401, "unauthorized");
  });

  it("deletes the collection but not its challenges", async () => {
    expect((await asA(deleteRoute, { method: "DELETE", params: { id } })).status).toBe(204);
    expectError(await asA(getRoute, { params: { id } }), 404, "not_found");
    expect(await db.challenge.count({ where: { id: { in: [c1, c2, c3] } } })).toBe(3);
  });

  it("never returns a secret value", () => {
    for (const text of bodies) expect(text).not.toContain(SECRET);
  });
});
