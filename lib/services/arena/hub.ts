// Direct SQL: a Prisma version cost 4-12x the CPU per chat send and sync in process (SQLite send 0.12-0.19 -> 1.6 ms).
import "server-only";
import { redactFor } from "@/lib/arena/redact";
import type { ChatMessage } from "@/lib/arena/types";
import { query } from "@/lib/db/sql";
import { log } from "@/lib/log";
import { pubsub } from "@/lib/pubsub";
import { arenaTopic, freeChannelTopic } from "@/lib/services/arena/fanout";
import { readMessages, readSeats, type MessageRow } from "@/lib/services/arena/store";
import { readChannelMessages } from "@/lib/services/arena/store-channels";
import { gameIdOfChannel, messageView } from "@/lib/services/arena/views";

// One hub per channel with local SSE subscribers, per process: it listens for the channel's
// wake-ups, reads the new messages once from the database and hands each subscriber its own
// redacted copy. A safety poll every few seconds covers a lost wake-up (pub/sub is at most once).
// A game's channels (`<id>`, `challenge_<id>`) and free chat channels (channels.ts) have hubs of
// their own: a free channel reads its own table, listens on its own topic and never ends.

export type ChannelKind = "game" | "free";

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
  kind: ChannelKind;
  /** Resolves once the hub receives wake-ups (every joiner waits for it). */
  ready: Promise<void>;
  subs: Set<Subscriber>;
  reading: boolean;
  again: boolean;
  endedSeen: boolean;
  unsubscribe?: () => void;
  poll?: NodeJS.Timeout;
}

const POLL_MS = 5_000;
const hubKey = (kind: ChannelKind, channel: string) => `${kind}:${channel}`;
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
      const rows: MessageRow[] = await query(() =>
        hub.kind === "free"
          ? readChannelMessages(hub.channel, from, 1_000)
          : readMessages(hub.channel, from, 1_000),
      );
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
  if (hub.kind === "game" && !hub.endedSeen) {
    const seats = await query(() => readSeats(gameIdOfChannel(hub.channel))).catch(() => undefined);
    if (seats?.status === "ended") hub.endedSeen = true;
  }
  await drain(hub);
}

/** Adds a subscriber to a channel; resolves once wake-ups are being received. */
export async function joinHub(
  channel: string,
  sub: Subscriber,
  kind: ChannelKind = "game",
): Promise<() => void> {
  const key = hubKey(kind, channel);
  let hub = hubs.get(key);
  if (!hub) {
    const created: Hub = {
      channel,
      kind,
      ready: Promise.resolve(),
      subs: new Set(),
      reading: false,
      again: false,
      endedSeen: false,
    };
    hub = created;
    hubs.set(key, created);
    created.poll = setInterval(() => void poll(created), POLL_MS);
    created.poll.unref?.();
    const topic = kind === "free" ? freeChannelTopic(channel) : arenaTopic(channel);
    created.ready = Promise.resolve()
      .then(() =>
        pubsub().subscribe(topic, (wake) => {
          if ((wake as { ended?: boolean } | null)?.ended) created.endedSeen = true;
          void drain(created);
        }),
      )
      .then(
        (unsubscribe) => {
          if (hubs.get(key) === created) created.unsubscribe = unsubscribe;
          else unsubscribe();
        },
        (err: unknown) => {
          // Without wake-ups the safety poll still delivers, only later.
          log.warn("arena.hub_subscribe_failed", { channel, err: String(err) });
        },
      );
  }
  const current = hub;
  current.subs.add(sub);
  const leave = () => {
    current.subs.delete(sub);
    if (current.subs.size === 0 && hubs.get(key) === current) {
      hubs.delete(key);
      clearInterval(current.poll);
      current.unsubscribe?.();
    }
  };
  // A second viewer joining while the first one's subscription is still being set up waits for
  // it too, so that no message committed after its history was read goes unnoticed.
  await current.ready;
  return leave;
}

/** Asks a hub to read now (after a subscriber's history was sent, in case it raced a wake-up). */
export function pokeHub(channel: string, kind: ChannelKind = "game"): void {
  const hub = hubs.get(hubKey(kind, channel));
  if (!hub) return;
  void drain(hub);
}
