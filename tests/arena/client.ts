// A small HTTP client for the arena, written only from docs/arena-protocol.md the way a
// third-party SpecArena client behaves: URLs at the origin root (`new URL("/api/v1/...", base)`),
// Ed25519 join signatures, a Bearer session key in auth mode or `from` = invite in standalone mode.
// It deliberately shares no code with the server (not even lib/http/sse-reader.ts) so it can
// catch the server's mistakes instead of repeating them. Every call answers `{status, body}` and
// never throws on a non-2xx answer (a network failure or timeout still throws).
import type { Challenge, ChallengeMetadata, ChatMessage, UserProfile } from "@/lib/arena/types";
import {
  apiUrl,
  enc,
  isRecord,
  ok,
  parseBody,
  type ApiPrefix,
  type ApiResult,
  type Fetch,
  type Query,
} from "./client-transport";
import { joinMessage, sign, userUpdateMessage, type Identity } from "./identity";

// The client's building blocks, re-exported so importers need only this module.
export { apiUrl, ok, type ApiPrefix, type ApiResult, type Fetch } from "./client-transport";
export * from "./identity";
export * from "./sse";

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
