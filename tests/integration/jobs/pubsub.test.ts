// lib/pubsub backends. Two independent backend objects stand for two processes: each has its own
// connections, exactly as two app instances would. PostgreSQL runs on the postgres project's
// database; Redis when TEST_REDIS_URL is set (CI: redis://127.0.0.1:6379); the in-process
// default everywhere.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_MESSAGE_BYTES, pubsub, pubsubKind, PubSubMessageTooLargeError, type PubSub } from "@/lib/pubsub";
import { pgChannelName, PostgresPubSub } from "@/lib/pubsub/postgres";
import { RedisPubSub } from "@/lib/pubsub/redis";
import { waitFor } from "@/tests/helpers/wait";

const databaseUrl = process.env.DATABASE_URL ?? "";
const onPostgres = /^postgres(ql)?:\/\//.test(databaseUrl);
const redisUrl = process.env.TEST_REDIS_URL;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// How long to wait for a message: how fast one travels depends on the machine, not on the code.
const WAIT_MS = 15_000;

/** Collects what a subscription receives; `next()` returns the next message not yet read. */
function inbox() {
  const got: unknown[] = [];
  let read = 0;
  const wakes = new Set<() => void>();
  return {
    got,
    listener: (m: unknown) => {
      got.push(m);
      wakes.forEach((w) => w());
    },
    async next(ms: number): Promise<{ message: unknown; ms: number } | null> {
      const start = performance.now();
      while (got.length <= read) {
        const left = ms - (performance.now() - start);
        if (left <= 0) return null;
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            wakes.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, left);
          wakes.add(wake);
        });
      }
      return { message: got[read++], ms: performance.now() - start };
    },
  };
}

type Backend = {
  make: (name: string) => PubSub;
  /** Drops the subscriber connection of `p` from the server side. */
  drop: (p: PubSub, name: string) => Promise<void>;
};

function contract(label: string, backend: () => Backend) {
  const opened: PubSub[] = [];
  const make = (name: string) => {
    const p = backend().make(name);
    opened.push(p);
    return p;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((p) => p.close()));
  });

  describe(label, () => {
    it("a message published by one instance reaches another", async () => {
      const a = make(`a-${randomUUID()}`);
      const b = make(`b-${randomUUID()}`);
      const channel = `account:${randomUUID()}`;
      const box = inbox();
      await b.subscribe(channel, box.listener);
      const message = { type: "notification", id: randomUUID(), text: "dragón 🐉 \"quoted\" ' ; --" };
      await a.publish(channel, message);
      const got = await box.next(WAIT_MS);
      expect(got?.message).toEqual(message);
      // The publisher's own subscribers hear it too, as with the in-process backend.
      const own = inbox();
      await a.subscribe(channel, own.listener);
      await a.publish(channel, { n: 2 });
      expect((await own.next(WAIT_MS))?.message).toEqual({ n: 2 });
      expect((await box.next(WAIT_MS))?.message).toEqual({ n: 2 });
    });

    it("keeps channels apart, including names that are not identifiers", async () => {
      const a = make(`a-${randomUUID()}`);
      const b = make(`b-${randomUUID()}`);
      const one = `workspace:${randomUUID()}:events`;
      const two = `Weird "channel"; DROP TABLE accounts; -- ${"x".repeat(120)}`;
      const box1 = inbox();
      const box2 = inbox();
      await b.subscribe(one, box1.listener);
      await b.subscribe(two, box2.listener);
      await a.publish(two, { to: "two" });
      await a.publish(one, { to: "one" });
      expect((await box1.next(WAIT_MS))?.message).toEqual({ to: "one" });
      expect((await box2.next(WAIT_MS))?.message).toEqual({ to: "two" });
      await sleep(100);
      expect(box1.got).toEqual([{ to: "one" }]);
      expect(box2.got).toEqual([{ to: "two" }]);
    });

    it("unsubscribe stops delivery to that listener only", async () => {
      const a = make(`a-${randomUUID()}`);
      const b = make(`b-${randomUUID()}`);
      const channel = `cache-${randomUUID()}`;
      const gone = inbox();
      const stays = inbox();
      const unsubscribe = await b.subscribe(channel, gone.listener);
      await b.subscribe(channel, stays.listener);
      await a.publish(channel, 1);
      expect((await gone.next(WAIT_MS))?.message).toBe(1);
      expect((await stays.next(WAIT_MS))?.message).toBe(1);
      unsubscribe();
      await a.publish(channel, 2);
      expect((await stays.next(WAIT_MS))?.message).toBe(2);
      await sleep(150);
      expect(gone.got).toEqual([1]);
      // The last listener leaving ends the subscription; a new one starts it again.
      const again = inbox();
      const unsubscribeAll = await b.subscribe(channel, again.listener);
      unsubscribeAll();
      const last = inbox();
      await b.subscribe(channel, last.listener);
      await a.publish(channel, 3);
      expect((await last.next(WAIT_MS))?.message).toBe(3);
      expect(again.got).toEqual([]);
    });

    it(`refuses a message over ${MAX_MESSAGE_BYTES} bytes with a clear error`, async () => {
      const a = make(`a-${randomUUID()}`);
      const big = { text: "é".repeat(MAX_MESSAGE_BYTES / 2) }; // 2 bytes each in UTF-8
      const err = await a.publish("cache", big).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PubSubMessageTooLargeError);
      expect((err as Error).message).toMatch(/limit is 7168/);
      await expect(a.publish("cache", { text: "x".repeat(MAX_MESSAGE_BYTES - 20) })).resolves.toBeUndefined();
    });

    it("a subscriber survives its connection being dropped and receives later messages", async () => {
      const a = make(`a-${randomUUID()}`);
      const name = `b-${randomUUID()}`;
      const b = make(name);
      const channel = `account:${randomUUID()}`;
      const box = inbox();
      await b.subscribe(channel, box.listener);
      await a.publish(channel, { before: true });
      expect((await box.next(WAIT_MS))?.message).toEqual({ before: true });

      await backend().drop(b, name);
      // Messages sent while it reconnects are lost (at most once); keep sending until one
      // arrives, then every later one must.
      let n = 0;
      await waitFor(
        "a message after the connection was dropped",
        async () => {
          if (box.got.some((m) => (m as { after?: number }).after !== undefined)) return true;
          await a.publish(channel, { after: n++ }).catch(() => undefined);
          await box.next(200);
          return false;
        },
        15_000,
      );
      const later = { later: randomUUID() };
      await a.publish(channel, later);
      await expect.poll(() => box.got.at(-1), { timeout: WAIT_MS, interval: 20 }).toEqual(later);
    });
  });
}

