import "server-only";
import type { NextRequest } from "next/server";
import { clientKey } from "@/lib/http/client-ip";
import { jsonTextDepth, MAX_JSON_DEPTH } from "@/lib/http/json-limits";
import { readCappedText } from "@/lib/http/read-capped";
import type { ArenaCaller } from "@/lib/services/arena/caller";
import { ArenaError } from "@/lib/services/arena/errors";
import { limitArenaWrite, limitGameCreate } from "@/lib/services/arena/limits";
import { toAppError } from "@/lib/api/handler";
import { applyRateLimitHeaders, collectRateLimits } from "@/lib/rate-limit/headers";

// The wrapper of every arena route (docs/arena-protocol.md): errors as `{"error", "code"?}` with the
// reference's strings, `Invalid JSON in request body` for a malformed body, the caller's
// identity (session key from `Authorization: Bearer` or `?key=`; `from` and `challengeId` from
// the query or the body), bodies capped at 64 KiB and 64 levels, and writes rate-limited per identity.

const MAX_BODY_BYTES = 64 * 1024;

export interface ArenaCtx {
  req: NextRequest;
  url: URL;
  params: Record<string, string>;
  /** The parsed JSON body (an object; `{}` when empty). */
  body: Record<string, unknown>;
  caller: ArenaCaller;
}

type Handler = (ctx: ArenaCtx) => Promise<Response | object> | Response | object;

/** Bodies below this size go uncompressed (what the server's gzip does when it knows the size). */
const COMPRESS_FROM_BYTES = 1024;

export const arenaJson = (data: unknown, status = 200) => {
  const text = JSON.stringify(data);
  // The framework cannot see a route answer's length, so it would gzip even a 60-byte answer
  // (a deflate stream set up per request, on both ends); `no-transform` keeps small ones plain.
  const small = text.length < COMPRESS_FROM_BYTES;
  return new Response(text, {
    status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": small ? "no-store, no-transform" : "no-store",
    },
  });
};

async function readBody(req: NextRequest): Promise<Record<string, unknown>> {
  if (req.method === "GET" || req.method === "HEAD") return {};
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES)
    throw new ArenaError(413, `Request body is larger than ${MAX_BODY_BYTES} bytes`);
  const text = await readCappedText(
    req,
    MAX_BODY_BYTES,
    () => new ArenaError(413, `Request body is larger than ${MAX_BODY_BYTES} bytes`),
    () => new ArenaError(400, "The request body could not be read"),
  );
  if (text.trim() === "") return {};
  if (jsonTextDepth(text, MAX_JSON_DEPTH + 1) > MAX_JSON_DEPTH)
    throw new ArenaError(400, "Invalid JSON in request body");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ArenaError(400, "Invalid JSON in request body");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new ArenaError(400, "Invalid JSON in request body");
  return value as Record<string, unknown>;
}

function callerOf(req: NextRequest, url: URL, body: Record<string, unknown>): ArenaCaller {
  const caller: ArenaCaller = {};
  const auth = req.headers.get("authorization");
  const bearer = auth && /^Bearer\s+(.+)$/i.exec(auth.trim())?.[1];
  const key = bearer || url.searchParams.get("key");
  if (key) caller.key = key.trim();
  const from = typeof body.from === "string" ? body.from : url.searchParams.get("from");
  if (from) caller.from = from;
  // The game a key belongs to, for a free chat channel (which names none): body or query.
  const challengeId = typeof body.challengeId === "string" ? body.challengeId : url.searchParams.get("challengeId");
  if (challengeId) caller.challengeId = challengeId;
  caller.clientKey = clientKey(req.headers);
  return caller;
}

export function arenaRoute(handler: Handler, opts: { write?: boolean; createsGame?: boolean } = {}) {
  const answer = arenaAnswer(handler, opts);
  // RateLimit-* headers of the write limits the request was counted against (rate-limit/headers.ts).
  return async (
    req: NextRequest,
    ctx: { params: Promise<Record<string, string | string[]>> },
  ): Promise<Response> => {
    const { notes, result } = collectRateLimits(() => answer(req, ctx));
    return applyRateLimitHeaders(await result, notes);
  };
}

function arenaAnswer(handler: Handler, opts: { write?: boolean; createsGame?: boolean }) {
  return async (
    req: NextRequest,
    ctx: { params: Promise<Record<string, string | string[]>> },
  ): Promise<Response> => {
    try {
      const url = new URL(req.url);
      const raw = await ctx.params;
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(raw ?? {})) params[k] = Array.isArray(v) ? v.join("/") : v;
      const body = await readBody(req);
      const caller = callerOf(req, url, body);
      if (opts.write) await limitArenaWrite(clientKey(req.headers), caller);
      if (opts.createsGame) await limitGameCreate({ clientKey: clientKey(req.headers), type: params.name ?? "", body });
      const out = await handler({ req, url, params, body, caller });
      return out instanceof Response ? out : arenaJson(out);
    } catch (err) {
      if (err instanceof ArenaError) return arenaJson(err.body(), err.status);
      // Everything else as every route maps it (database errors included, 500s logged), in the
      // protocol's shape.
      const e = toAppError(err);
      const res = arenaJson(
        { error: e.status >= 500 ? "Internal server error" : e.message, code: e.code },
        e.status,
      );
      for (const [k, v] of Object.entries(e.headers ?? {})) res.headers.set(k, v);
      return res;
    }
  };
}
