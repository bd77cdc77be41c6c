import { describe, expect, it } from "vitest";
import { asyncQueue } from "@/lib/async-queue";
import { sseFrame, ssePush, sseResponse, type SseEvent, type SseSink } from "@/lib/http/sse";

describe("sseResponse", () => {
  it("writes one frame per event with the stream headers", async () => {
    async function* events(): AsyncGenerator<SseEvent> {
      yield* [
        { event: "a", data: { n: 1 } },
        { event: "b", data: "x\ny" },
      ];
      await Promise.resolve();
    }
    const res = sseResponse(events(), { status: 201, headers: { "cache-control": "no-cache" } });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("x-accel-buffering")).toBe("no");
    expect(await res.text()).toBe('event: a\ndata: {"n":1}\n\nevent: b\ndata: "x\\ny"\n\n');
  });

  it("stops the source when the client goes away", async () => {
    let finished = false;
    async function* events(): AsyncGenerator<SseEvent> {
      try {
        for (let i = 0; ; i++) yield await Promise.resolve({ event: "tick", data: i });
      } finally {
        finished = true;
      }
    }
    const reader = sseResponse(events()).body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(sseFrame({ event: "tick", data: 0 }));
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(finished).toBe(true);
  });
});

describe("asyncQueue as an SSE source", () => {
  it("yields what was pushed before and after reading starts, then ends", async () => {
    const source = asyncQueue<SseEvent>();
    source.push({ event: "early", data: 1 });
    const res = sseResponse(source.items);
    setTimeout(() => {
      source.push({ event: "late", data: 2 });
      source.end();
      source.push({ event: "ignored", data: 3 });
    }, 5);
    expect(await res.text()).toBe("event: early\ndata: 1\n\nevent: late\ndata: 2\n\n");
  });

  it("drops events once the reader has gone", async () => {
    const source = asyncQueue<SseEvent>();
    const reader = sseResponse(source.items).body!.getReader();
    source.push({ event: "one", data: 1 });
    await reader.read();
    await reader.cancel();
    source.push({ event: "two", data: 2 });
    const next = await source.items[Symbol.asyncIterator]().next();
    expect(next.done).toBe(true);
  });
});

describe("ssePush", () => {
  it("frames unnamed messages, named events and comments as they are pushed", async () => {
    const res = ssePush(
      {
        start(sink) {
          sink.send({ data: { type: "initial" } });
          sink.send({ event: "named", data: 1 });
          sink.comment("ping");
          return Promise.resolve();
        },
        stop: () => undefined,
      },
      { headers: { connection: "keep-alive" } },
    );
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(res.headers.get("connection")).toBe("keep-alive");
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.endsWith(": ping\n\n")) text += decoder.decode((await reader.read()).value);
    expect(text).toBe('data: {"type":"initial"}\n\nevent: named\ndata: 1\n\n: ping\n\n');
    await reader.cancel();
  });

  it("stops the source once when the client goes away and drops later writes", async () => {
    let sink: SseSink | undefined;
    let stops = 0;
    const reader = ssePush({
      start(s) {
        sink = s;
        return Promise.resolve();
      },
      stop: () => void stops++,
    }).body!.getReader();
    expect(sink!.send({ data: 1 })).toBe(true);
    await reader.read();
    await reader.cancel();
    expect(stops).toBe(1);
    expect(sink!.send({ data: 2 })).toBe(false);
    expect(sink!.comment("ping")).toBe(false);
  });

  it("fails the stream and stops the source when start throws", async () => {
    let stops = 0;
    const res = ssePush({ start: () => Promise.reject(new Error("boom")), stop: () => void stops++ });
    await expect(res.text()).rejects.toThrow("boom");
    expect(stops).toBe(1);
  });
});
