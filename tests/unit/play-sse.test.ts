// The play page's reader of the attempt stream: only the player's events count; anything else
// (a trace event such as text_delta or node_finished, malformed data) is skipped.
import { describe, expect, it } from "vitest";
import { readPlayerEvents, toPlayerEvent } from "@/components/play/sse";

function body(text: string, pieces = 7): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const size = Math.ceil(bytes.length / pieces);
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
      controller.close();
    },
  });
}

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

describe("readPlayerEvents", () => {
  it("yields the player's events and skips trace events and malformed data", async () => {
    const text =
      sse("run_started", { type: "run_started" }) +
      sse("text_delta", { type: "text_delta", nodeId: "guard", delta: "N-I-G-H-T" }) +
      sse("node_finished", { type: "node_finished", nodeId: "watcher", outputs: { judge_raw: "{}" } }) +
      sse("progress", { type: "progress", stage: "answering", message: "…" }) +
      sse("progress", { type: "progress", stage: "elsewhere" }) +
      sse("answer_delta", { type: "answer_delta", delta: "Hello " }) +
      sse("answer_delta", { type: "answer_delta", delta: 42 }) +
      "event: answer\ndata: {not json\n\n" +
      sse("answer", { type: "answer", text: "Hello there" }) +
      sse("attempt", { attempt_id: "a1", answer: "Hello there" });
    const events = [];
    for await (const e of readPlayerEvents(body(text))) events.push(e);
    expect(events).toEqual([
      { type: "run_started" },
      { type: "progress", stage: "answering" },
      { type: "answer_delta", delta: "Hello " },
      { type: "answer", text: "Hello there" },
      { type: "attempt", result: { attempt_id: "a1", answer: "Hello there" } },
    ]);
  });

  it("reads an error event's message", () => {
    expect(toPlayerEvent({ event: "error", data: JSON.stringify({ error: { code: "x", message: "Nope" } }) })).toEqual({
      type: "error",
      message: "Nope",
    });
    expect(toPlayerEvent({ event: "error", data: "{}" })).toEqual({ type: "error", message: null });
  });
});
