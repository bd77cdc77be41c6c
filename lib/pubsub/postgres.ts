import "server-only";
import { createHash } from "node:crypto";
import pg from "pg";
import { backoffMs, checkChannel, deliverMessage, encodeMessage, liveSubscription } from "@/lib/pubsub/message";
import type { Listener, PubSub } from "@/lib/pubsub/types";

// PostgreSQL LISTEN/NOTIFY. One dedicated connection per process LISTENs (a pooled connection
// cannot: LISTEN belongs to a session); publishing is `SELECT pg_notify(...)` on the app's pool.
// When the LISTEN connection drops it is reopened with backoff and every channel is LISTENed
// again. Messages sent while it was down are not replayed: pub/sub is a wake-up, the database
// stays the record (a subscriber that must not miss anything re-reads it after a reconnect).

export interface PostgresPubSubOptions {
  connectionString: string;
  /**
   * The pool publishes run on, asked for on each publish (the app's: lib/db pgPool(), which is
   * replaced after disconnectDb); one of its own when not given.
   */
  pool?: () => pg.Pool | null;
  /** application_name of the LISTEN connection (operators see it in pg_stat_activity). */
  applicationName?: string;
  /** How long subscribe() waits for a live connection before it fails. */
  subscribeTimeoutMs?: number;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** Connection trouble (logged by the caller); the backend keeps reconnecting. */
  onError?: (err: unknown, what: string) => void;
}

/**
 * The PostgreSQL channel for a Gauntlet channel: a hash, so any name (colons, case, length) is a
 * valid identifier of under 63 bytes, quoted for LISTEN/UNLISTEN.
 */
export function pgChannelName(channel: string): string {
  return `gauntlet_${createHash("sha256").update(channel).digest("hex").slice(0, 40)}`;
}
const quoted = (ident: string) => `"${ident.replace(/"/g, '""')}"`;

interface Live {
  client: pg.Client;
  dead: boolean;
}

export class PostgresPubSub implements PubSub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly channelOf = new Map<string, string>(); // pg channel → channel
  private ownPool: pg.Pool | undefined;
  private live: Live | undefined;
  private connecting: Promise<Live> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Wakes subscribe() calls waiting for a connection. */
  private waiters = new Set<() => void>();

  constructor(private readonly opts: PostgresPubSubOptions) {}

  private pool(): pg.Pool {
    const shared = this.opts.pool?.();
    if (shared) return shared;
    if (!this.ownPool) {
      this.ownPool = new pg.Pool({ connectionString: this.opts.connectionString, max: 2 });
      this.ownPool.on("error", () => undefined);
    }
    return this.ownPool;
  }

  async publish(channel: string, message: unknown): Promise<void> {
    const payload = encodeMessage(channel, message);
    if (this.closed) throw new Error("pub/sub is closed");
    await this.pool().query("SELECT pg_notify($1, $2)", [pgChannelName(channel), payload]);
  }

  async subscribe(channel: string, listener: Listener): Promise<() => void> {
    checkChannel(channel);
    if (this.closed) throw new Error("pub/sub is closed");
    const ident = pgChannelName(channel);
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      this.channelOf.set(ident, channel);
    }
    const entry: Listener = (m) => listener(m); // a distinct entry, so one fn may subscribe twice
    set.add(entry);
    return liveSubscription(this.listen(ident), () => this.unsubscribe(channel, entry));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.listeners.clear();
    this.channelOf.clear();
    this.waiters.forEach((wake) => wake());
    const live = this.live;
    this.live = undefined;
    if (live) {
      live.dead = true;
      await live.client.end().catch(() => undefined);
    }
    await this.ownPool?.end().catch(() => undefined);
  }

  /** The LISTEN connection's server process id (tests drop it with pg_terminate_backend). */
  listenerPid(): number | undefined {
    const live = this.live;
    return live && !live.dead ? (live.client as unknown as { processID?: number }).processID : undefined;
  }

  // Returns once the channel is LISTENed on a live connection (LISTEN is idempotent, and a
  // second subscriber's LISTEN queues behind the first's, so it too returns once it holds).
  private async listen(ident: string): Promise<void> {
    const deadline = Date.now() + (this.opts.subscribeTimeoutMs ?? 10_000);
    for (;;) {
      if (this.closed) throw new Error("pub/sub is closed");
      const live = this.live && !this.live.dead ? this.live : undefined;
      if (live) {
        try {
          await live.client.query(`LISTEN ${quoted(ident)}`);
          return;
        } catch (err) {
          if (!live.dead) throw err;
          // The connection died under us: try again on its replacement.
        }
      }
      this.ensureConnecting();
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("pub/sub: no PostgreSQL connection to LISTEN on");
      await this.waitForConnection(left);
    }
  }

  private waitForConnection(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  private ensureConnecting(): void {
    if (this.connecting || this.retryTimer || this.closed) return;
    if (this.live && !this.live.dead) return;
    this.connect(0);
  }

  private connect(failures: number): void {
    this.retryTimer = undefined;
    if (this.closed) return;
    this.connecting = this.open();
    this.connecting.then(
      (live) => {
        this.connecting = undefined;
        if (this.closed) {
          live.dead = true;
          void live.client.end().catch(() => undefined);
          return;
        }
        this.live = live;
        this.waiters.forEach((wake) => wake());
      },
      (err: unknown) => {
        this.connecting = undefined;
        this.opts.onError?.(err, "connect");
        if (this.closed) return;
        const wait = backoffMs(failures, this.opts.minBackoffMs ?? 100, this.opts.maxBackoffMs ?? 5_000);
        this.retryTimer = setTimeout(() => this.connect(failures + 1), wait);
        this.retryTimer.unref?.();
      },
    );
  }

  private async open(): Promise<Live> {
    const client = new pg.Client({
      connectionString: this.opts.connectionString,
      application_name: this.opts.applicationName ?? "gauntlet pubsub",
      keepAlive: true,
    });
    const live: Live = { client, dead: false };
    const dropped = (err?: unknown) => {
      if (live.dead) return;
      live.dead = true;
      if (err) this.opts.onError?.(err, "connection lost");
      void client.end().catch(() => undefined);
      if (this.live === live) this.live = undefined;
      // Reconnect at once (backoff applies if that fails) when anyone is still listening.
      if (!this.closed && this.listeners.size > 0) this.ensureConnecting();
    };
    client.on("error", dropped);
    client.on("end", () => dropped());
    client.on("notification", (n) => this.deliver(n.channel, n.payload));
    try {
      await client.connect();
      const idents = [...this.channelOf.keys()];
      // One round trip for every channel (the simple protocol runs several statements).
      if (idents.length > 0) await client.query(idents.map((i) => `LISTEN ${quoted(i)};`).join(" "));
    } catch (err) {
      live.dead = true;
      await client.end().catch(() => undefined);
      throw err;
    }
    return live;
  }

  private deliver(ident: string, payload: string | undefined): void {
    const channel = this.channelOf.get(ident);
    const set = channel === undefined ? undefined : this.listeners.get(channel);
    deliverMessage(set, payload ?? "null", this.opts.onError);
  }

  private unsubscribe(channel: string, entry: Listener): void {
    const set = this.listeners.get(channel);
    if (!set?.delete(entry) || set.size > 0) return;
    this.listeners.delete(channel);
    const ident = pgChannelName(channel);
    this.channelOf.delete(ident);
    const live = this.live;
    if (live && !live.dead) {
      // Queued behind any LISTEN already sent on this connection, so the order holds.
      live.client.query(`UNLISTEN ${quoted(ident)}`).catch(() => undefined);
    }
  }
}
