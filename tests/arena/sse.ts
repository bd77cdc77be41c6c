// The arena's event stream (GET /api/v1/chat/ws/:channel) read as a third-party client would:
// an incremental text/event-stream parser, the arena's event shapes and a subscriber.
import type { ChallengeOperatorState, ChatMessage, UserProfile } from "@/lib/arena/types";
import {
  apiUrl,
  enc,
  isRecord,
  ok,
  parseBody,
  type ApiPrefix,
  type ApiResult,
  type Fetch,
} from "./client-transport";

export interface SseFrame {
  /** Absent for unnamed events (the arena sends only unnamed ones). */
  event?: string;
  data: string;
}

/**
 * Incremental text/event-stream parser (WHATWG rules): lines end in \n, \r\n or \r (also when a
 * chunk ends between \r and \n); `:` lines are comments; data lines join with \n; a blank line
 * dispatches; an unterminated last frame is discarded at the end of the stream.
 */
export class SseParser {
  private buffer = "";
  private data: string[] = [];
  private event: string | undefined;
  private hasData = false;

  push(text: string): SseFrame[] {
    this.buffer += text;
    const frames: SseFrame[] = [];
    for (;;) {
      const m = /\r\n|\r|\n/.exec(this.buffer);
      if (!m) break;
      // A trailing \r may be the first half of \r\n: wait for the next chunk.
      if (m[0] === "\r" && m.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, m.index);
      this.buffer = this.buffer.slice(m.index + m[0].length);
      const frame = this.line(line);
      if (frame) frames.push(frame);
    }
    return frames;
  }

  /** The stream ended: a held \r still ends its line; a frame without its blank line is dropped. */
  end(): SseFrame[] {
    const frames = this.buffer.endsWith("\r") ? this.push("\n") : [];
    this.buffer = "";
    this.data = [];
    this.hasData = false;
    this.event = undefined;
    return frames;
  }

  private line(line: string): SseFrame | undefined {
    if (line === "") {
      const frame = this.hasData
        ? { data: this.data.join("\n"), ...(this.event ? { event: this.event } : {}) }
        : undefined;
      this.data = [];
      this.hasData = false;
      this.event = undefined;
      return frame;
    }
    if (line.startsWith(":")) return undefined;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") {
      this.data.push(value);
      this.hasData = true;
    } else if (field === "event") this.event = value;
    return undefined;
  }
}

export type GameEndedData = ChallengeOperatorState & { profiles?: Record<string, UserProfile> };

export type ArenaStreamEvent =
  | { type: "initial"; messages: ChatMessage[] }
  | { type: "new_message"; message: ChatMessage }
  | { type: "game_ended"; data: GameEndedData }
  /** Valid JSON of another shape, or (`invalid`) a data line that is not JSON: kept for tests. */
  | { type: "unknown"; value: unknown }
  | { type: "invalid"; data: string };

export function decodeArenaEvent(frame: SseFrame): ArenaStreamEvent {
  let value: unknown;
  try {
    value = JSON.parse(frame.data);
  } catch {
    return { type: "invalid", data: frame.data };
  }
  if (isRecord(value)) {
    if (value.type === "initial" && Array.isArray(value.messages))
      return { type: "initial", messages: value.messages as ChatMessage[] };
    if (value.type === "new_message" && isRecord(value.message))
      return { type: "new_message", message: value.message as unknown as ChatMessage };
    if (value.type === "game_ended" && isRecord(value.data))
      return { type: "game_ended", data: value.data as unknown as GameEndedData };
  }
  return { type: "unknown", value };
}

/** Reads a whole event-stream body, calling `onEvent` per frame; resolves at the end of the body. */
export async function readArenaEvents(
  stream: ReadableStream<Uint8Array>,
  onEvent: (event: ArenaStreamEvent) => void,
): Promise<void> {
  const parser = new SseParser();
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const frame of parser.push(decoder.decode(value, { stream: true })))
        onEvent(decodeArenaEvent(frame));
    }
    for (const frame of parser.push(decoder.decode())) onEvent(decodeArenaEvent(frame));
    for (const frame of parser.end()) onEvent(decodeArenaEvent(frame));
  } finally {
    reader.releaseLock();
  }
}

export interface StreamOptions {
  /** Session key, sent as `Authorization: Bearer`. */
  key?: string;
  /** Standalone identity, sent as `?from=`. */
  from?: string;
  prefix?: ApiPrefix;
  onEvent: (event: ArenaStreamEvent) => void;
  signal?: AbortSignal;
  fetch?: Fetch;
}

/**
 * Subscribes to `GET {prefix}/chat/ws/:channel`. Resolves when the server closes the stream or
 * `signal` aborts; a non-2xx answer resolves at once with its status and body (no events).
 */
export async function streamChannel(base: string, channel: string, opts: StreamOptions): Promise<ApiResult> {
  const url = apiUrl(base, opts.prefix ?? "/api/v1", `/chat/ws/${enc(channel)}`, { from: opts.from });
  const headers: Record<string, string> = { accept: "text/event-stream" };
  if (opts.key !== undefined) headers.authorization = `Bearer ${opts.key}`;
  const fetchImpl = opts.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  let res: Response;
  try {
    res = await fetchImpl(url.toString(), { headers, signal: opts.signal });
  } catch (err) {
    if (opts.signal?.aborted) return { status: 0, body: null };
    throw err;
  }
  if (!ok({ status: res.status, body: null }) || !res.body) {
    return { status: res.status, body: parseBody(await res.text()) };
  }
  try {
    await readArenaEvents(res.body, opts.onEvent);
  } catch (err) {
    if (!opts.signal?.aborted) throw err;
  }
  return { status: res.status, body: null };
}
