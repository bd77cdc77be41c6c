// /challenges (and the home page) list challenges in the order creators set: public
// collections in their listed order, each by its items' positions, then loose challenges newest
// first. Before, the list was newest first, so the demo ladder showed level 5 before level 1.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { listPublicChallenges } from "@/lib/services/public-challenges";
import { makeApp, makeCollection, makePlayableChallenge } from "@/tests/helpers/factories";

const at = (minute: number) => new Date(Date.UTC(2031, 0, 1, 0, minute));

let appId: string;
const ids: Record<string, string> = {};

async function challenge(key: string, minute: number, extra: { isActive?: boolean } = {}) {
  const c = await makePlayableChallenge({ name: `Order ${key}`, createdAt: at(minute), ...extra }, { appId });
  ids[key] = c.id;
  return c.id;
}

beforeAll(async () => {
  appId = (await makeApp()).id;
  // A ladder created level by level (level 5 newest), placed in order 0..4.
  const ladder = await makeCollection({ appId, name: "Order ladder", createdAt: at(10) });
  for (let level = 1; level <= 5; level++) await challenge(`L${level}`, 10 + level);
  // Stored positions in a scrambled insertion order, to be sure the position decides.
  await db.challengeCollectionItem.createMany({
    data: [5, 3, 1, 4, 2].map((level) => ({ collectionId: ladder.id, challengeId: ids[`L${level}`]!, position: level - 1 })),
  });
  // An older public collection: listed after the ladder (collections newest first).
  const older = await makeCollection({ appId, name: "Order older", createdAt: at(1) });
  await challenge("O1", 2);
  await challenge("O2", 3);
  await db.challengeCollectionItem.createMany({
    data: [
      { collectionId: older.id, challengeId: ids.O2!, position: 0 },
      { collectionId: older.id, challengeId: ids.O1!, position: 1 },
      // L1 is in both: it stays with the ladder (listed first).
      { collectionId: older.id, challengeId: ids.L1!, position: 2 },
    ],
  });
  // A private collection does not count; loose challenges follow, newest first.
  const hidden = await makeCollection({ appId, name: "Order hidden", isPublic: false, createdAt: at(30) });
  await challenge("looseOld", 20);
  await challenge("looseNew", 40);
  await db.challengeCollectionItem.create({ data: { collectionId: hidden.id, challengeId: ids.looseOld!, position: 0 } });
  // Inactive challenges stay hidden whatever their place.
  await challenge("retired", 50, { isActive: false });
  await db.challengeCollectionItem.create({ data: { collectionId: ladder.id, challengeId: ids.retired!, position: -1 } });
});

const mine = (list: { id: string }[]) => {
  const names = new Map(Object.entries(ids).map(([k, v]) => [v, k]));
  return list.flatMap((c) => names.get(c.id) ?? []);
};

describe("public challenge order", () => {
  it("follows collection order, then position, then newest loose challenges", async () => {
    const { data, total } = await listPublicChallenges({ limit: 100, offset: 0 });
    expect(mine(data)).toEqual(["L1", "L2", "L3", "L4", "L5", "O2", "O1", "looseNew", "looseOld"]);
    expect(total).toBe(data.length);
  });

  it("pages through the same order", async () => {
    const { total } = await listPublicChallenges({ limit: 100, offset: 0 });
    const seen: { id: string }[] = [];
    for (let offset = 0; offset < total; offset += 2) {
      const page = await listPublicChallenges({ limit: 2, offset });
      expect(page.total).toBe(total);
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data);
    }
    expect(mine(seen)).toEqual(["L1", "L2", "L3", "L4", "L5", "O2", "O1", "looseNew", "looseOld"]);
    expect(new Set(seen.map((c) => c.id)).size).toBe(seen.length);
  });
});
