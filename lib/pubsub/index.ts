import "server-only";
import { EventEmitter } from "node:events";

// Messages between app instances and worker processes: a player connected over SSE to one
// instance hears about a notification created by a worker anywhere. One interface, backends
// chosen by configuration: in-process (the embedded default), PostgreSQL LISTEN/NOTIFY, Redis
// pub/sub when REDIS_URL is set. Channels are plain strings ("account:<id>",
// "workspace:<id>:events", "cache"); messages are JSON values, small (≤ 7 KB: NOTIFY's limit).

export type Listener = (message: unknown) => void;

export interface PubSub {
  publish(channel: string, message: unknown): Promise<void>;
  /** Resolves once the subscription is live; the returned function unsubscribes. */
  subscribe(channel: string, listener: Listener): Promise<() => void>;
  close(): Promise<void>;
}

class MemoryPubSub implements PubSub {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  publish(channel: string, message: unknown): Promise<void> {
    // Same semantics as a network backend: listeners get a copy, after the publisher resumes.
    const copy: unknown = JSON.parse(JSON.stringify(message ?? null));
    setImmediate(() => this.emitter.emit(channel, copy));
    return Promise.resolve();
  }
  subscribe(channel: string, listener: Listener): Promise<() => void> {
    this.emitter.on(channel, listener);
    return Promise.resolve(() => void this.emitter.off(channel, listener));
  }
  close(): Promise<void> {
    this.emitter.removeAllListeners();
    return Promise.resolve();
  }
}

let current: PubSub | undefined;

/** The process's pub/sub (backend chosen from configuration on first use). */
export function pubsub(): PubSub {
  current ??= new MemoryPubSub();
  return current;
}

export async function closePubSub(): Promise<void> {
  const p = current;
  current = undefined;
  await p?.close();
}
