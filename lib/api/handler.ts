import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { z, ZodError, type ZodType } from "zod";
import { AppError, forbidden, fromDatabaseError, type ErrorBody } from "@/lib/errors";
import { log } from "@/lib/log";
import { clientKey } from "@/lib/http/client-ip";
import { assertJsonTextDepth } from "@/lib/http/json-limits";
import {
  isSameOrigin,
  resolveCaller,
  resolveWorkspaceCaller,
  type Caller,
  type WorkspaceCaller,
} from "@/lib/api/caller";
import { requiredScope, type AuthMode, type Operation } from "@/lib/contracts/operation";
import { applyRateLimitHeaders, collectRateLimits } from "@/lib/rate-limit/headers";
import { unknownApiPath } from "@/lib/api/unknown-path";

// One wrapper for every JSON route handler: resolves the caller, parses params/query/body with
// zod, enforces CSRF for cookie sessions, and maps every error to { error: { code, message } }.

export const ROUTE_META = Symbol.for("gauntlet.routeMeta");

/** The operation a handler was built from (tests check it is the one the registry lists). */
export function routeMetaOf(handler: unknown): Operation | undefined {
  if (typeof handler !== "function") return undefined;
  return (handler as unknown as { [ROUTE_META]?: Operation })[ROUTE_META];
}

interface BaseCtx<P, Q, B> {
  req: NextRequest;
  params: P;
  query: Q;
  body: B;
  clientKey: string;
}

type Ctx<P, Q, B, A extends AuthMode> = BaseCtx<P, Q, B> &
  (A extends "workspace"
    ? { caller: WorkspaceCaller }
    : A extends "user"
      ? { caller: Extract<Caller, { kind: "user" }> }
      : { caller: Caller });

type RouteContext = { params: Promise<Record<string, string | string[]>> };

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function json<T>(data: T, init?: ResponseInit): NextResponse {
  return NextResponse.json(data, init);
}

export function errorResponse(err: AppError): NextResponse {
  return NextResponse.json<ErrorBody>(err.toBody(), { status: err.status, headers: err.headers });
}

function zodToAppError(err: ZodError, where: string): AppError {
  const issues = err.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  const first = issues[0];
  const message = first
    ? `Invalid ${where}: ${first.path ? `${first.path}: ` : ""}${first.message}`
    : `Invalid ${where}`;
  return new AppError("validation_failed", message, { details: { issues } });
}

export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) {
    // A server-side fault the handler named (e.g. secret_unreadable): the operator needs it in the log.
    if (err.status >= 500) log.error("route failed", { code: err.code, error: err.message });
    return err;
  }
  if (err instanceof ZodError) return zodToAppError(err, "input");
  const mapped = fromDatabaseError(err);
  if (mapped) return mapped;
  log.error("unhandled error in route handler", { error: err instanceof Error ? err.message : String(err) });
  return new AppError("internal", "Something went wrong on our side. Please try again.");
}

const FORM_TYPE = /^application\/x-www-form-urlencoded\b/i;

async function readBody(req: NextRequest, max: number, form = false): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > max) throw new AppError("payload_too_large", `Request body is larger than ${max} bytes`);
  let text: string;
  try {
    text = await req.text();
  } catch {
    // The client went away mid-body (load tools do this at the end of a run): not our error.
    throw new AppError("bad_request", "The request body could not be read (connection closed)");
  }
  if (Buffer.byteLength(text) > max) throw new AppError("payload_too_large", `Request body is larger than ${max} bytes`);
  if (text.trim() === "") return undefined;
  // Form fields arrive as strings (the last of a repeated name wins); the schema checks them.
  if (form && FORM_TYPE.test(type)) return Object.fromEntries(new URLSearchParams(text));
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new AppError("unsupported_media_type", "Send the request body as JSON (Content-Type: application/json)");
  }
  assertJsonTextDepth(text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("invalid_json", "The request body is not valid JSON");
  }
}

function parseWith<T>(schema: ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return undefined as T;
  const res = schema.safeParse(value);
  if (!res.success) throw zodToAppError(res.error, where);
  return res.data;
}

export interface RouteOptions {
  /** When this returns false the route does not exist: the API's JSON 404, before anything else. */
  enabled?: () => boolean;
}

export function route<A extends AuthMode, P = undefined, Q = undefined, B = undefined>(
  opts: Operation<P, Q, B, A>,
  handler: (ctx: Ctx<P, Q, B, A>) => Promise<Response | object | null> | Response | object | null,
  { enabled }: RouteOptions = {},
) {
  const scope = requiredScope(opts);
  const handle = async (req: NextRequest, context: RouteContext): Promise<Response> => {
    if (enabled && !enabled()) return unknownApiPath(req);
    // The RateLimit-* headers of every limit the request is counted against (rate-limit/headers.ts).
    const { notes, result } = collectRateLimits(() => answer(req, context));
    return applyRateLimitHeaders(await result, notes);
  };
  const answer = async (req: NextRequest, context: RouteContext): Promise<Response> => {
    try {
      let caller: Caller | WorkspaceCaller;
      if (opts.auth === "workspace") {
        const wc = await resolveWorkspaceCaller(req.headers, scope);
        if (opts.roles && !opts.roles.includes(wc.role)) throw forbidden();
        caller = wc;
      } else {
        caller = await resolveCaller(req.headers, scope);
        if (opts.auth === "user" && caller.kind !== "user") {
          throw new AppError("unauthorized", "Log in to do this");
        }
      }
      const cookieAuthed =
        ("via" in caller && caller.via === "cookie") || (req.headers.get("cookie") ?? "").includes("session-token");
      if (MUTATING.has(req.method) && cookieAuthed && !isSameOrigin(req.headers, req.url)) {
        throw forbidden("Cross-site request refused");
      }
      // A form body is what a cross-site HTML form can send without a preflight: a browser's
      // (it names its Origin or Sec-Fetch-Site) must come from our own origin (login CSRF).
      const browserForm =
        opts.formBody &&
        FORM_TYPE.test(req.headers.get("content-type") ?? "") &&
        (req.headers.has("origin") || req.headers.has("sec-fetch-site"));
      if (browserForm && !isSameOrigin(req.headers, req.url)) throw forbidden("Cross-site request refused");
      const rawParams = await context.params;
      const params = parseWith(opts.params, rawParams, "path parameter");
      const query = opts.query
        ? parseWith(opts.query, Object.fromEntries(req.nextUrl.searchParams), "query parameter")
        : (undefined as Q);
      const body =
        MUTATING.has(req.method) && !opts.rawBody
          ? parseWith(
              opts.body,
              await readBody(req, opts.maxBodyBytes ?? 64 * 1024, opts.formBody),
              "request body",
            )
          : (undefined as B);
      // The client key (trusted-proxy rules, address normalising) is worked out only for the
      // handlers that read it (login, registration, codes), once per request.
      let key: string | undefined;
      const ctx = {
        req,
        params,
        query,
        body,
        caller,
        get clientKey() {
          return (key ??= clientKey(req.headers));
        },
      };
      const result = await handler(ctx as unknown as Ctx<P, Q, B, A>);
      if (result instanceof Response) return result;
      if (result === null) return new NextResponse(null, { status: 204 });
      return NextResponse.json(result);
    } catch (err) {
      return errorResponse(toAppError(err));
    }
  };
  return Object.assign(handle, { [ROUTE_META]: opts });
}

/** A body schema that must be a JSON object (not an array or a scalar). */
export const objectBody = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape);
