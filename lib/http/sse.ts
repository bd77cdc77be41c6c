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

/**
 * An async source fed by callbacks: `push` queues an event, `end` finishes the source after the
 * queued ones. For producers that report through callbacks rather than yield (the attempt run).
 * Once the reader has gone, further events are dropped.
 */
export function pushSource(): {
  push: (event: SseEvent) => void;
  end: () => void;
  events: AsyncIterable<SseEvent>;
} {
  const queue: SseEvent[] = [];
  let ended = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  const iterator: AsyncIterator<SseEvent> = {
    async next() {
      for (;;) {
        const value = queue.shift();
        if (value) return { done: false, value };
        if (ended) return { done: true, value: undefined };
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    return() {
      ended = true;
      queue.length = 0;
      notify();
      return Promise.resolve({ done: true, value: undefined });
    },
  };
  return {
    push(event) {
      if (ended) return;
      queue.push(event);
      notify();
    },
    end() {
      ended = true;
      notify();
    },
    events: { [Symbol.asyncIterator]: () => iterator },
  };
}
