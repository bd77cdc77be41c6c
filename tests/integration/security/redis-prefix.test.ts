// Two deployments sharing one Redis: REDIS_PREFIX starts every key and channel, so neither sees
// the other's pub/sub messages or rate-limit counters. Runs when TEST_REDIS_URL is set (CI:
// redis://127.0.0.1:6379).
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { closePubSub, pubsub } from "@/lib/pubsub";
import { RedisPubSub } from "@/lib/pubsub/redis";
import { closeRateLimitStores, createLimiter } from "@/lib/rate-limit";

const redisUrl = process.env.TEST_REDIS_URL;
const run = randomUUID().slice(0, 8);
const PREFIX_A = `deploy-a-${run}:`;
const PREFIX_B = `deploy-b-${run}:`;

function configure(prefix: string) {
  Object.assign(process.env, { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, PUBSUB: "redis", RATE_LIMIT_STORE: "redis" });
  resetEnvForTests();
}

describe.skipIf(!redisUrl)(
  `REDIS_PREFIX${redisUrl ? "" : " (skipped: TEST_REDIS_URL is not set; CI sets redis://127.0.0.1:6379)"}`,
  () => {
    const inspector = new Redis(redisUrl ?? "", { lazyConnect: true });

    afterAll(async () => {
      await closePubSub();
      await closeRateLimitStores();
      for (const prefix of [PREFIX_A, PREFIX_B]) {
        const keys = await inspector.keys(`${prefix}*`);
        if (keys.length > 0) await inspector.del(...keys);
      }
      await inspector.quit();
      for (const k of ["REDIS_URL", "REDIS_PREFIX", "PUBSUB", "RATE_LIMIT_STORE"]) delete process.env[k];
      resetEnvForTests();
    });

    it("the app's pub/sub uses it: two deployments on one Redis hear only their own messages", async () => {
      configure(PREFIX_A);
      await closePubSub();
      const a = pubsub(); // deployment A, as the app opens it
      const b = new RedisPubSub({ url: redisUrl!, prefix: PREFIX_B }); // deployment B
      try {
        const gotA: unknown[] = [];
        const gotB: unknown[] = [];
        await a.subscribe("cache", (m) => gotA.push(m));
        await b.subscribe("cache", (m) => gotB.push(m));
        // The subscriptions are on distinct Redis channels, each under its deployment's prefix.
        expect(await inspector.pubsub("CHANNELS", `${PREFIX_A}*`)).toEqual([`${PREFIX_A}cache`]);
        expect(await inspector.pubsub("CHANNELS", `${PREFIX_B}*`)).toEqual([`${PREFIX_B}cache`]);
        await b.publish("cache", { from: "b" });
        await a.publish("cache", { from: "a" });
        await expect.poll(() => gotA.length + gotB.length, { timeout: 10_000 }).toBe(2);
        expect(gotA).toEqual([{ from: "a" }]);
        expect(gotB).toEqual([{ from: "b" }]);
      } finally {
        await b.close();
        await closePubSub();
      }
    });

    it("rate limits use it: a key at its limit in one deployment is free in the other", async () => {
      const name = `prefix-${run}`;
      const limiter = createLimiter({ name, points: 2, durationSec: 60 });
      configure(PREFIX_A);
      await closeRateLimitStores();
      await limiter.consume("agent");
      await limiter.consume("agent");
      await expect(limiter.consume("agent")).rejects.toMatchObject({ status: 429 });

      configure(PREFIX_B);
      expect(await limiter.consume("agent")).toBe(1);
      expect(await inspector.get(`${PREFIX_A}${name}:agent`)).toBe("3"); // the refused call counted too
      expect(await inspector.get(`${PREFIX_B}${name}:agent`)).toBe("1");
    });
  },
);
