// The home page's featured ladders: public collections with active levels, the longest first
// (then the newest), levels in the collection's order and the viewer's wins marked. Before, the
// home page had no ladder to start from: only lists of challenges and collections.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { listFeaturedLadders } from "@/lib/services/public-challenges";
import {
  makeAccount,
  makeApp,
  makeAttempt,
  makeCollection,
  makeEndUser,
  makePlayableChallenge,
} from "@/tests/helpers/factories";

const at = (minute: number) => new Date(Date.UTC(2032, 0, 1, 0, minute));

let appId: string;
const ids: Record<string, string> = {};

async function ladder(
  name: string,
  minute: number,
  levels: string[],
  opts: { isPublic?: boolean; inactive?: string[] } = {},
) {
  const collection = await makeCollection({
    appId,
    name,
    createdAt: at(minute),
    isPublic: opts.isPublic ?? true,
  });
  ids[name] = collection.id;
  // Created in reverse, placed in order: the position decides.
  for (const [i, level] of [...levels.entries()].reverse()) {
    const c = await makePlayableChallenge(
      { name: level, createdAt: at(minute + levels.length - i), isActive: !opts.inactive?.includes(level) },
      { appId },
    );
    ids[level] = c.id;
    await db.challengeCollectionItem.create({
      data: { collectionId: collection.id, challengeId: c.id, position: i },
    });
  }
}

beforeAll(async () => {
  appId = (await makeApp()).id;
  await ladder("Short newest", 40, ["S1"]);
  await ladder("Long older", 10, ["L1", "L2", "L3"]);
  await ladder("Middle", 20, ["M1", "M2", "Mgone"], { inactive: ["Mgone"] });
  await ladder("Private long", 50, ["P1", "P2", "P3", "P4"], { isPublic: false });
  await ladder("Retired", 60, ["R1"], { inactive: ["R1"] });
});

describe("listFeaturedLadders", () => {
  it("puts the longest public ladders first, counting active levels only, in level order", async () => {
    const ladders = await listFeaturedLadders({ limit: 3, viewerAccountId: null });
    expect(ladders.map((l) => l.name)).toEqual(["Long older", "Middle", "Short newest"]);
    expect(ladders[0]!.levels.map((l) => l.name)).toEqual(["L1", "L2", "L3"]);
    expect(ladders[1]!.levels.map((l) => l.name)).toEqual(["M1", "M2"]);
    expect(ladders.flatMap((l) => l.levels).every((l) => !l.solved)).toBe(true);
    expect(await listFeaturedLadders({ limit: 1, viewerAccountId: null })).toHaveLength(1);
  });

  it("marks the viewer's wins", async () => {
    const player = await makeAccount();
    const challenge = await db.challenge.findUniqueOrThrow({ where: { id: ids.L1! } });
    const endUser = await makeEndUser({ workspaceId: challenge.workspaceId, accountId: player.id });
    const win = await makeAttempt({
      challengeId: ids.L1!,
      endUserId: endUser.id,
      succeeded: true,
      status: "completed",
    });
    await db.challengeLeaderboardEntry.create({
      data: {
        challengeId: ids.L1!,
        endUserId: endUser.id,
        accountId: player.id,
        bestAttemptId: win.id,
        achievedAt: new Date(),
      },
    });
    const [long] = await listFeaturedLadders({ limit: 1, viewerAccountId: player.id });
    expect(long!.levels.map((l) => l.solved)).toEqual([true, false, false]);
  });
});
