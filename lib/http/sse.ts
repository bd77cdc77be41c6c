import "server-only";

// Server-Sent Events for route handlers, one `event:`/`data:` frame per event: an async source
// read as the client pulls (sseResponse), or a source that pushes as things happen (ssePush).

export interface SseEvent {
  /** Left out: an unnamed message (no `event:` line), which readers see as `message`. */
  event?: string;
  data: unknown;
}

export function sseFrame({ event, data }: SseEvent): string {
  return `${event === undefined ? "" : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`;
}

/** A comment frame (e.g. a keep-alive ping): readers skip it. */
export const sseComment = (text: string): string => `: ${text}\n\n`;

const BASE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-store, no-transform",
  // Proxies such as nginx would otherwise hold the events back until the response ends.
  "x-accel-buffering": "no",
};

/**
 * Streams `events` as SSE. A client that goes away stops the source (its iterator is returned),
 * which ends a generator at its current `yield`. The source reports its own failures as events:
 * an error thrown by it fails the stream. `headers` add to or override the defaults.
 */
export function sseResponse(
  events: AsyncIterable<SseEvent>,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  const encoder = new TextEncoder();
  const iterator = events[Symbol.asyncIterator]();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(sseFrame(next.value)));
    },
    cancel() {
      // Not awaited: a source busy producing its next event finishes that first.
      iterator.return?.().catch(() => undefined);
    },
  });
  return new Response(stream, { status: init.status ?? 200, headers: { ...BASE_HEADERS, ...init.headers } });
}

/** Where a pushing source writes; each write is false once the stream is closed or failed. */
export interface SseSink {
  send(event: SseEvent): boolean;
  comment(text: string): boolean;
}

/**
 * Streams what `source.start` pushes into its sink, as things happen (a hub's messages, pings).
 * `source.stop` runs once when the client goes away or `start` throws (which fails the stream);
 * writes after that are dropped. `headers` add to or override the defaults.
 */
export function ssePush(
  source: { start(sink: SseSink): Promise<void>; stop(): void },
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  const write = (text: string): boolean => {
    if (closed) return false;
    try {
      controller.enqueue(encoder.encode(text));
      return true;
    } catch {
      closed = true;
      return false;
    }
  };
  const sink: SseSink = { send: (event) => write(sseFrame(event)), comment: (text) => write(sseComment(text)) };
  const stream = new ReadableStream<Uint8Array>({
    async start(c) {
      controller = c;
      try {
        await source.start(sink);
      } catch (err) {
        closed = true;
        source.stop();
        c.error(err);
      }
    },
    cancel() {
      closed = true;
      source.stop();
    },
  });
  return new Response(stream, { status: init.status ?? 200, headers: { ...BASE_HEADERS, ...init.headers } });
}
