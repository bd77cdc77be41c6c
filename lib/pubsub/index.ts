import "server-only";
import { EventEmitter } from "node:events";
import { pgPool } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { checkChannel, encodeMessage } from "@/lib/pubsub/message";
import { PostgresPubSub } from "@/lib/pubsub/postgres";
import { RedisPubSub } from "@/lib/pubsub/redis";
import type { Listener, PubSub } from "@/lib/pubsub/types";

// Messages between app instances and worker processes: a player connected over SSE to one
// instance hears about a notification created by a worker anywhere. One interface, backends
// chosen by configuration: in-process (the embedded default), PostgreSQL LISTEN/NOTIFY, Redis
// pub/sub when REDIS_URL is set. Channels are plain strings ("account:<id>",
// "workspace:<id>:events", "cache"); messages are JSON values, small (≤ 7 KB: NOTIFY's limit,
// enforced on every backend). Delivery is at most once: a subscriber whose connection dropped
// misses what was sent meanwhile, so the database stays the record.

export type { Listener, PubSub } from "@/lib/pubsub/types";
export { MAX_MESSAGE_BYTES, PubSubMessageTooLargeError } from "@/lib/pubsub/message";

class MemoryPubSub implements PubSub {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  publish(channel: string, message: unknown): Promise<void> {
    // Same semantics as a network backend: listeners get a copy, after the publisher resumes;
    // a refused message is a rejected promise, not a throw.
    let copy: unknown;
    try {
      copy = JSON.parse(encodeMessage(channel, message));
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    setImmediate(() => this.emitter.emit(channel, copy));
    return Promise.resolve();
  }
  subscribe(channel: string, listener: Listener): Promise<() => void> {
    try {
      checkChannel(channel);
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    // A distinct entry per call, so one function subscribed twice is unsubscribed once per call.
    const entry: Listener = (m) => listener(m);
    this.emitter.on(channel, entry);
    return Promise.resolve(() => void this.emitter.off(channel, entry));
  }
  close(): Promise<void> {
    this.emitter.removeAllListeners();
    return Promise.resolve();
  }
}

export type PubSubKind = "memory" | "postgres" | "redis";

/**
 * PUBSUB wins; otherwise Redis when REDIS_URL is set, PostgreSQL LISTEN/NOTIFY when the database
 * is PostgreSQL, else in-process (one process: SQLite).
 */
export function pubsubKind(): PubSubKind {
  // lib/env.ts refuses PUBSUB=redis without REDIS_URL and PUBSUB=postgres on SQLite.
  return env.PUBSUB ?? (env.REDIS_URL ? "redis" : env.databaseKind === "postgresql" ? "postgres" : "memory");
}

const onError = (err: unknown, what: string) =>
  log.warn("pub/sub connection trouble", { what, error: err instanceof Error ? err.message : String(err) });

function open(kind: PubSubKind): PubSub {
  switch (kind) {
    case "memory":
      return new MemoryPubSub();
    case "postgres":
      return new PostgresPubSub({ connectionString: env.DATABASE_URL, pool: pgPool, onError });
    case "redis":
      return new RedisPubSub({ url: env.REDIS_URL ?? "", prefix: env.REDIS_PREFIX, onError });
  }
}

// On globalThis: Next.js can load this module once per route bundle, and every copy must share
// the process's one LISTEN connection and one set of subscribers.
const held = globalThis as unknown as { __gauntletPubSub?: PubSub };

/** The process's pub/sub (backend chosen from configuration on first use). */
export function pubsub(): PubSub {
  held.__gauntletPubSub ??= open(pubsubKind());
  return held.__gauntletPubSub;
}

export async function closePubSub(): Promise<void> {
  const p = held.__gauntletPubSub;
  held.__gauntletPubSub = undefined;
  await p?.close();
}
