// Direct SQL: a Prisma version cost 4-12x the CPU per chat send and sync in process (SQLite send 0.12-0.19 -> 1.6 ms).
import "server-only";
import { redactFor } from "@/lib/arena/redact";
import { env } from "@/lib/env";
import { query, transaction } from "@/lib/db/sql";
import { type ArenaCaller, freeReader, freeWriter, keyGameOnFreeChannel } from "@/lib/services/arena/caller";
import { MAX_SYNC_MESSAGES } from "@/lib/services/arena/config";
import { badRequest } from "@/lib/services/arena/errors";
import { publishFreeChannel } from "@/lib/services/arena/fanout";
import { limitFreeChat } from "@/lib/services/arena/limits";
import { readSeats } from "@/lib/services/arena/store";
import {
  bumpChannel,
  countChannels,
  deleteIdleChannels,
  insertChannelMessage,
  readChannelMessages,
} from "@/lib/services/arena/store-channels";
import { messageView } from "@/lib/services/arena/views";
import type { ChatMessage } from "@/lib/arena/types";

// Free chat channels: a `channel` that names no game (`POST /api/v1/chat/send {channel:
// "lobby", …}`), as the reference allows chat on any channel. They are bounded so that they are
// no open relay: names of at most 128 printable characters, messages of ARENA_CHAT_MAX_CHARS,
// at most ARENA_CHAT_MAX_CHANNELS channels holding ARENA_CHAT_MAX_MESSAGES each, deleted after
// ARENA_CHAT_RETENTION_SECONDS without a message, and ARENA_CHAT_MESSAGES_PER_MINUTE per writer.
// A DM (`to`) is redacted for everyone but its two ends, always (a free channel never ends).
// Names of games' channels (`challenge_…`, a bare UUID) stay reserved for games.

const NAME = /^[\x21-\x7e]{1,128}$/;
/** Longest `from` / `to` on a free channel (characters). */
const MAX_IDENTITY_CHARS = 256;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Names reserved for games: `challenge_<id>` and a bare game id (a UUID). One that names no game
 * is "Challenge not found", never a free channel, so nobody can squat a game's channel name.
 */
export const isGameChannelName = (channel: string): boolean =>
  channel.startsWith("challenge_") || UUID.test(channel);

export function checkChannelName(channel: string): void {
  if (!NAME.test(channel)) {
    throw badRequest("channel must be 1-128 printable ASCII characters without spaces");
  }
}

/** The players of the game a key names on a free channel (auth mode), or null. */
async function keyGamePlayers(caller: ArenaCaller, channel: string): Promise<string[] | null> {
  const gameId = keyGameOnFreeChannel(caller, channel);
  if (gameId === null) return null;
  return (await query(() => readSeats(gameId)))?.players ?? null;
}

export interface FreeChatSent {
  index: number;
  channel: string;
  from: string;
  to: string | null;
}

/** A message on a free channel; `content` and `to` already read from the body. */
export async function sendFreeChat(
  channel: string,
  content: string,
  to: string | null,
  caller: ArenaCaller,
): Promise<FreeChatSent> {
  checkChannelName(channel);
  const maxChars = env.ARENA_CHAT_MAX_CHARS;
  if (content.length > maxChars) throw badRequest(`content is too long (at most ${maxChars} characters)`);
  if (to !== null && (to.length === 0 || to.length > MAX_IDENTITY_CHARS)) {
    throw badRequest(`to must be 1-${MAX_IDENTITY_CHARS} characters`);
  }
  const from = freeWriter(caller, channel, await keyGamePlayers(caller, channel));
  if (from.length > MAX_IDENTITY_CHARS)
    throw badRequest(`from must be at most ${MAX_IDENTITY_CHARS} characters`);
  await limitFreeChat(caller.clientKey, `${caller.key ? "k" : "f"}:${from}`);
  const now = new Date();
  const maxChannels = env.ARENA_CHAT_MAX_CHANNELS;
  const maxMessages = env.ARENA_CHAT_MAX_MESSAGES;
  const index = await transaction(function* () {
    const idx = yield* bumpChannel(channel, now);
    // A new channel: refused (and rolled back) past the channel limit.
    if (idx === 1 && (yield* countChannels()) > maxChannels) {
      throw badRequest(
        `Too many chat channels are open (at most ${maxChannels}); use an existing one or try later`,
        "TOO_MANY_CHANNELS",
      );
    }
    if (idx > maxMessages) {
      throw badRequest(`This channel is full (${maxMessages} messages)`, "CHANNEL_FULL");
    }
    yield* insertChannelMessage({
      channel,
      idx,
      sender: from,
      recipient: to,
      content,
      type: null,
      createdAt: now,
    });
    return idx;
  });
  publishFreeChannel(channel, index);
  return { index, channel, from, to };
}

/** Whose DMs the caller sees on a free channel (empty: an anonymous viewer). */
export async function freeViewer(channel: string, caller: ArenaCaller): Promise<string[]> {
  checkChannelName(channel);
  return freeReader(caller, channel, await keyGamePlayers(caller, channel));
}

/** A free channel from `index` on, redacted for `viewer`; a channel never written reads empty. */
export async function readFreeChannel(
  channel: string,
  index: number,
  viewer: string[],
  limit = MAX_SYNC_MESSAGES,
): Promise<ChatMessage[]> {
  const rows = await query(() => readChannelMessages(channel, index, limit));
  return rows.map((r) => redactFor(messageView(r), viewer, false));
}

/** Deletes the free channels idle for ARENA_CHAT_RETENTION_SECONDS; returns how many. */
export async function deleteIdleFreeChannels(now = Date.now()): Promise<number> {
  const before = new Date(now - env.ARENA_CHAT_RETENTION_SECONDS * 1000);
  return transaction(() => deleteIdleChannels(before));
}
