// One error type for the whole app: a typed code decides the HTTP status and the JSON shape
// { error: { code, message } } that every route handler and client sees.

export const errorStatus = {
  bad_request: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  internal: 500,
  upstream_error: 502,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { details?: unknown; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = "AppError";
    this.code = code;
    this.details = opts.details;
    this.headers = opts.headers;
  }

  get status(): number {
    return errorStatus[this.code];
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { error: { code: this.code, message: this.message } };
    if (this.details !== undefined) body.error.details = this.details;
    return body;
  }
}

export const notFound = (what = "Resource") => new AppError("not_found", `${what} not found`);
export const unauthorized = (message = "Authentication required") =>
  new AppError("unauthorized", message);
export const forbidden = (message = "You do not have permission to do this") =>
  new AppError("forbidden", message);
export const conflict = (message: string) => new AppError("conflict", message);
export const rateLimited = (retryAfterSeconds: number, message = "Too many requests") =>
  new AppError("rate_limited", message, {
    headers: { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    details: { retry_after: Math.max(1, Math.ceil(retryAfterSeconds)) },
  });

interface PrismaLikeError {
  code?: unknown;
  meta?: { target?: unknown; modelName?: unknown; field_name?: unknown; driverAdapterError?: unknown };
  name?: unknown;
}

/**
 * Maps database errors (Prisma known-request errors, raised the same way on SQLite and
 * PostgreSQL) to AppErrors. Returns undefined for anything else.
 */
export function fromDatabaseError(err: unknown): AppError | undefined {
  if (!err || typeof err !== "object") return undefined;
  const e = err as PrismaLikeError;
  if (typeof e.code !== "string" || !/^P\d{4}$/.test(e.code)) return undefined;
  const model = typeof e.meta?.modelName === "string" ? e.meta.modelName : "Record";
  switch (e.code) {
    case "P2002": {
      const fields = uniqueFields(e.meta);
      return new AppError(
        "conflict",
        fields ? `A ${model} with this ${fields} already exists` : `This ${model} already exists`,
        { cause: err },
      );
    }
    case "P2003":
      return new AppError("validation_failed", `A referenced record does not exist (${model})`, {
        cause: err,
      });
    case "P2025":
    case "P2001":
    case "P2015":
      return new AppError("not_found", `${model} not found`, { cause: err });
    case "P2000":
      return new AppError("validation_failed", "A value is too long for its field", { cause: err });
    case "P2034":
      return new AppError("conflict", "The database was busy; please retry", { cause: err });
    default:
      return undefined;
  }
}

function uniqueFields(meta: PrismaLikeError["meta"]): string | undefined {
  const target = meta?.target;
  if (Array.isArray(target)) return target.join(", ");
  if (typeof target === "string") return target;
  const cause = meta?.driverAdapterError as { cause?: { constraint?: { fields?: unknown } } } | undefined;
  const fields = cause?.cause?.constraint?.fields;
  if (Array.isArray(fields)) return fields.map(String).join(", ");
  return undefined;
}
