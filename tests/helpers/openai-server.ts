import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { resetEnvForTests } from "@/lib/env";

// A small OpenAI-compatible server for tests: POST /v1/chat/completions and POST /v1/responses,
// JSON or SSE (streamed in several chunks, with usage), in the wire formats @ai-sdk/openai
// parses. It records every request and can be told to fail the next N requests.

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface ReplyContext {
  api: "chat" | "responses";
  model: string;
  /** Text of each input message, with its role ("developer" is reported as "system"). */
  messages: { role: string; text: string }[];
  stream: boolean;
}

export interface Failure {
  status: number;
  message?: string;
  /** Sent as retry-after-ms so the AI SDK's retries do not wait seconds in tests. */
  retryAfterMs?: number;
  /** Sent as is (as application/json) instead of the OpenAI error object, e.g. malformed JSON. */
  rawBody?: string;
}

export interface OpenAITestServer {
  /** Base URL including /v1, for OPENAI_BASE_URL or a provider's baseUrl. */
  url: string;
  requests: RecordedRequest[];
  /** Fails the next `count` model requests with this status (default 500). */
  failNext(count: number, failure?: Partial<Failure>): void;
  setReply(reply: string | ((ctx: ReplyContext) => string)): void;
  /** The most model requests this server was answering at once (a count, not a timing). */
  readonly maxInFlight: number;
  /**
   * Holds every model request until `n` are in flight at once, then answers them all (a barrier:
   * callers that do not run `n` requests in parallel never get an answer). 0: no hold.
   */
  holdUntil(n: number): void;
  /** Clears recorded requests, pending failures, a custom reply, the hold and maxInFlight. */
  reset(): void;
  close(): Promise<void>;
}

/** The default reply, so tests can predict it. */
export function defaultReply(ctx: ReplyContext): string {
  const lastUser = ctx.messages.filter((m) => m.role === "user").at(-1)?.text ?? "";
  return `Hello from the test server (${ctx.api}, ${ctx.model}). You said: ${lastUser}`;
}

/** The server's token count: words, so tests can compute the usage they expect. */
export function countTokens(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Stream deltas of two words each (with their spacing), at least two for two words or more. */
export function splitDeltas(text: string): string[] {
  const words = text.split(/(?<=\s)(?=\S)/);
  const out: string[] = [];
  for (let i = 0; i < words.length; i += 2) out.push(words.slice(i, i + 2).join(""));
  return out;
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((p: { type?: string; text?: string }) =>
        (p.type === "text" || p.type === "input_text" || p.type === "output_text") &&
        typeof p.text === "string"
          ? p.text
          : "",
      )
      .join("");
  }
  return "";
}

function readMessages(api: ReplyContext["api"], body: Record<string, unknown>): ReplyContext["messages"] {
  const role = (r: unknown) => (r === "developer" ? "system" : String(r));
  if (api === "chat") {
    const messages = Array.isArray(body.messages)
      ? (body.messages as { role: unknown; content: unknown }[])
      : [];
    return messages.map((m) => ({ role: role(m.role), text: textOf(m.content) }));
  }
  const out: ReplyContext["messages"] = [];
  if (typeof body.instructions === "string") out.push({ role: "system", text: body.instructions });
  if (typeof body.input === "string") out.push({ role: "user", text: body.input });
  else if (Array.isArray(body.input)) {
    for (const item of body.input as { role?: unknown; content?: unknown }[]) {
      if (item.role !== undefined) out.push({ role: role(item.role), text: textOf(item.content) });
    }
  }
  return out;
}

/** One SSE event of a streamed reply; `piece` marks the events that carry a piece of the text. */
interface StreamEvent {
  event?: string;
  data: unknown;
  piece?: boolean;
}

/** A streamed reply spread over time (OpenAIServerOptions.pacing). */
export interface Pacing {
  /** When the first piece of text goes out, ms after the request arrived. */
  firstMs: number;
  /** When the last piece goes out, ms after the request arrived. */
  totalMs: number;
  /** How many pieces the text is cut into (equal lengths). */
  chunks: number;
}

