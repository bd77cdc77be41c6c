// The one client-side reader of text/event-stream bodies (client-safe). fetch is used rather than
// EventSource because the streams answer a POST. Callers type the messages (components/play/sse.ts,
// components/builder/run-state.ts).

export interface SseMessage {
  event: string;
  data: string;
}

/** Splits SSE text into messages; returns the unfinished tail to prepend to the next chunk. */
export function parseSseChunk(buffer: string): { messages: SseMessage[]; rest: string } {
  const messages: SseMessage[] = [];
  // A chunk may end between the \r and the \n of one line break: keep that \r for the next chunk.
  const held = buffer.endsWith("\r") ? "\r" : "";
  const normalized = (held ? buffer.slice(0, -1) : buffer).replace(/\r\n?/g, "\n");
  const blocks = normalized.split("\n\n");
  const rest = (blocks.pop() ?? "") + held;
  for (const block of blocks) {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line === "" || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? "" : line.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
      if (field === "event") event = value;
      else if (field === "data") data.push(value);
    }
    if (data.length > 0) messages.push({ event, data: data.join("\n") });
  }
  return { messages, rest };
}

/** Reads a streamed response body message by message, including an unterminated last one. */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() + "\n\n" : decoder.decode(value, { stream: true });
      const { messages, rest } = parseSseChunk(buffer);
      buffer = rest;
      yield* messages;
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}
