import "server-only";
import { log } from "@/lib/log";
import { pubsub } from "@/lib/pubsub";

// Waking SSE subscribers after a commit. The database is the record: a wake-up only says
// "channel X has new messages up to index N" or "the game ended", and each process's channel
// hub (hub.ts) reads what is new once and fans it out to its local subscribers. Pub/sub is the
// notifications issue's (lib/pubsub): in process on the embedded default, PostgreSQL
// LISTEN/NOTIFY or Redis across instances.

export type ArenaEvent =
  { kind: "message"; channel: string; index: number } | { kind: "ended"; channel: string };

export const arenaTopic = (channel: string) => `arena:${channel}`;
/** A free chat channel's wake-ups (channels.ts): its own namespace, apart from games' channels. */
export const freeChannelTopic = (name: string) => `arena-chat:${name}`;

/** Publishes one wake-up per channel (the highest index, or the end), not awaited. */
export function publishArena(events: ArenaEvent[]): void {
  const perChannel = new Map<string, { index: number; ended: boolean }>();
  for (const e of events) {
    const cur = perChannel.get(e.channel) ?? { index: 0, ended: false };
    if (e.kind === "message") cur.index = Math.max(cur.index, e.index);
    else cur.ended = true;
    perChannel.set(e.channel, cur);
  }
  const bus = pubsub();
  for (const [channel, wake] of perChannel) {
    bus
      .publish(arenaTopic(channel), wake)
      .catch((err: unknown) => log.warn("arena.publish_failed", { channel, err: String(err) }));
  }
}

/** Wakes the subscribers of a free chat channel after a commit (not awaited). */
export function publishFreeChannel(name: string, index: number): void {
  pubsub()
    .publish(freeChannelTopic(name), { index })
    .catch((err: unknown) => log.warn("arena.publish_failed", { channel: name, err: String(err) }));
}
