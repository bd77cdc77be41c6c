// Direct SQL: a Prisma version cost 4-12x the CPU per chat send and sync in process (SQLite send 0.12-0.19 -> 1.6 ms).
import "server-only";
import { all, asDate, asNum, exec, one, type Step } from "@/lib/db/sql";
import type { MessageRow } from "@/lib/services/arena/store";

// The SQL of free chat channels (channels that are no game's; lib/db/sql.ts generator steps,
// PostgreSQL syntax, run on both databases). A channel's row holds its message counter: the
// upsert that bumps it takes the row's lock on PostgreSQL (SQLite holds the write lock), so
// indexes are 1-based and gapless per channel across instances.

type Raw = Record<string, unknown>;

const messageRow = (r: Raw): MessageRow => ({
  channel: String(r.channel),
  idx: asNum(r.idx),
  sender: String(r.sender),
  recipient: typeof r.recipient === "string" ? r.recipient : null,
  content: String(r.content),
  type: null,
  createdAt: asDate(r.created_at),
});

/** Inside transaction(): takes the channel's next index (creating the channel); returns it. */
export function* bumpChannel(name: string, now: Date): Step<number> {
  const row = yield* one<{ message_count: unknown }>(
    `INSERT INTO arena_channels (name, message_count, created_at, last_message_at) VALUES ($1, 1, $2, $2)
     ON CONFLICT (name) DO UPDATE SET message_count = arena_channels.message_count + 1, last_message_at = $2
     RETURNING message_count`,
    name,
    now,
  );
  return asNum(row?.message_count);
}

export function* countChannels(): Step<number> {
  const row = yield* one<{ n: unknown }>("SELECT COUNT(*) AS n FROM arena_channels");
  return asNum(row?.n);
}

export function* insertChannelMessage(m: MessageRow): Step<void> {
  yield* exec(
    "INSERT INTO arena_channel_messages (channel, idx, sender, recipient, content, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
    m.channel,
    m.idx,
    m.sender,
    m.recipient,
    m.content,
    m.createdAt,
  );
}

/** Messages of a free channel with index ≥ `from`, in order, at most `limit`. */
export function* readChannelMessages(name: string, from: number, limit: number): Step<MessageRow[]> {
  const rows = yield* all<Raw>(
    "SELECT channel, idx, sender, recipient, content, created_at FROM arena_channel_messages WHERE channel = $1 AND idx >= $2 ORDER BY idx LIMIT $3",
    name,
    from,
    limit,
  );
  return rows.map(messageRow);
}

/** Deletes channels last written before `before` (their messages go with them). */
export function* deleteIdleChannels(before: Date): Step<number> {
  return yield* exec("DELETE FROM arena_channels WHERE last_message_at < $1", before);
}