describe("choosing and naming", () => {
  it("uses the in-process backend on SQLite without REDIS_URL or PUBSUB", () => {
    if (!onPostgres && !process.env.REDIS_URL && !process.env.PUBSUB) expect(pubsubKind()).toBe("memory");
    else expect(pubsubKind()).not.toBe("memory");
  });

  it("hashes channel names into short PostgreSQL identifiers", () => {
    const id = pgChannelName(`account:${"x".repeat(190)}`);
    expect(id).toMatch(/^gauntlet_[0-9a-f]{40}$/);
    expect(pgChannelName("a")).not.toBe(pgChannelName("A"));
  });
});

if (!onPostgres && !process.env.REDIS_URL) {
  // One process: every "instance" is the process's pub/sub.
  contract("pubsub() in process", () => ({ make: () => pubsub(), drop: () => Promise.resolve() }));
}

if (onPostgres) {
  contract("PostgreSQL LISTEN/NOTIFY between two instances", () => ({
    make: (name) => new PostgresPubSub({ connectionString: databaseUrl, applicationName: name, minBackoffMs: 50 }),
    async drop(p, name) {
      const pid = (p as PostgresPubSub).listenerPid();
      expect(pid).toBeTypeOf("number");
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        const res = await admin.query(
          "SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity WHERE application_name = $1 AND pid = $2",
          [name, pid],
        );
        expect(res.rows).toEqual([{ killed: true }]);
      } finally {
        await admin.end();
      }
    },
  }));
}

describe.skipIf(!redisUrl)(
  `Redis pub/sub${redisUrl ? "" : " (skipped: TEST_REDIS_URL is not set; CI sets redis://127.0.0.1:6379)"}`,
  () => {
    contract("between two instances", () => ({
      make: (name) => new RedisPubSub({ url: redisUrl!, connectionName: name, prefix: `gauntlet-test:${process.pid}:` }),
      async drop(_p, name) {
        const inspector = new Redis(redisUrl!);
        try {
          const list = (await inspector.client("LIST")) as string;
          const ids = list
            .split("\n")
            .filter((line) => line.includes(` name=${name} `))
            .map((line) => /(?:^|\s)id=(\d+)/.exec(line)?.[1])
            .filter((id): id is string => id !== undefined);
          expect(ids).toHaveLength(1);
          await inspector.client("KILL", "ID", ids[0]!);
        } finally {
          await inspector.quit();
        }
      },
    }));
  },
);
