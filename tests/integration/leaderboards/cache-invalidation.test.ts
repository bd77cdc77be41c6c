// Per-process board caches across instances (lib/services/caches.ts): a write on one instance
// makes the others forget the board's cached size and ranks over the `cache` pub/sub channel.
// Another instance is stood in for by a second PostgreSQL pub/sub connection of its own.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { closePubSub } from "@/lib/pubsub";
import { PostgresPubSub } from "@/lib/pubsub/postgres";
import { entriesAheadOf } from "@/lib/scoring/board-ranks";
import { cachedBoardSize } from "@/lib/scoring/board-size";
import { getChallengeStrategy } from "@/lib/scoring/registry";
import {
  announceBoardEntries,
  CACHE_CHANNEL,
  cacheInstanceId,
  forgetBoardEverywhere,
  listenForCacheInvalidation,
} from "@/lib/services/caches";

const databaseUrl = process.env.DATABASE_URL ?? "";
const onPostgres = /^postgres(ql)?:\/\//.test(databaseUrl);

afterAll(() => closePubSub());

describe.skipIf(!onPostgres)("board caches across instances (PostgreSQL pub/sub)", () => {
  it("another instance's write makes this one forget the board; this one's writes are announced", async () => {
    await listenForCacheInvalidation();
    const other = new PostgresPubSub({ connectionString: databaseUrl, applicationName: "other instance" });
    try {
      const heard: unknown[] = [];
      await other.subscribe(CACHE_CHANNEL, (m) => heard.push(m));
      const board = randomUUID();
      let size = 5;
      expect(await cachedBoardSize(board, () => Promise.resolve(size))).toBe(5);
      size = 6;
      expect(await cachedBoardSize(board, () => Promise.resolve(size))).toBe(5); // cached
      const strategy = getChallengeStrategy("fastest");
      const key = { value: 50, achievedAt: new Date(1000), bestAttemptId: "m" };
      let keys = { values: [10, 20], times: [1, 2], ids: ["a", "b"] };
      expect(await entriesAheadOf(board, strategy, key, () => Promise.resolve(keys))).toBe(2);
      keys = { values: [10, 20, 30, 40], times: [1, 2, 3, 4], ids: ["a", "b", "c", "d"] };
      expect(await entriesAheadOf(board, strategy, key, () => Promise.resolve(keys))).toBe(2); // cached

      // Generous waits: how fast a notification travels depends on the machine, not on the code.
      await other.publish(CACHE_CHANNEL, { type: "forget-boards", from: "other", challengeIds: [board] });
      await expect
        .poll(() => cachedBoardSize(board, () => Promise.resolve(size)), { timeout: 15_000, interval: 10 })
        .toBe(6);
      expect(await entriesAheadOf(board, strategy, key, () => Promise.resolve(keys))).toBe(4);

      // This instance's write: forgotten here at once, announced to the others once (gathered).
      size = 7;
      forgetBoardEverywhere(board);
      forgetBoardEverywhere(board);
      expect(await cachedBoardSize(board, () => Promise.resolve(size))).toBe(7);
      await expect.poll(() => heard.length, { timeout: 15_000, interval: 10 }).toBe(2);
      expect(heard[1]).toEqual({ type: "forget-boards", from: cacheInstanceId(), challengeIds: [board] });
    } finally {
      await other.close();
    }
  });

  it("another instance's improved entries move in this one's rank snapshot; this one's are announced", async () => {
    await listenForCacheInvalidation();
    const other = new PostgresPubSub({ connectionString: databaseUrl, applicationName: "other instance" });
    try {
      const heard: unknown[] = [];
      await other.subscribe(CACHE_CHANNEL, (m) => heard.push(m));
      const board = randomUUID();
      const strategy = getChallengeStrategy("fastest");
      let loads = 0;
      const keys = () => {
        loads++;
        return Promise.resolve({
          values: [10, 20, 30],
          times: [1, 2, 3],
          ids: ["a", "b", "c"],
          endUserIds: ["ua", "ub", "uc"],
        });
      };
      const key = { value: 30, achievedAt: new Date(3), bestAttemptId: "c" };
      expect(await entriesAheadOf(board, strategy, key, keys)).toBe(2);

      // uc improves to 5 on the other instance: first place here, without reading the board again.
      await other.publish(CACHE_CHANNEL, {
        type: "board-entries",
        from: "other",
        challengeId: board,
        strategy: "fastest",
        entries: [{ u: "uc", v: 5, t: 4, id: "c2" }],
      });
      const moved = { value: 5, achievedAt: new Date(4), bestAttemptId: "c2" };
      const a = { value: 10, achievedAt: new Date(1), bestAttemptId: "a" };
      await expect
        .poll(() => entriesAheadOf(board, strategy, a, keys), { timeout: 15_000, interval: 10 })
        .toBe(1);
      expect(await entriesAheadOf(board, strategy, moved, keys)).toBe(0);
      expect(await entriesAheadOf(board, strategy, key, keys)).toBe(3); // c's old key: behind all three
      expect(loads).toBe(1);

      // This instance's improvement: moved here at once, announced to the others.
      announceBoardEntries(board, "fastest", [
        { endUserId: "ud", value: 1, achievedAt: 5, bestAttemptId: "d" },
      ]);
      expect(await entriesAheadOf(board, strategy, moved, keys)).toBe(1);
      expect(loads).toBe(1);
      await expect.poll(() => heard.length, { timeout: 15_000, interval: 10 }).toBe(2);
      expect(heard[1]).toEqual({
        type: "board-entries",
        from: cacheInstanceId(),
        challengeId: board,
        strategy: "fastest",
        entries: [{ u: "ud", v: 1, t: 5, id: "d" }],
      });
    } finally {
      await other.close();
    }
  });
});
