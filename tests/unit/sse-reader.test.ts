// The one client-side reader of text/event-stream bodies, used by the play page and the builder's
// test run (each types the messages itself: play-sse.test.ts, builder-model.test.ts).
import { describe, expect, it } from "vitest";
import { parseSseChunk, readSse } from "@/lib/http/sse-reader";

function body(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(encoder.encode(chunk));
      c.close();
    },
  });
}

async function readAll(stream: ReadableStream<Uint8Array>) {
  const got = [];
  for await (const m of readSse(stream)) got.push(m);
  return got;
}

describe("readSse", () => {
  it("parses SSE messages across chunk boundaries", () => {
    const first = parseSseChunk('event: node_started\ndata: {"a":1}\n\nevent: text_del');
    expect(first.messages).toEqual([{ event: "node_started", data: '{"a":1}' }]);
    const second = parseSseChunk(`${first.rest}ta\ndata: x\ndata: y\n\n: comment\n\n`);
    expect(second.messages).toEqual([{ event: "text_delta", data: "x\ny" }]);
    expect(second.rest).toBe("");
  });

  it("reads a streamed body to the end, including an unterminated last message", async () => {
    expect(await readAll(body("event: a\ndata: 1\n\nevent: b\nda", "ta: 2"))).toEqual([
      { event: "a", data: "1" },
      { event: "b", data: "2" },
    ]);
  });

  it("reads CRLF line breaks, also when a chunk ends between \\r and \\n", async () => {
    expect(await readAll(body("event: a\r", "\ndata: 1\r\n\r", "\nevent: b\rdata: 2\r\r"))).toEqual([
      { event: "a", data: "1" },
      { event: "b", data: "2" },
    ]);
  });

  it("names a message without an event line 'message' and skips blocks without data", async () => {
    expect(await readAll(body(": keep-alive\n\nevent: empty\n\ndata: plain\n\n"))).toEqual([
      { event: "message", data: "plain" },
    ]);
  });

  it("decodes a multi-byte character split across chunks", async () => {
    const bytes = new TextEncoder().encode("data: é…\n\n");
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes.slice(0, 7));
        c.enqueue(bytes.slice(7));
        c.close();
      },
    });
    expect(await readAll(stream)).toEqual([{ event: "message", data: "é…" }]);
  });
});
