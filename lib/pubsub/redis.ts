import "server-only";
import { Redis } from "ioredis";
import { checkChannel, deliverMessage, encodeMessage, liveSubscription } from "@/lib/pubsub/message";
import type { Listener, PubSub } from "@/lib/pubsub/types";

// Redis pub/sub. A connection in subscriber mode can do nothing else, so publishing has its own.
// ioredis reconnects with backoff and subscribes again to every channel by itself; messages sent
// while the subscriber was away are not replayed (the database stays the record).

export interface RedisPubSubOptions {
  url: string;
  /** Prefix of every Redis channel (REDIS_PREFIX), so other deployments on the same Redis stay apart. */
  prefix?: string;
  /** CLIENT SETNAME of the subscriber connection (operators see it in CLIENT LIST). */
  connectionName?: string;
  onError?: (err: unknown, what: string) => void;
}

export class RedisPubSub implements PubSub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly prefix: string;
  private pub: Redis | undefined;
  private sub: Redis | undefined;
  private closed = false;

  constructor(private readonly opts: RedisPubSubOptions) {
    this.prefix = opts.prefix ?? "gauntlet:";
  }

  async publish(channel: string, message: unknown): Promise<void> {
    const payload = encodeMessage(channel, message);
    if (this.closed) throw new Error("pub/sub is closed");
    this.pub ??= this.connect("publisher");
    await this.pub.publish(this.prefix + channel, payload);
  }

  async subscribe(channel: string, listener: Listener): Promise<() => void> {
    checkChannel(channel);
    if (this.closed) throw new Error("pub/sub is closed");
    const sub = (this.sub ??= this.subscriber());
    let set = this.listeners.get(channel);
    if (!set) this.listeners.set(channel, (set = new Set()));
    const entry: Listener = (m) => listener(m);
    set.add(entry);
    const unsubscribe = () => {
      const s = this.listeners.get(channel);
      if (!s?.delete(entry) || s.size > 0) return;
      this.listeners.delete(channel);
      sub.unsubscribe(this.prefix + channel).catch(() => undefined);
    };
    // Also for a channel already subscribed: the command queues behind the first SUBSCRIBE.
    return liveSubscription(sub.subscribe(this.prefix + channel), unsubscribe);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    const conns = [this.pub, this.sub].filter((c): c is Redis => c !== undefined);
    this.pub = this.sub = undefined;
    await Promise.all(conns.map((c) => c.quit().catch(() => c.disconnect())));
  }

  private connect(role: string, name?: string): Redis {
    const conn = new Redis(this.opts.url, {
      lazyConnect: false,
      maxRetriesPerRequest: 3,
      ...(name ? { connectionName: name } : {}),
      retryStrategy: (times) => Math.min(5_000, 100 * 2 ** Math.min(times, 6)),
    });
    conn.on("error", (err) => this.opts.onError?.(err, `redis ${role}`));
    return conn;
  }

  private subscriber(): Redis {
    const sub = this.connect("subscriber", this.opts.connectionName ?? "gauntlet-pubsub");
    sub.on("message", (redisChannel: string, payload: string) => {
      if (!redisChannel.startsWith(this.prefix)) return;
      deliverMessage(this.listeners.get(redisChannel.slice(this.prefix.length)), payload, this.opts.onError);
    });
    return sub;
  }
}
