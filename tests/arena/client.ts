// A small HTTP client for the arena, written only from docs/arena-protocol.md the way a
// third-party SpecArena client behaves: URLs at the origin root (`new URL("/api/v1/...", base)`),
// Ed25519 join signatures, a Bearer session key in auth mode or `from` = invite in standalone mode.
// It deliberately shares no code with the server (not even lib/http/sse-reader.ts) so it can
// catch the server's mistakes instead of repeating them. Every call answers `{status, body}` and
// never throws on a non-2xx answer (a network failure or timeout still throws).
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign as edSign,
} from "node:crypto";
import type {
  Challenge,
  ChallengeMetadata,
  ChallengeOperatorState,
  ChatMessage,
  UserProfile,
} from "@/lib/arena/types";

export type ApiPrefix = "/api" | "/api/v1";

export interface ApiResult<T = unknown> {
  status: number;
  /** The parsed JSON body, or the raw text when the body is not JSON (or null when empty). */
  body: T;
}

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface ClientOptions {
  prefix?: ApiPrefix;
  /** Replaces global fetch (unit tests record the requests). */
  fetch?: Fetch;
  /** Per request, default 15 s. */
  timeoutMs?: number;
  /** Start with a known identity instead of joining (e.g. a second client for the same seat). */
  sessionKey?: string;
  from?: string;
}

export interface Identity {
  /** Hex of the SPKI DER public key: 88 hex chars starting with ED25519_SPKI_PREFIX. */
  publicKeyHex: string;
  /** Hex of the PKCS8 DER private key (SpecArena's key-file format). */
  privateKeyHex: string;
  /** sha256 of the public key hex text (UTF-8), hex: the persistent user id in auth mode. */
  userId: string;
}

export const ED25519_SPKI_PREFIX = "302a300506032b6570032100";

export function identityFromPrivateKeyHex(privateKeyHex: string): Identity {
  const privateKey = createPrivateKey({
    key: Buffer.from(privateKeyHex, "hex"),
    format: "der",
    type: "pkcs8",
  });
  if (privateKey.asymmetricKeyType !== "ed25519") throw new Error("not an Ed25519 private key");
  const publicKeyHex = createPublicKey(privateKey).export({ format: "der", type: "spki" }).toString("hex");
  return { publicKeyHex, privateKeyHex, userId: userIdOf(publicKeyHex) };
}

export function makeIdentity(): Identity {
  const { privateKey } = generateKeyPairSync("ed25519");
  return identityFromPrivateKeyHex(privateKey.export({ format: "der", type: "pkcs8" }).toString("hex"));
}

export function userIdOf(publicKeyHex: string): string {
  return createHash("sha256").update(publicKeyHex, "utf8").digest("hex");
}

/** Hex of the 64-byte Ed25519 signature of `message` (UTF-8). */
export function sign(identity: Identity, message: string): string {
  const key = createPrivateKey({
    key: Buffer.from(identity.privateKeyHex, "hex"),
    format: "der",
    type: "pkcs8",
  });
  return edSign(null, Buffer.from(message), key).toString("hex");
}

export function joinMessage(invite: string, timestamp: number): string {
  return `arena:v1:join:${invite}:${timestamp}`;
}

export function userUpdateMessage(timestamp: number): string {
  return `arena:v1:user-update:${timestamp}`;
}

type Query = Record<string, string | number | undefined>;

/** The path part of `base` is discarded on purpose: the reference clients do the same. */
export function apiUrl(base: string, prefix: ApiPrefix | "", path: string, query: Query = {}): URL {
  const url = new URL(`${prefix}${path}`, base);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
  return url;
}

export interface JoinResponse {
  ChallengeID: string;
  ChallengeInfo: ChallengeMetadata;
  sessionKey?: string;
}

export interface ListResponse {
  challenges: Challenge[];
  total: number;
  limit: number;
  offset: number;
  profiles: Record<string, UserProfile>;
}

export interface MessagesResponse {
  messages: ChatMessage[];
  count: number;
}

export interface ListParams {
  type?: string;
  limit?: number;
  offset?: number;
  status?: "open" | "active" | "ended";
}

export type JoinMode = "auth" | "standalone";

export class ArenaClient {
  readonly base: string;
  readonly prefix: ApiPrefix;
  private readonly fetchImpl: Fetch;
  private readonly timeoutMs: number;
  /** Set by a successful auth-mode join: sent as `Authorization: Bearer` on game calls. */
  sessionKey: string | undefined;
  /** The invite: sent as `from` on game calls when there is no session key. */
  from: string | undefined;
  challengeId: string | undefined;

  constructor(base: string, opts: ClientOptions = {}) {
    this.base = base;
    this.prefix = opts.prefix ?? "/api/v1";
    this.fetchImpl = opts.fetch ?? ((input, init) => fetch(input, init));
    this.timeoutMs = opts.timeoutMs ?? 15_000;
    this.sessionKey = opts.sessionKey;
    this.from = opts.from;
  }

  url(path: string, query: Query = {}): URL {
    return apiUrl(this.base, this.prefix, path, query);
  }

  /** Root route, outside the /api prefix. */
  health(): Promise<ApiResult> {
    return this.send("GET", apiUrl(this.base, "", "/health"));
  }

  metadata(name?: string): Promise<ApiResult<Record<string, ChallengeMetadata> | ChallengeMetadata>> {
    return this.send("GET", this.url(name === undefined ? "/metadata" : `/metadata/${enc(name)}`));
  }

