// One error type for the whole app: a typed code decides the HTTP status and the JSON shape
// { error: { code, message } } that every route handler and client sees.

export const errorStatus = {
  bad_request: 400,
  invalid_json: 400,
  unauthorized: 401,
  // The right password from a client the account does not know while the account is under
  // attack: the sign-in finishes with the code emailed to the owner (lib/services/login-guard.ts).
  login_challenge_required: 401,
  forbidden: 403,
  // An API token without the scope the route needs (lib/contracts/operation.ts requiredScope).
  insufficient_scope: 403,
  // Every attempt the challenge allows is used: final, never worth retrying (no Retry-After).
  attempts_exhausted: 403,
  // A gated ladder's level before the player has won the level below it.
  level_locked: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  // A publish held at the calibration gate: no passing calibration of the graph, no override.
  calibration_required: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  // A pack run that would leave out cases needing a sandbox provider, not asked for prompt_only.
  needs_sandbox: 422,
  rate_limited: 429,
  internal: 500,
  // A stored secret this instance's ENCRYPTION_KEY cannot decrypt (lib/crypto.ts): configuration.
  secret_unreadable: 500,
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
  meta?: {
    target?: unknown;
    modelName?: unknown;
    model?: unknown;
    operation?: unknown;
    field_name?: unknown;
    driverAdapterError?: unknown;
  };
  name?: unknown;
}

/**
 * Maps database errors (Prisma known-request errors, raised the same way on SQLite and
 * PostgreSQL) to AppErrors. Returns undefined for anything else.
 */
export function fromDatabaseError(err: unknown): AppError | undefined {
  if (!err || typeof err !== "object") return undefined;
  const e = err as PrismaLikeError;
  if (typeof e.code !== "string") return undefined;
  if (!/^P\d{4}$/.test(e.code)) return fromDriverError(err, e.code);
  const model = typeof e.meta?.modelName === "string" ? e.meta.modelName : "Record";
  switch (e.code) {
    case "P2002": {
      const fields = uniqueFields(e.meta);
      return new AppError(
        "conflict",
        fields
          ? `${article(model)} ${model} with this ${fields} already exists`
          : `This ${model} already exists`,
        { cause: err },
      );
    }
    case "P2003":
    case "P2018": // a to-many `connect` whose record does not exist
      return new AppError("validation_failed", `A referenced record does not exist (${model})`, {
        cause: err,
      });
    case "P2025":
    case "P2001":
    case "P2015": {
      // Nested writes name the related model that was missing in meta.model (meta.modelName is
      // the model being written). A missing record to connect is a bad reference, like P2003.
      const missing = typeof e.meta?.model === "string" ? e.meta.model : model;
      if (e.meta?.operation === "a nested connect") {
        return new AppError("validation_failed", `The referenced ${missing} does not exist`, { cause: err });
      }
      return new AppError("not_found", `${missing} not found`, { cause: err });
    }
    case "P2000":
      return new AppError("validation_failed", "A value is too long for its field", { cause: err });
    case "P2034":
      return new AppError("conflict", "The database was busy; please retry", { cause: err });
    default:
      return undefined;
  }
}

// The hot path's statements (lib/db/sql.ts) run on the drivers directly: better-sqlite3 raises
// SQLITE_CONSTRAINT_* codes, node-postgres SQLSTATEs. They map to the same AppErrors as Prisma's.
const DRIVER_CODES: Record<string, "unique" | "reference" | "busy"> = {
  SQLITE_CONSTRAINT_UNIQUE: "unique",
  SQLITE_CONSTRAINT_PRIMARYKEY: "unique",
  SQLITE_CONSTRAINT_FOREIGNKEY: "reference",
  SQLITE_BUSY: "busy",
  "23505": "unique",
  "23503": "reference",
  "40001": "busy",
  "40P01": "busy",
};

function fromDriverError(err: unknown, code: string): AppError | undefined {
  switch (DRIVER_CODES[code]) {
    case "unique":
      return new AppError("conflict", "This Record already exists", { cause: err });
    case "reference":
      return new AppError("validation_failed", "A referenced record does not exist (Record)", { cause: err });
    case "busy":
      return new AppError("conflict", "The database was busy; please retry", { cause: err });
    default:
      return undefined;
  }
}

function uniqueFields(meta: PrismaLikeError["meta"]): string | undefined {
  const target = meta?.target;
  if (Array.isArray(target)) return target.map((t) => fieldName(String(t))).join(", ");
  if (typeof target === "string") return target;
  // Driver adapters report the violated constraint differently per database: SQLite gives the
  // column names ({ fields: ["workspace_id", "account_id"] }), PostgreSQL only the index name
  // ({ index: "memberships_workspace_id_account_id_key" }, with the table beside it). Both are
  // turned into the same Prisma field names.
  const cause = (meta?.driverAdapterError as { cause?: AdapterCause } | undefined)?.cause;
  // A primary key is reported by column on SQLite but only as `<table>_pkey` on PostgreSQL; name
  // no fields on either, so the message is the same.
  if (cause?.originalCode === "SQLITE_CONSTRAINT_PRIMARYKEY") return undefined;
  const columns = Array.isArray(cause?.constraint?.fields)
    ? cause.constraint.fields.map(String)
    : columnsFromIndexName(cause?.constraint?.index, cause?.table);
  return columns && columns.length > 0 ? columns.map(fieldName).join(", ") : undefined;
}

interface AdapterCause {
  originalCode?: unknown;
  table?: unknown;
  constraint?: { fields?: unknown; index?: unknown };
}

// Prisma names unique indexes `<table>_<col>_<col>_key`. A primary key (`<table>_pkey`) does not
// name its columns, so it yields no fields.
function columnsFromIndexName(index: unknown, table: unknown): string[] | undefined {
  if (typeof index !== "string" || typeof table !== "string") return undefined;
  const prefix = `${table}_`;
  if (!index.startsWith(prefix) || !index.endsWith("_key")) return undefined;
  const joined = index.slice(prefix.length, -"_key".length);
  // Column names themselves contain underscores; in this schema every multi-column unique key is
  // made of foreign keys ending in `_id` plus at most one trailing plain column, so split after
  // each `id` word.
  const columns: string[] = [];
  let current: string[] = [];
  for (const word of joined.split("_")) {
    current.push(word);
    if (word === "id") {
      columns.push(current.join("_"));
      current = [];
    }
  }
  if (current.length > 0) columns.push(current.join("_"));
  return columns;
}

// Column name → Prisma field name: snake_case → camelCase; most tables call the workspace
// column tenant_id (Prisma field workspaceId).
function fieldName(column: string): string {
  if (column === "tenant_id") return "workspaceId";
  return column.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

function article(word: string): string {
  return /^[AEIOU]/i.test(word) ? "An" : "A";
}