/** How a request is streamed: its pacing (null: all at once) and who hears its first piece. */
interface StreamPlan {
  pacing: Pacing | null;
  arrived: number;
  /** Called as the first piece of text is written, with ms since the request arrived. */
  onFirstPiece?: (ms: number) => void;
}

/** `text` cut into `n` pieces of (nearly) equal length, none empty. */
export function splitEven(text: string, n: number): string[] {
  const count = Math.max(1, Math.min(n, text.length));
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    out.push(text.slice(Math.round((i * text.length) / count), Math.round(((i + 1) * text.length) / count)));
  }
  return out;
}

function sse(res: ServerResponse, events: StreamEvent[], done: boolean, plan: StreamPlan): void {
  const frames = events.map(
    (e) => `${e.event ? `event: ${e.event}\n` : ""}data: ${JSON.stringify(e.data)}\n\n`,
  );
  if (done) frames.push("data: [DONE]\n\n");
  const head = () =>
    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
  const { pacing } = plan;
  if (!pacing) {
    head();
    if (events.some((e) => e.piece)) plan.onFirstPiece?.(performance.now() - plan.arrived);
    for (const f of frames) res.write(f);
    res.end();
    return;
  }
  // Each frame is due with the next piece of text (the last ones with the last piece); the
  // response starts with the first piece, as a model's does once it has its first token.
  const pieces = events.filter((e) => e.piece).length;
  const gap = pieces > 1 ? (pacing.totalMs - pacing.firstMs) / (pieces - 1) : 0;
  const due: number[] = [];
  let k = 0;
  for (let i = 0; i < frames.length; i++) {
    const e = events[i];
    if (e?.piece) k++;
    due.push(pacing.firstMs + gap * Math.max(0, k - 1));
  }
  let i = 0;
  let started = false;
  let stopped = false;
  let firstPiece = true;
  res.on("close", () => (stopped = true));
  const step = () => {
    if (stopped) return;
    const now = performance.now() - plan.arrived;
    if (!started) {
      head();
      started = true;
    }
    while (i < frames.length && due[i]! <= now) {
      if (events[i]?.piece && firstPiece) {
        firstPiece = false;
        plan.onFirstPiece?.(now);
      }
      res.write(frames[i]!);
      i++;
    }
    if (i >= frames.length) res.end();
    else setTimeout(step, Math.max(0, due[i]! - now));
  };
  setTimeout(step, Math.max(0, (due[0] ?? 0) - (performance.now() - plan.arrived)));
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function chatCompletion(
  res: ServerResponse,
  n: number,
  ctx: ReplyContext,
  text: string,
  body: Record<string, unknown>,
  plan: StreamPlan,
) {
  const id = `chatcmpl-test${n}`;
  const created = 1_700_000_000 + n;
  const promptTokens = ctx.messages.reduce((sum, m) => sum + countTokens(m.text), 0);
  const completionTokens = countTokens(text);
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
  if (!ctx.stream) {
    return json(res, 200, {
      id,
      object: "chat.completion",
      created,
      model: ctx.model,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: text, refusal: null },
          logprobs: null,
          finish_reason: "stop",
        },
      ],
      usage,
      system_fingerprint: "fp_test",
    });
  }
  const base = {
    id,
    object: "chat.completion.chunk",
    created,
    model: ctx.model,
    system_fingerprint: "fp_test",
  };
  const events: StreamEvent[] = [
    {
      data: {
        ...base,
        choices: [
          { index: 0, delta: { role: "assistant", content: "" }, logprobs: null, finish_reason: null },
        ],
      },
    },
    ...piecesOf(text, plan).map((delta) => ({
      piece: true,
      data: {
        ...base,
        choices: [{ index: 0, delta: { content: delta }, logprobs: null, finish_reason: null }],
      },
    })),
    { data: { ...base, choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: "stop" }] } },
  ];
  const options = body.stream_options as { include_usage?: boolean } | undefined;
  if (options?.include_usage) events.push({ data: { ...base, choices: [], usage } });
  sse(res, events, true, plan);
}

