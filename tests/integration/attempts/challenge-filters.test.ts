// Search and filters of /challenges: text (name/description, any case), difficulty, category
// (public collection) and solved/unsolved for a signed-in player, applied to the public list.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { filtersFromParams, filtersQuery, matchingChallengeIds } from "@/lib/services/challenge-search";
import { listPublicChallenges } from "@/lib/services/public-challenges";
import { makeAccount, makeCollection, makeEndUser, makeAttempt, makePlayableChallenge } from "@/tests/helpers/factories";

async function listed(params: Record<string, string>, viewer: string | null = null) {
  const ids = await matchingChallengeIds(filtersFromParams(params), viewer);
  const { data, total } = await listPublicChallenges({ limit: 100, offset: 0, viewerAccountId: viewer, onlyIds: ids });
  return { names: data.map((c) => c.name), total };
}

describe("challenge search and filters", () => {
  it("filters by text, difficulty, category and solved state; unknown values are ignored", async () => {
    const tag = `Zephyr${Date.now()}`;
    const easy = await makePlayableChallenge({ name: `${tag} Gatekeeper`, difficulty: "easy" });
    const hard = await makePlayableChallenge({ name: `${tag} Vault`, difficulty: "hard", description: "A LOCKED door" });
    const other = await makePlayableChallenge({ name: "Unrelated", description: `mentions ${tag.toLowerCase()}`, difficulty: "hard" });
    const hidden = await makePlayableChallenge({ name: `${tag} Draft` }, { publish: false });
    const collection = await makeCollection({ appId: easy.appId, isPublic: true });
    const privateCollection = await makeCollection({ appId: hard.appId, isPublic: false });
    await db.challengeCollectionItem.createMany({
      data: [
        { collectionId: collection.id, challengeId: easy.id, position: 0 },
        { collectionId: privateCollection.id, challengeId: hard.id, position: 0 },
      ],
    });

    expect((await listed({ q: tag.toUpperCase() })).names.sort()).toEqual([easy.name, hard.name, other.name].sort());
    expect((await listed({ q: "locked door" })).names).toEqual([hard.name]);
    expect((await listed({ q: tag, difficulty: "hard" })).names.sort()).toEqual([hard.name, other.name].sort());
    expect((await listed({ q: tag, collection: collection.id })).names).toEqual([easy.name]);
    // A private collection is not a category.
    expect((await listed({ collection: privateCollection.id })).total).toBe(0);
    expect((await listed({ q: tag, difficulty: "impossible" })).total).toBe(3);
    expect((await listed({ q: "no challenge is called this" })).total).toBe(0);
    expect((await listed({ q: hidden.name })).total).toBe(0);

    const player = await makeAccount();
    const endUser = await makeEndUser({ workspaceId: hard.workspaceId, accountId: player.id });
    const win = await makeAttempt({ challengeId: hard.id, endUserId: endUser.id, succeeded: true, status: "completed" });
    await db.challengeLeaderboardEntry.create({
      data: { challengeId: hard.id, endUserId: endUser.id, accountId: player.id, bestAttemptId: win.id, achievedAt: new Date() },
    });
    expect((await listed({ q: tag, status: "solved" }, player.id)).names).toEqual([hard.name]);
    expect((await listed({ q: tag, status: "unsolved" }, player.id)).names.sort()).toEqual([easy.name, other.name].sort());
    // Signed out nothing is solved.
    expect((await listed({ q: tag, status: "solved" })).total).toBe(0);
  });

  it("round-trips the filters through the URL and caps the search text", () => {
    const f = filtersFromParams({ q: "  x ".repeat(80), difficulty: "easy", status: "solved", collection: "c1", page: "2" });
    expect(f.q!.length).toBeLessThanOrEqual(100);
    expect(filtersFromParams(Object.fromEntries(new URLSearchParams(filtersQuery(f))))).toEqual(f);
    expect(filtersQuery({})).toBe("");
  });
});
