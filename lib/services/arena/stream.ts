import "server-only";
import { redactFor } from "@/lib/arena/redact";
import { query } from "@/lib/db/sql";
import { type ArenaCaller, readerInvites } from "@/lib/services/arena/caller";
import { GAME_NOT_FOUND, notFound } from "@/lib/services/arena/errors";
import { joinHub, pokeHub, type Subscriber } from "@/lib/services/arena/hub";
import { endedState } from "@/lib/services/arena/read";
import { readGame, readInvites, readMessages } from "@/lib/services/arena/store";
import { gameIdOfChannel, messageView, playersOf } from "@/lib/services/arena/views";

// `GET /api/v1/chat/ws/:channel`: unnamed SSE events, `data: <json>\n\n` each — `initial` (the
// history, redacted for this viewer), `new_message` per append, `game_ended` with the operator
// state and profiles, and a `: ping` comment every 30 s. The viewer's key is checked here too.

const PING_MS = 30_000;
const HISTORY_LIMIT = 10_000;

export async function channelStream(channel: string, caller: ArenaCaller): Promise<Response> {
  const gameId = gameIdOfChannel(channel);
  const game = await query(() => readGame(gameId));
  if (!game) throw notFound(GAME_NOT_FOUND);
  const invites = await query(() => readInvites([gameId]));
  const viewer = readerInvites(caller, gameId, playersOf(invites));

  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  const send = (data: unknown) => {
    if (closed) return;
    try {
      controller.enqueue(encoder.encode(`data: ${JSON.stringify(data)}\n\n`));
    } catch {
      closed = true;
    }
  };
  const sendEnded = async () => {
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
  const stop = () => {
    closed = true;
    clearInterval(ping);
    leave?.();
  };

  const stream = new ReadableStream<Uint8Array>({
    async start(c) {
      controller = c;
      leave = await joinHub(channel, sub);
      const [now, rows] = await Promise.all([
        query(() => readGame(gameId)),
        query(() => readMessages(channel, 0, HISTORY_LIMIT)),
      ]);
      const ended = now?.status === "ended";
      send({ type: "initial", messages: rows.map((r) => redactFor(messageView(r), viewer, ended)) });
      sub.sent = rows.length ? rows[rows.length - 1]!.idx : 0;
      if (ended) {
        sub.ended = true;
        await sendEnded();
      }
      pokeHub(channel);
      ping = setInterval(() => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(": ping\n\n"));
        } catch {
          stop();
        }
      }, PING_MS);
      ping.unref?.();
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store, no-transform",
      "x-accel-buffering": "no",
      connection: "keep-alive",
    },
  });
}