/** The deltas a streamed reply is sent in: two words each, or equal pieces when paced. */
const piecesOf = (text: string, plan: StreamPlan) =>
  plan.pacing ? splitEven(text, plan.pacing.chunks) : splitDeltas(text);

function responsesApi(res: ServerResponse, n: number, ctx: ReplyContext, text: string, plan: StreamPlan) {
  const id = `resp_test${n}`;
  const itemId = `msg_test${n}`;
  const createdAt = 1_700_000_000 + n;
  const inputTokens = ctx.messages.reduce((sum, m) => sum + countTokens(m.text), 0);
  const outputTokens = countTokens(text);
  const usage = {
    input_tokens: inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: inputTokens + outputTokens,
  };
  const part = { type: "output_text", text, annotations: [], logprobs: [] };
  const item = { type: "message", id: itemId, status: "completed", role: "assistant", content: [part] };
  const response = (status: string, output: unknown[], withUsage: boolean) => ({
    id,
    object: "response",
    created_at: createdAt,
    status,
    model: ctx.model,
    output,
    incomplete_details: null,
    error: null,
    usage: withUsage ? usage : null,
  });
  if (!ctx.stream) return json(res, 200, response("completed", [item], true));

  let seq = 0;
  const ev = (type: string, data: Record<string, unknown>): StreamEvent => ({
    event: type,
    data: { type, sequence_number: seq++, ...data },
    piece: type === "response.output_text.delta",
  });
  const events = [
    ev("response.created", { response: response("in_progress", [], false) }),
    ev("response.in_progress", { response: response("in_progress", [], false) }),
    ev("response.output_item.added", {
      output_index: 0,
      item: { type: "message", id: itemId, status: "in_progress", role: "assistant", content: [] },
    }),
    ev("response.content_part.added", {
      item_id: itemId,
      output_index: 0,
      content_index: 0,
      part: { type: "output_text", text: "", annotations: [] },
    }),
    ...piecesOf(text, plan).map((delta) =>
      ev("response.output_text.delta", {
        item_id: itemId,
        output_index: 0,
        content_index: 0,
        delta,
        logprobs: [],
      }),
    ),
    ev("response.output_text.done", {
      item_id: itemId,
      output_index: 0,
      content_index: 0,
      text,
      logprobs: [],
    }),
    ev("response.content_part.done", { item_id: itemId, output_index: 0, content_index: 0, part }),
    ev("response.output_item.done", { output_index: 0, item }),
    ev("response.completed", { response: response("completed", [item], true) }),
  ];
  sse(res, events, false, plan);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export interface OpenAIServerOptions {
  /**
   * Wait this long before answering each model request (a slow model, for load tests); a
   * function picks each request's wait from its parsed body.
   */
  latencyMs?: number | ((body: unknown) => number);
  /**
   * Stream replies over time instead of all at once (streamed requests only); a function picks
   * each request's pacing from its parsed body (null: at once).
   */
  pacing?: Pacing | ((body: unknown) => Pacing | null);
  /** Called as each streamed reply's first piece of text goes out: the model's time to it, ms. */
  onFirstPiece?: (body: unknown, ms: number) => void;
  /** Port to listen on (default: any free one). */
  port?: number;
  /** Keep every request in `requests` (default true; benchmarks turn it off). */
  record?: boolean;
  /**
   * Add this server's 127.0.0.1:<port> to OUTBOUND_ALLOW (default true): the outbound guard
   * refuses loopback targets unless the operator allows them, and tests are that operator.
   * Child processes started afterwards inherit the entry.
   */
  allowOutbound?: boolean;
}

function setOutboundAllow(change: (entries: string[]) => string[]): void {
  const next = change((process.env.OUTBOUND_ALLOW ?? "").split(",").filter(Boolean));
  if (next.length) process.env.OUTBOUND_ALLOW = next.join(",");
  else delete process.env.OUTBOUND_ALLOW;
  resetEnvForTests();
}

export async function startOpenAIServer(opts: OpenAIServerOptions = {}): Promise<OpenAITestServer> {
  const requests: RecordedRequest[] = [];
  let failures: { remaining: number; failure: Failure } | undefined;
  let reply: (ctx: ReplyContext) => string = defaultReply;
  let served = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let hold = 0;
  let held: (() => void)[] = [];
  const release = () => {
    hold = 0;
    const waiting = held;
    held = [];
    for (const go of waiting) go();
  };

  const server = createServer((req, res) => {
    const arrived = performance.now();
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on("close", () => inFlight--);
    void (async () => {
      if (hold > 0) {
        if (inFlight >= hold) release();
        else await new Promise<void>((go) => held.push(go));
      }
      const raw = await readBody(req);
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        // Recorded as text; answered below as a bad request.
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      if (opts.record !== false) requests.push({ method: req.method ?? "GET", path, headers, body });
      const wait = typeof opts.latencyMs === "function" ? opts.latencyMs(body) : opts.latencyMs;
      if (wait) await new Promise((r) => setTimeout(r, wait));

      const api =
        path === "/v1/chat/completions" ? "chat" : path === "/v1/responses" ? "responses" : undefined;
      if (req.method !== "POST" || !api) {
        return json(res, 404, {
          error: {
            message: `Unknown endpoint ${req.method} ${path}`,
            type: "invalid_request_error",
            param: null,
            code: null,
          },
        });
      }
      if (failures && failures.remaining > 0) {
        failures.remaining--;
        const { status, message, retryAfterMs, rawBody } = failures.failure;
        if (rawBody !== undefined) {
          res.writeHead(status, { "content-type": "application/json" });
          return res.end(rawBody);
        }
        const type =
          status === 429 ? "rate_limit_exceeded" : status >= 500 ? "server_error" : "invalid_request_error";
        return json(
          res,
          status,
          {
            error: {
              message: message ?? `Test failure ${status}`,
              type,
              param: null,
              code: status === 429 ? "rate_limit_exceeded" : null,
            },
          },
          retryAfterMs === undefined ? {} : { "retry-after-ms": String(retryAfterMs) },
        );
      }
      if (!body || typeof body !== "object") {
        return json(res, 400, {
          error: { message: "Invalid JSON body", type: "invalid_request_error", param: null, code: null },
        });
      }
      const b = body as Record<string, unknown>;
      const ctx: ReplyContext = {
        api,
        model: typeof b.model === "string" ? b.model : "unknown",
        messages: readMessages(api, b),
        stream: b.stream === true,
      };
      served++;
      const text = reply(ctx);
      const pacing = typeof opts.pacing === "function" ? opts.pacing(body) : opts.pacing;
      const onFirstPiece = opts.onFirstPiece;
      const plan: StreamPlan = {
        pacing: pacing ?? null,
        arrived,
        onFirstPiece: onFirstPiece && ((ms) => onFirstPiece(body, ms)),
      };
      if (api === "chat") chatCompletion(res, served, ctx, text, b, plan);
      else responsesApi(res, served, ctx, text, plan);
    })().catch((err: unknown) => {
      if (!res.headersSent)
        json(res, 500, { error: { message: String(err), type: "server_error", param: null, code: null } });
      else res.end();
    });
  });

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const allowEntry = `127.0.0.1:${port}`;
  if (opts.allowOutbound !== false) setOutboundAllow((entries) => [...entries, allowEntry]);

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    failNext(count, failure = {}) {
      failures = { remaining: count, failure: { status: 500, retryAfterMs: 1, ...failure } };
    },
    setReply(r) {
      reply = typeof r === "string" ? () => r : r;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    holdUntil(n) {
      hold = n;
      if (n <= 0) release();
    },
    reset() {
      requests.length = 0;
      failures = undefined;
      reply = defaultReply;
      release();
      maxInFlight = inFlight;
    },
    close() {
      if (opts.allowOutbound !== false)
        setOutboundAllow((entries) => entries.filter((e) => e !== allowEntry));
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
