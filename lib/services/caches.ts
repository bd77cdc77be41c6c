import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { log } from "@/lib/log";
import { pubsub, pubsubKind } from "@/lib/pubsub";
import { forgetBoardRanks } from "@/lib/scoring/board-ranks";
import { forgetBoardSize } from "@/lib/scoring/board-size";

// Per-process caches that several app instances must keep in step (ARCHITECTURE.md "Caches").
// A write forgets the entry here at once and tells the other instances over the `cache`
// pub/sub channel, which forget it on receipt. Announcements are gathered for a few
// milliseconds, so a burst of attempts on one board costs one message, not one per attempt.
// Delivery is at most once: a message lost while a connection was down leaves the other
// instance's entry until its TTL runs out (seconds), never longer.

export const CACHE_CHANNEL = "cache";
const FLUSH_AFTER_MS = 20;
/** Board ids per message: 36-character ids stay well inside the 7 KB message limit. */
const IDS_PER_MESSAGE = 100;

const messageSchema = z.object({
  type: z.literal("forget-boards"),
  from: z.string(),
  challengeIds: z.array(z.string()).max(IDS_PER_MESSAGE),
});
type CacheMessage = z.infer<typeof messageSchema>;

interface State {
  instanceId: string;
  pending: Set<string>;
  timer: NodeJS.Timeout | undefined;
  subscribed: Promise<() => void> | undefined;
}
// On globalThis: Next.js can load this module once per route bundle; all copies are one process.
const state = ((globalThis as unknown as { __gauntletCaches?: State }).__gauntletCaches ??= {
  instanceId: randomUUID(),
  pending: new Set(),
  timer: undefined,
  subscribed: undefined,
});

function forgetBoardLocally(challengeId: string): void {
  forgetBoardSize(challengeId);
  forgetBoardRanks(challengeId);
}

/** A write changed this challenge's board: forget its cached size and ranks on every instance. */
export function forgetBoardEverywhere(challengeId: string): void {
  forgetBoardLocally(challengeId);
  if (pubsubKind() === "memory") return; // one process: nobody else to tell
  state.pending.add(challengeId);
  state.timer ??= setTimeout(flush, FLUSH_AFTER_MS);
}

function flush(): void {
  state.timer = undefined;
  const ids = [...state.pending];
  state.pending.clear();
  for (let i = 0; i < ids.length; i += IDS_PER_MESSAGE) {
    const message: CacheMessage = {
      type: "forget-boards",
      from: state.instanceId,
      challengeIds: ids.slice(i, i + IDS_PER_MESSAGE),
    };
    // A lost announcement costs staleness up to the caches' TTL (5 s), not correctness.
    pubsub()
      .publish(CACHE_CHANNEL, message)
      .catch((err: unknown) => log.warn("cache invalidation not sent", { error: err instanceof Error ? err.message : String(err) }));
  }
}

function receive(raw: unknown): void {
  const parsed = messageSchema.safeParse(raw);
  if (!parsed.success || parsed.data.from === state.instanceId) return;
  for (const id of parsed.data.challengeIds) forgetBoardLocally(id);
}

/**
 * Listens for other instances' invalidations (startup calls it; idempotent). Nothing to do with
 * the in-process backend.
 */
export async function listenForCacheInvalidation(): Promise<void> {
  if (pubsubKind() === "memory") return;
  state.subscribed ??= pubsub().subscribe(CACHE_CHANNEL, receive);
  try {
    await state.subscribed;
  } catch (err) {
    state.subscribed = undefined;
    throw err;
  }
}

/** For tests: this process's id in cache messages. */
export function cacheInstanceId(): string {
  return state.instanceId;
}
