// Direct SQL: a Prisma version cost 4-12x the CPU per chat send and sync in process (SQLite send 0.12-0.19 -> 1.6 ms).
import "server-only";
import { redactFor } from "@/lib/arena/redact";
import { query } from "@/lib/db/sql";
import { ssePush, type SseSink } from "@/lib/http/sse";
import { type ArenaCaller, readerInvites } from "@/lib/services/arena/caller";
import { MAX_STREAMS_PER_CLIENT } from "@/lib/services/arena/config";
import { checkChannelName, freeViewer, isGameChannelName } from "@/lib/services/arena/channels";
import { ArenaError, GAME_NOT_FOUND, notFound } from "@/lib/services/arena/errors";
import { type ChannelKind, joinHub, pokeHub, type Subscriber } from "@/lib/services/arena/hub";
import { endedState } from "@/lib/services/arena/read";
import { readGame, readInvites, readMessages, type MessageRow } from "@/lib/services/arena/store";
import { readChannelMessages } from "@/lib/services/arena/store-channels";
import { gameIdOfChannel, messageView, playersOf } from "@/lib/services/arena/views";

// `GET /api/v1/chat/ws/:channel`: unnamed SSE events, `data: <json>\n\n` each — `initial` (the
// history, redacted for this viewer), `new_message` per append, `game_ended` with the operator
// state and profiles, and a `: ping` comment every 30 s. The viewer's key is checked here too.
// A name that is no game's is a free chat channel (channels.ts): its history and new messages,
// DMs redacted for all but their two ends, and never a `game_ended`.

const PING_MS = 30_000;
const HISTORY_LIMIT = 10_000;

const openStreams = new Map<string, number>();

/**
 * `client`: the caller's address key; each may hold MAX_STREAMS_PER_CLIENT streams at once.
 * `gamesOnly`: a name of no game is "Challenge not found" instead of a free channel.
 */
export async function channelStream(
  channel: string,
  caller: ArenaCaller,
  client = "local",
  opts: { gamesOnly?: boolean } = {},
): Promise<Response> {
  if ((openStreams.get(client) ?? 0) >= MAX_STREAMS_PER_CLIENT) {
    throw new ArenaError(429, "Too many open streams from this address");
  }
  const gameId = gameIdOfChannel(channel);
  const game = await query(() => readGame(gameId));
  let kind: ChannelKind = "game";
  let viewer: string[];
  if (game) {
    const invites = await query(() => readInvites([gameId]));
    viewer = readerInvites(caller, gameId, playersOf(invites));
  } else {
    if (opts.gamesOnly || isGameChannelName(channel)) throw notFound(GAME_NOT_FOUND);
    checkChannelName(channel);
    kind = "free";
    viewer = await freeViewer(channel, caller);
  }

  let sink: SseSink | undefined;
  const send = (data: unknown) => void sink?.send({ data });
  const sendEnded = async () => {
    if (kind === "free") return;
    const data = await endedState(gameId).catch(() => null);
    if (data) send({ type: "game_ended", data });
  };
  const sub: Subscriber = {
    viewer,
    sent: Number.POSITIVE_INFINITY, // nothing from the hub until the history is out
    ended: false,
    onMessage: (message) => send({ type: "new_message", message }),
    onEnded: () => void sendEnded(),
  };
  let leave: (() => void) | undefined;
  let ping: NodeJS.Timeout | undefined;
  openStreams.set(client, (openStreams.get(client) ?? 0) + 1);
  let counted = true;
  const stop = () => {
    clearInterval(ping);
    leave?.();
    if (counted) {
      counted = false;
      const n = (openStreams.get(client) ?? 1) - 1;
      if (n <= 0) openStreams.delete(client);
      else openStreams.set(client, n);
    }
  };

  return ssePush(
    {
      async start(s) {
        sink = s;
        leave = await joinHub(channel, sub, kind);
        const [now, rows] = await Promise.all([
          kind === "game" ? query(() => readGame(gameId)) : Promise.resolve(undefined),
          query<MessageRow[]>(() =>
            kind === "game"
              ? readMessages(channel, 0, HISTORY_LIMIT)
              : readChannelMessages(channel, 0, HISTORY_LIMIT),
          ),
        ]);
        const ended = now?.status === "ended";
        send({ type: "initial", messages: rows.map((r) => redactFor(messageView(r), viewer, ended)) });
        sub.sent = rows.length ? rows[rows.length - 1]!.idx : 0;
        if (ended) {
          sub.ended = true;
          await sendEnded();
        }
        pokeHub(channel, kind);
        ping = setInterval(() => {
          if (!s.comment("ping")) stop();
        }, PING_MS);
        ping.unref?.();
      },
      stop,
    },
    { headers: { connection: "keep-alive" } },
  );
}
