// A rank snapshot takes improved entries as moved keys (lib/scoring/board-ranks.ts): the ranks it
// answers afterwards equal those of the board read again, without reading it again.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  applyBoardChanges,
  entriesAheadOf,
  forgetBoardRanks,
  snapshotSize,
  type BoardChange,
  type BoardKeys,
} from "@/lib/scoring/board-ranks";
import { getChallengeStrategy } from "@/lib/scoring/registry";

const fastest = getChallengeStrategy("fastest");

interface Entry {
  u: string;
  v: number;
  t: number;
  id: string;
}

/** The board's keys in the fastest order, as the database would return them. */
function keysOf(entries: Entry[], withPlayers = true): BoardKeys {
  const sorted = [...entries].sort(
    (a, b) => a.v - b.v || a.t - b.t || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return {
    values: sorted.map((e) => e.v),
    times: sorted.map((e) => e.t),
    ids: sorted.map((e) => e.id),
    ...(withPlayers ? { endUserIds: sorted.map((e) => e.u) } : {}),
  };
}

const change = (e: Entry): BoardChange => ({
  endUserId: e.u,
  value: e.v,
  achievedAt: e.t,
  bestAttemptId: e.id,
});
const keyOf = (e: Entry) => ({ value: e.v, achievedAt: new Date(e.t), bestAttemptId: e.id });

function board(): Entry[] {
  // Values collide so that time and id decide some places.
  return Array.from({ length: 30 }, (_, i) => ({
    u: `u${i}`,
    v: 100 + (i % 5) * 10,
    t: 1000 + (i % 3),
    id: `a${String(i).padStart(3, "0")}`,
  }));
}

describe("rank snapshot changes", () => {
  it("moves improved and new entries; ignores repeated and older keys", async () => {
    const challengeId = randomUUID();
    let entries = board();
    let loads = 0;
    const load = () => {
      loads++;
      return Promise.resolve(keysOf(entries));
    };
    const rank = (e: Entry) => entriesAheadOf(challengeId, fastest, keyOf(e), load);
    expect(await rank(entries[29]!)).toBe(
      await entriesAheadOf(randomUUID(), fastest, keyOf(entries[29]!), load),
    );
    loads = 0;

    const improved = { u: "u29", v: 105, t: 2000, id: "b001" };
    const newcomer = { u: "new", v: 100, t: 999, id: "b002" };
    const worse = { u: "u0", v: 500, t: 3000, id: "b003" };
    applyBoardChanges(challengeId, "fastest", [change(improved), change(newcomer)]);
    applyBoardChanges(challengeId, "fastest", [change(improved), change(worse)]);
    entries = [...entries.filter((e) => e.u !== "u29"), improved, newcomer];

    const fresh = randomUUID();
    for (const e of entries) expect(await rank(e)).toBe(await entriesAheadOf(fresh, fastest, keyOf(e), load));
    expect(loads).toBe(1); // only the fresh board's load
    expect(snapshotSize(challengeId)).toBe(31);
  });

  it("a change heard while the board loads reaches the loaded snapshot; a forget while it loads is not kept", async () => {
    const challengeId = randomUUID();
    const entries = board();
    let release: () => void = () => undefined;
    let loads = 0;
    const slowLoad = () => {
      loads++;
      const keys = keysOf(entries); // read before the change below was recorded
      return new Promise<BoardKeys>((resolve) => (release = () => resolve(keys)));
    };
    const top = { u: "u7", v: 1, t: 5000, id: "c001" };
    const pending = entriesAheadOf(challengeId, fastest, keyOf(top), slowLoad);
    applyBoardChanges(challengeId, "fastest", [change(top)]);
    release();
    expect(await pending).toBe(0);
    expect(await entriesAheadOf(challengeId, fastest, keyOf(entries[0]!), slowLoad)).toBe(1);
    expect(loads).toBe(1);

    forgetBoardRanks(challengeId);
    const second = entriesAheadOf(challengeId, fastest, keyOf(top), slowLoad);
    forgetBoardRanks(challengeId);
    release();
    await second;
    expect(snapshotSize(challengeId)).toBeNull();
  });

  it("drops a snapshot that cannot take a change (another strategy, no players' ids)", async () => {
    const challengeId = randomUUID();
    const entries = board();
    await entriesAheadOf(challengeId, fastest, keyOf(entries[0]!), () => Promise.resolve(keysOf(entries)));
    applyBoardChanges(challengeId, "fewest_tokens", [change({ u: "u1", v: 1, t: 1, id: "d" })]);
    expect(snapshotSize(challengeId)).toBeNull();

    const bare = randomUUID();
    await entriesAheadOf(bare, fastest, keyOf(entries[0]!), () => Promise.resolve(keysOf(entries, false)));
    expect(snapshotSize(bare)).toBe(30);
    applyBoardChanges(bare, "fastest", [change({ u: "u1", v: 1, t: 1, id: "d" })]);
    expect(snapshotSize(bare)).toBeNull();
  });
});
