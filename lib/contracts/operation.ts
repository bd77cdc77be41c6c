import type { ZodType } from "zod";
import type { Role } from "@/lib/contracts/roles";

// An HTTP operation as a contract: who may call it, the zod schemas of its params, query and
// body, and what the OpenAPI document says about it (doc.response: the response shape, which the
// contract tests also parse real responses with, so a service drifting from it fails a test).
// Route handlers are built from these (route(operation, handler)) and the OpenAPI document reads
// the same objects, so lib/ never needs app/'s route modules to describe the API.

export type AuthMode = "public" | "user" | "workspace";

/**
 * Scopes of workspace API tokens (`gnt_…`): `console` reaches the console API (`/console/api/**`),
 * `play` lets a bot act as the token creator's player on the player API (`/web/api/**`).
 */
export const TOKEN_SCOPES = ["console", "play"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
/**
 * What an operation requires of an API token: one of its scopes, or `session`, which no token
 * carries: account management (the password, signing out everywhere) needs a signed-in session,
 * so a leaked bot token cannot lock its owner out.
 */
export type OperationScope = TokenScope | "session";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** What the OpenAPI document says about a route beyond its zod schemas. */
export interface RouteDoc {
  summary?: string;
  /** Schema of the success response body. */
  response?: ZodType;
  /** Success status (default 200; 204 when the handler returns null). */
  status?: number;
  /**
   * The route also answers with Server-Sent Events when asked (Accept: text/event-stream); a
   * string describes the events.
   */
  sse?: boolean | string;
  /** Request body media type when it is not JSON (e.g. multipart/form-data). */
  bodyMediaType?: string;
  /** Response media type when it is not JSON. */
  responseMediaType?: string;
  /**
   * Further statuses the route answers beyond the ones every route of its kind documents
   * (e.g. 200 for a replayed attempt beside 201, 403 for an unsigned asset URL).
   */
  statuses?: number[];
  /** The 422 body when it is not the generic error (e.g. a pack validation's `{valid, errors}`). */
  unprocessable?: ZodType;
  /**
   * Error codes only this route answers (e.g. `needs_sandbox`); written as `x-error-codes`, so the
   * API reference lists them here and not on every route that shares their status.
   */
  errorCodes?: string[];
  /**
   * The operation is how a caller gets credentials (logging in, registering): its example sends
   * none (written as `x-anonymous`).
   */
  anonymous?: boolean;
  /** An example request body (OpenAPI `example`), when the schema alone gives no valid one. */
  example?: unknown;
}

export interface Operation<P = unknown, Q = unknown, B = unknown, A extends AuthMode = AuthMode> {
  auth: A;
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  roles?: readonly Role[];
  /** Largest accepted body in bytes (default 64 KiB). */
  maxBodyBytes?: number;
  /** The handler reads the body itself (multipart uploads); `body` is then not parsed. */
  rawBody?: boolean;
  /** Documentation only (OpenAPI): what the route does, its success response and status. */
  doc?: RouteDoc;
  /**
   * The API-token scope a `gnt_…` token must carry to call this operation (default: requiredScope).
   * Session cookies and session access tokens are not scoped.
   */
  scope?: OperationScope;
  /** The body may also be sent as application/x-www-form-urlencoded (string fields only). */
  formBody?: boolean;
}

/**
 * The one place an operation's token scope is decided: declared, else `console` for workspace
 * (console) operations and `play` for player and public ones. route() checks it on every call.
 */
export function requiredScope(op: Pick<Operation, "auth" | "scope">): OperationScope {
  return op.scope ?? (op.auth === "workspace" ? "console" : "play");
}

/** Declares an operation, keeping the schemas' types for the handler built from it. */
export function operation<A extends AuthMode, P = undefined, Q = undefined, B = undefined>(
  op: Operation<P, Q, B, A>,
): Operation<P, Q, B, A> {
  return op;
}
