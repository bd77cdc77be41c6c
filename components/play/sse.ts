import { readSse, type SseMessage } from "@/lib/http/sse-reader";

// The attempt route's stream as the player's events (client-safe).

/**
 * The events of the attempt stream (the player's view of a run). Unknown events and malformed
 * data are skipped, so the page keeps working when the server adds an event.
 */
export type PlayerStreamEvent =
  | { type: "run_started" }
  | { type: "progress"; stage: "answering" | "checking" }
  | { type: "answer_delta"; delta: string }
  | { type: "answer"; text: string }
  | { type: "reproducing"; done: number; runs: number }
  | { type: "attempt"; result: unknown }
  | { type: "error"; message: string | null };

export function toPlayerEvent(message: SseMessage): PlayerStreamEvent | null {
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    return null;
  }
  const record = data && typeof data === "object" ? (data as Record<string, unknown>) : {};
  switch (message.event) {
    case "run_started":
      return { type: "run_started" };
    case "progress":
      return record.stage === "answering" || record.stage === "checking"
        ? { type: "progress", stage: record.stage }
        : null;
    case "answer_delta":
      return typeof record.delta === "string" ? { type: "answer_delta", delta: record.delta } : null;
    case "answer":
      return typeof record.text === "string" ? { type: "answer", text: record.text } : null;
    case "reproducing":
      return typeof record.done === "number" && typeof record.runs === "number"
        ? { type: "reproducing", done: record.done, runs: record.runs }
        : null;
    case "attempt":
      return { type: "attempt", result: data };
    case "error": {
      const error = record.error as { message?: unknown } | undefined;
      return { type: "error", message: typeof error?.message === "string" ? error.message : null };
    }
    default:
      return null;
  }
}

/** readSse, as player events. */
export async function* readPlayerEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<PlayerStreamEvent> {
  for await (const message of readSse(body)) {
    const event = toPlayerEvent(message);
    if (event) yield event;
  }
}
