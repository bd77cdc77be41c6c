import { createServer, type Server } from "node:http";
import { NextRequest } from "next/server";
import { GET as streamRouteV1 } from "@/app/api/v1/chat/ws/[channel]/route";
import { GET as streamRoute } from "@/app/api/chat/ws/[channel]/route";
import { installPeerAddressHook, PEER_ADDRESS_HEADER } from "@/lib/http/peer-address";
import { listenOnLoopback, type LoopbackServer } from "./loopback";

// The arena's SSE stream over real HTTP: a server in the test process hands
// `/api[/v1]/chat/ws/:channel` to the route handler and streams its body as `next start` does —
// chunk by chunk, and cancelling the body when the client goes away. Viewers read it with fetch.

/** One `data:` frame of the stream. */
export type Frame = {
  type: string;
  messages?: { index: number; from: string; content: string; to?: string; redacted?: boolean }[];
  message?: {
    index: number;
    from: string;
    content: string;
    to?: string;
    redacted?: boolean;
    channel: string;
  };
  data?: Record<string, unknown>;
};

/** Cuts a stream's bytes into frames: `push` each chunk read, `take` the next whole frame (comments skipped). */
export function frameParser() {
  const decoder = new TextDecoder();
  let buffer = "";
  return {
    push(chunk: Uint8Array): void {
      buffer += decoder.decode(chunk, { stream: true });
    },
    take(): Frame | undefined {
      for (;;) {
        const cut = buffer.indexOf("\n\n");
        if (cut < 0) return undefined;
        const raw = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (!raw.startsWith(":")) return JSON.parse(raw.replace(/^data: /, "")) as Frame;
      }
    },
  };
}

/** Only a safety net for a broken stream: tests wait for events, never for time. */
const SAFETY_MS = 30_000;

export type SseServer = LoopbackServer;

export async function startSseServer(): Promise<SseServer> {
  installPeerAddressHook();
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://localhost:3000");
      const m = /^\/api(\/v1)?\/chat\/ws\/([^/]+)$/.exec(url.pathname);
      if (!m) {
        res.writeHead(404).end();
        return;
      }
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      headers.set(PEER_ADDRESS_HEADER, req.socket.remoteAddress ?? "127.0.0.1");
      const handler = m[1] ? streamRouteV1 : streamRoute;
      const answer = await handler(new NextRequest(url, { headers }), {
        params: Promise.resolve({ channel: decodeURIComponent(m[2]!) }),
      });
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      if (!answer.body) return void res.end();
      const reader = answer.body.getReader();
      res.on("close", () => void reader.cancel().catch(() => undefined));
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
        if (chunk.done) break;
        res.write(chunk.value);
      }
      res.end();
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  return listenOnLoopback(server);
}

export interface Viewer {
  status: number;
  /** The answer's JSON body when the stream was refused. */
  error?: unknown;
  /** The next frame (comments skipped); throws after the safety timeout. */
  next(): Promise<Frame>;
  /** Frames until one of type `type` (returned; the ones before it are in `skipped`). */
  until(type: string, skipped?: Frame[]): Promise<Frame>;
  close(): void;
}

/** Opens `GET {prefix}/chat/ws/{channel}` as a viewer (with a session key, when given). */
export async function openViewer(
  server: SseServer,
  channel: string,
  opts: { key?: string; query?: string; prefix?: "/api" | "/api/v1" } = {},
): Promise<Viewer> {
  const abort = new AbortController();
  const headers: Record<string, string> = { accept: "text/event-stream" };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  const path = `${opts.prefix ?? "/api"}/chat/ws/${encodeURIComponent(channel)}${opts.query ? `?${opts.query}` : ""}`;
  const res = await fetch(new URL(path, server.url), { headers, signal: abort.signal });
  if (res.status !== 200) {
    const error = await res.json().catch(() => undefined);
    return {
      status: res.status,
      error,
      next: () => Promise.reject(new Error(`stream refused: ${res.status}`)),
      until: () => Promise.reject(new Error(`stream refused: ${res.status}`)),
      close: () => abort.abort(),
    };
  }
  const reader = res.body!.getReader();
  const frames = frameParser();
  const next = async (): Promise<Frame> => {
    let timer: NodeJS.Timeout | undefined;
    const safety = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no SSE frame on ${channel} within ${SAFETY_MS} ms`)),
        SAFETY_MS,
      );
    });
    try {
      for (;;) {
        const frame = frames.take();
        if (frame) return frame;
        const chunk = await Promise.race([reader.read(), safety]);
        if (chunk.done) throw new Error(`SSE stream on ${channel} ended`);
        frames.push(chunk.value);
      }
    } finally {
      clearTimeout(timer);
    }
  };
  const until = async (type: string, skipped: Frame[] = []): Promise<Frame> => {
    for (;;) {
      const frame = await next();
      if (frame.type === type) return frame;
      skipped.push(frame);
    }
  };
  return {
    status: res.status,
    next,
    until,
    close: () => {
      void reader.cancel().catch(() => undefined);
      abort.abort();
    },
  };
}