  createGame(type: string): Promise<ApiResult<Challenge>> {
    return this.send("POST", this.url(`/challenges/${enc(type)}`));
  }

  listGames(params: ListParams = {}): Promise<ApiResult<ListResponse>> {
    const { type, ...query } = params;
    return this.send("GET", this.url(type === undefined ? "/challenges" : `/challenges/${enc(type)}`, query));
  }

  /**
   * Auth mode signs `arena:v1:join:{invite}:{timestamp}`; standalone sends `{invite, userId?}`.
   * Mode defaults to auth when an identity is given. After the join, a returned `sessionKey` is
   * used as the Bearer key; without one the invite is the `from` of later calls.
   */
  async join(
    invite: string,
    identity?: Identity,
    opts: { mode?: JoinMode; userId?: string; timestamp?: number } = {},
  ): Promise<ApiResult<JoinResponse>> {
    const mode = opts.mode ?? (identity ? "auth" : "standalone");
    let body: Record<string, unknown>;
    if (mode === "auth") {
      if (!identity) throw new Error("auth-mode join needs an identity");
      const timestamp = opts.timestamp ?? Date.now();
      body = {
        invite,
        publicKey: identity.publicKeyHex,
        signature: sign(identity, joinMessage(invite, timestamp)),
        timestamp,
      };
    } else {
      body = { invite };
      const userId = opts.userId ?? identity?.userId;
      if (userId !== undefined) body.userId = userId;
    }
    // A join carries no earlier seat's key: the new seat's identity is in the body.
    const res = await this.send<JoinResponse>("POST", this.url("/arena/join"), body, { anonymous: true });
    if (ok(res) && isRecord(res.body)) {
      if (typeof res.body.ChallengeID === "string") this.challengeId = res.body.ChallengeID;
      if (typeof res.body.sessionKey === "string") this.sessionKey = res.body.sessionKey;
      else this.from = invite;
    }
    return res;
  }

  act(challengeId: string, messageType: string, content: string): Promise<ApiResult<{ ok: string }>> {
    return this.send(
      "POST",
      this.url("/arena/message"),
      this.withFrom({ challengeId, messageType, content }),
    );
  }

  /** The operator channel `challenge_<id>`: messages with index ≥ `index` (1-based). */
  syncOperator(challengeId: string, index: number): Promise<ApiResult<MessagesResponse>> {
    return this.send("GET", this.url("/arena/sync", this.fromQuery({ channel: challengeId, index })));
  }

  /** A broadcast when `to` is omitted. */
  chat(
    channel: string,
    content: string,
    to?: string,
  ): Promise<ApiResult<{ index: number; channel: string; from: string; to: string | null }>> {
    const body: Record<string, unknown> = { channel, content };
    if (to !== undefined) body.to = to;
    return this.send("POST", this.url("/chat/send"), this.withFrom(body));
  }

  syncChat(channel: string, index: number): Promise<ApiResult<MessagesResponse>> {
    return this.send("GET", this.url("/chat/sync", this.fromQuery({ channel, index })));
  }

  scoring(type?: string): Promise<ApiResult> {
    return this.send("GET", this.url(type === undefined ? "/scoring" : `/scoring/${enc(type)}`));
  }

  user(id: string): Promise<ApiResult<UserProfile>> {
    return this.send("GET", this.url(`/users/${enc(id)}`));
  }

  /**
   * With an identity the update is signed (`arena:v1:user-update:{timestamp}`, auth mode);
   * without one it goes as-is (standalone servers take `from`/`userId` — see the README).
   */
  updateProfile(
    profile: { username?: string; model?: string; userId?: string },
    identity?: Identity,
    timestamp: number = Date.now(),
  ): Promise<ApiResult<UserProfile>> {
    const body: Record<string, unknown> = { ...profile };
    if (identity) {
      body.publicKey = identity.publicKeyHex;
      body.signature = sign(identity, userUpdateMessage(timestamp));
      body.timestamp = timestamp;
    }
    return this.send("POST", this.url("/users"), body);
  }

  invite(code: string): Promise<ApiResult<Challenge>> {
    return this.send("GET", this.url(`/invites/${enc(code)}`));
  }

  stats(): Promise<ApiResult> {
    return this.send("GET", this.url("/stats"));
  }

  /** Any route, for tests of the edges (raw bodies, other methods). */
  async send<T = unknown>(
    method: string,
    url: URL,
    body?: unknown,
    extra: { headers?: Record<string, string>; rawBody?: string; anonymous?: boolean } = {},
  ): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { accept: "application/json", ...extra.headers };
    if (this.sessionKey !== undefined && !extra.anonymous)
      headers.authorization = `Bearer ${this.sessionKey}`;
    let payload: string | undefined = extra.rawBody;
    if (payload === undefined && body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined) headers["content-type"] ??= "application/json";
    const res = await this.fetchImpl(url.toString(), {
      method,
      headers,
      body: payload,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    return { status: res.status, body: parseBody(await res.text()) as T };
  }

  private withFrom(body: Record<string, unknown>): Record<string, unknown> {
    return this.sessionKey === undefined && this.from !== undefined ? { ...body, from: this.from } : body;
  }

  private fromQuery(query: Query): Query {
    return this.sessionKey === undefined && this.from !== undefined ? { ...query, from: this.from } : query;
  }
}

export function ok(res: ApiResult): boolean {
  return res.status >= 200 && res.status < 300;
}

function enc(segment: string): string {
  return encodeURIComponent(segment);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function parseBody(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

// ───────────── SSE (GET /api/v1/chat/ws/:channel) ─────────────

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
