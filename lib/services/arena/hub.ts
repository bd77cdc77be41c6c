import "server-only";
import { redactFor } from "@/lib/arena/redact";
import type { ChatMessage } from "@/lib/arena/types";
import { query } from "@/lib/db/sql";
import { log } from "@/lib/log";
import { pubsub } from "@/lib/pubsub";
import { arenaTopic } from "@/lib/services/arena/fanout";
import { readMessages, readSeats } from "@/lib/services/arena/store";
import { gameIdOfChannel, messageView } from "@/lib/services/arena/views";

// One hub per channel with local SSE subscribers, per process: it listens for the channel's
// wake-ups, reads the new messages once from the database and hands each subscriber its own
// redacted copy. A safety poll every few seconds covers a lost wake-up (pub/sub is at most once).

export interface Subscriber {
  /** Invite codes whose DMs this subscriber may read. */
  viewer: string[];
  /** The highest index already sent (its `initial` history included). */
  sent: number;
  ended: boolean;
  onMessage(message: ChatMessage): void;
  onEnded(): void;
}

interface Hub {
  channel: string;
  subs: Set<Subscriber>;
  reading: boolean;
  again: boolean;
  endedSeen: boolean;
  unsubscribe?: () => void;
  poll?: NodeJS.Timeout;
}

const POLL_MS = 5_000;
const hubs: Map<string, Hub> = ((globalThis as Record<string, unknown>).__gauntletArenaHubs ??=
  new Map()) as Map<string, Hub>;

async function drain(hub: Hub): Promise<void> {
  if (hub.reading) {
    hub.again = true;
    return;
  }
  hub.reading = true;
  try {
    do {
      hub.again = false;
      if (hub.subs.size === 0) break;
      const from = Math.min(...[...hub.subs].map((s) => s.sent)) + 1;
      const rows = await query(() => readMessages(hub.channel, from, 1_000));
      for (const row of rows) {
        const message = messageView(row);
        for (const sub of hub.subs) {
          if (row.idx <= sub.sent) continue;
          sub.sent = row.idx;
          sub.onMessage(redactFor(message, sub.viewer, sub.ended));
        }
      }
      if (rows.length === 1_000) hub.again = true;
      if (hub.endedSeen) {
        for (const sub of hub.subs) {
          if (!sub.ended) {
            sub.ended = true;
            sub.onEnded();
          }
        }
      }
    } while (hub.again);
  } catch (err) {
    log.warn("arena.hub_read_failed", { channel: hub.channel, err: String(err) });
  } finally {
    hub.reading = false;
  }
}

/** The safety poll: new messages, and the game's end, in case a wake-up was lost. */
async function poll(hub: Hub): Promise<void> {
  if (!hub.endedSeen) {
    const seats = await query(() => readSeats(gameIdOfChannel(hub.channel))).catch(() => undefined);
    if (seats?.status === "ended") hub.endedSeen = true;
  }
  await drain(hub);
}

/** Adds a subscriber to a channel; resolves once wake-ups are being received. */
export async function joinHub(channel: string, sub: Subscriber): Promise<() => void> {
  let hub = hubs.get(channel);
  if (!hub) {
    const created: Hub = { channel, subs: new Set(), reading: false, again: false, endedSeen: false };
    hub = created;
    hubs.set(channel, created);
    created.poll = setInterval(() => void poll(created), POLL_MS);
    created.poll.unref?.();
    const unsubscribe = await pubsub().subscribe(arenaTopic(channel), (wake) => {
      if ((wake as { ended?: boolean } | null)?.ended) created.endedSeen = true;
      void drain(created);
    });
    if (hubs.get(channel) === created) created.unsubscribe = unsubscribe;
    else unsubscribe();
  }
  const current = hub;
  current.subs.add(sub);
  return () => {
    current.subs.delete(sub);
    if (current.subs.size === 0 && hubs.get(channel) === current) {
      hubs.delete(channel);
      clearInterval(current.poll);
      current.unsubscribe?.();
    }
  };
}

/** Asks a hub to read now (after a subscriber's history was sent, in case it raced a wake-up). */
export function pokeHub(channel: string): void {
  const hub = hubs.get(channel);
  if (!hub) return;
  void drain(hub);
}
