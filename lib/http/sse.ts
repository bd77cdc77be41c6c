import "server-only";

// Server-Sent Events for route handlers: an async source of events becomes a streamed Response,
// one `event:`/`data:` frame per event, read as the client pulls.

export interface SseEvent {
  event: string;
  data: unknown;
}

export function sseFrame({ event, data }: SseEvent): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

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
