import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { log } from "@/lib/log";
import { pubsub, pubsubKind } from "@/lib/pubsub";
import { applyBoardChanges, forgetBoardRanks, type BoardChange } from "@/lib/scoring/board-ranks";
import { forgetBoardSize } from "@/lib/scoring/board-size";

// Per-process caches that several app instances must keep in step (ARCHITECTURE.md "Caches").
// A write forgets the entry here at once and tells the other instances over the `cache`
// pub/sub channel, which forget it on receipt. Announcements are gathered for a few
// milliseconds, so a burst of attempts on one board costs one message, not one per attempt.
// An attempt that improves an entry announces its new key instead (moved in rank snapshots).
// Delivery is at most once: a message lost while a connection was down leaves the other
// instance's entry until its TTL runs out (seconds), never longer.

export const CACHE_CHANNEL = "cache";
const FLUSH_AFTER_MS = 20;
/** Board ids per message: 36-character ids stay well inside the 7 KB message limit. */
const IDS_PER_MESSAGE = 100;
/** Entry keys per message (two ids, a value and a time each: under 150 bytes). */
const ENTRIES_PER_MESSAGE = 40;
/** More changed entries than this on one board in one gathering: the board is forgotten instead. */
const MAX_ENTRIES_PER_FLUSH = 4 * ENTRIES_PER_MESSAGE;

const forgetSchema = z.object({
  type: z.literal("forget-boards"),
  from: z.string(),
  challengeIds: z.array(z.string()).max(IDS_PER_MESSAGE),
});
const entriesSchema = z.object({
  type: z.literal("board-entries"),
  from: z.string(),
  challengeId: z.string(),
  strategy: z.string(),
  entries: z
    .array(z.object({ u: z.string(), v: z.number().nullable(), t: z.number(), id: z.string() }))
    .max(ENTRIES_PER_MESSAGE),
});
const messageSchema = z.discriminatedUnion("type", [forgetSchema, entriesSchema]);
type CacheMessage = z.infer<typeof messageSchema>;

interface State {
  instanceId: string;
  pending: Set<string>;
  /** Improved entries to announce, per board. */
  pendingEntries?: Map<string, { strategy: string; changes: BoardChange[] }>;
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
  state.pendingEntries?.delete(challengeId);
  state.pending.add(challengeId);
  state.timer ??= setTimeout(flush, FLUSH_AFTER_MS);
}

function boardChangedLocally(challengeId: string, strategy: string, changes: BoardChange[]): void {
  // The size is forgotten (a change may be a new entry); a rank snapshot, when held, answers it.
  forgetBoardSize(challengeId);
  applyBoardChanges(challengeId, strategy, changes);
}

/**
 * Attempts improved (or created) these players' entries on the challenge's board, ranked by
 * `strategy`: their keys move in every instance's rank snapshot.
 */
export function announceBoardEntries(challengeId: string, strategy: string, changes: BoardChange[]): void {
  boardChangedLocally(challengeId, strategy, changes);
  if (pubsubKind() === "memory") return;
  if (!state.pending.has(challengeId)) {
    const entries = (state.pendingEntries ??= new Map<
      string,
      { strategy: string; changes: BoardChange[] }
    >());
    const queued = entries.get(challengeId);
    if (queued && queued.strategy !== strategy) {
      entries.delete(challengeId);
      state.pending.add(challengeId);
    } else if (queued) queued.changes.push(...changes);
    else entries.set(challengeId, { strategy, changes: [...changes] });
    if ((entries.get(challengeId)?.changes.length ?? 0) > MAX_ENTRIES_PER_FLUSH) {
      entries.delete(challengeId);
      state.pending.add(challengeId);
    }
  }
  state.timer ??= setTimeout(flush, FLUSH_AFTER_MS);
}

function send(message: CacheMessage): void {
  // A lost announcement costs staleness up to the caches' TTL (5 s), not correctness.
  pubsub()
    .publish(CACHE_CHANNEL, message)
    .catch((err: unknown) =>
      log.warn("cache invalidation not sent", { error: err instanceof Error ? err.message : String(err) }),
    );
}

function flush(): void {
  state.timer = undefined;
  const ids = [...state.pending];
  state.pending.clear();
  for (let i = 0; i < ids.length; i += IDS_PER_MESSAGE) {
    send({ type: "forget-boards", from: state.instanceId, challengeIds: ids.slice(i, i + IDS_PER_MESSAGE) });
  }
  const boards = [...(state.pendingEntries ?? [])];
  state.pendingEntries?.clear();
  for (const [challengeId, { strategy, changes }] of boards) {
    const entries = changes.map((c) => ({
      u: c.endUserId,
      v: c.value,
      t: c.achievedAt,
      id: c.bestAttemptId,
    }));
    for (let i = 0; i < entries.length; i += ENTRIES_PER_MESSAGE) {
      send({
        type: "board-entries",
        from: state.instanceId,
        challengeId,
        strategy,
        entries: entries.slice(i, i + ENTRIES_PER_MESSAGE),
      });
    }
  }
}

function receive(raw: unknown): void {
  const parsed = messageSchema.safeParse(raw);
  if (!parsed.success || parsed.data.from === state.instanceId) return;
  const m = parsed.data;
  if (m.type === "forget-boards") {
    for (const id of m.challengeIds) forgetBoardLocally(id);
    return;
  }
  const changes = m.entries.map((e) => ({
    endUserId: e.u,
    value: e.v,
    achievedAt: e.t,
    bestAttemptId: e.id,
  }));
  boardChangedLocally(m.challengeId, m.strategy, changes);
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
