import Database from "better-sqlite3";
import {
  ColumnTypeEnum,
  DriverAdapterError,
  type ArgType,
  type ColumnType,
  type MappedError,
} from "@prisma/driver-adapter-utils";

// The SQLite adapter's value mapping (lib/db/sqlite.ts): arguments in, result values and column
// types out, the DateTime text format, and SQLite's errors as Prisma's mapped error kinds.

/**
 * How a DateTime is stored on SQLite (what Prisma writes and compares against): ISO 8601 UTC
 * text with an explicit `+00:00` offset, e.g. `2026-01-02T03:04:05.678+00:00`.
 */
export const sqliteDateTimeText = (d: Date): string => `${d.toISOString().slice(0, -1)}+00:00`;

// ---- values in ------------------------------------------------------------------------------

export function toSqliteArg(value: unknown, type: ArgType | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return sqliteDateTimeText(value);
  if (typeof value === "string") {
    // Prisma passes numbers it must not round (and dates, bytes) as text with their scalar type.
    switch (type?.scalarType) {
      case "int":
        return Number.parseInt(value, 10);
      case "float":
      case "decimal":
        return Number(value);
      case "bigint":
        return BigInt(value);
      case "datetime":
        return sqliteDateTimeText(new Date(value));
      case "bytes":
        return Buffer.from(value, "base64");
      default:
        return value;
    }
  }
  return value;
}

// ---- values out -----------------------------------------------------------------------------

/** Column type from the declared type of a table column (what Prisma's SQLite migrations write). */
export function declaredColumnType(decl: string | null): ColumnType | undefined {
  switch (decl?.toUpperCase()) {
    case "TEXT":
      return ColumnTypeEnum.Text;
    case "INTEGER":
    case "INT":
      return ColumnTypeEnum.Int32;
    case "BIGINT":
      return ColumnTypeEnum.Int64;
    case "REAL":
    case "DOUBLE":
    case "NUMERIC":
      return ColumnTypeEnum.Double;
    case "DECIMAL":
      return ColumnTypeEnum.Numeric;
    case "BOOLEAN":
      return ColumnTypeEnum.Boolean;
    case "DATETIME":
      return ColumnTypeEnum.DateTime;
    case "JSONB":
      return ColumnTypeEnum.Json;
    case "BLOB":
      return ColumnTypeEnum.Bytes;
    default:
      return undefined; // an expression (COUNT(*), MAX(x), a literal): typed by its values
  }
}

/** Column type of an expression column, from its first non-null value. */
export function valueColumnType(rows: unknown[][], index: number): ColumnType {
  for (const row of rows) {
    const v = row[index];
    if (v === null || v === undefined) continue;
    if (typeof v === "string") return ColumnTypeEnum.Text;
    if (typeof v === "bigint") return ColumnTypeEnum.Int64;
    if (typeof v === "number") return ColumnTypeEnum.UnknownNumber;
    if (v instanceof Uint8Array) return ColumnTypeEnum.Bytes;
    throw new Error(`Unexpected SQLite value of type ${typeof v}`);
  }
  return ColumnTypeEnum.Int32; // only NULLs: any type reads them
}

/** A value as Prisma reads it for its column type (statements run with safe integers on). */
export function fromSqliteValue(v: unknown, type: ColumnType): unknown {
  if (typeof v === "bigint") {
    // A DateTime written as epoch milliseconds by other software: read it as ISO text.
    if (type === ColumnTypeEnum.DateTime) return new Date(Number(v)).toISOString();
    const n = Number(v);
    return Number.isSafeInteger(n) ? n : v.toString();
  }
  if (typeof v === "number") {
    if (type === ColumnTypeEnum.DateTime) return new Date(v).toISOString();
    // SQLite stores what it is given: a REAL in an INTEGER column is read as an integer.
    if ((type === ColumnTypeEnum.Int32 || type === ColumnTypeEnum.Int64) && !Number.isInteger(v))
      return Math.trunc(v);
  }
  return v;
}

// ---- errors ---------------------------------------------------------------------------------

interface SqliteDriverError {
  code: string;
  message: string;
}
const isSqliteDriverError = (e: unknown): e is SqliteDriverError =>
  e instanceof Database.SqliteError ||
  (typeof e === "object" &&
    e !== null &&
    typeof (e as SqliteDriverError).code === "string" &&
    /^SQLITE_/.test((e as SqliteDriverError).code));

/** `UNIQUE constraint failed: memberships.workspace_id, memberships.account_id` → table + columns. */
function failedColumns(message: string): { table?: string; fields?: string[] } {
  const list = message.split("constraint failed: ")[1];
  if (!list) return {};
  const qualified = list.split(", ").map((c) => c.trim());
  const fields = qualified.map((c) => c.slice(c.lastIndexOf(".") + 1));
  const first = qualified[0] ?? "";
  const table = first.includes(".") ? first.slice(0, first.lastIndexOf(".")) : undefined;
  return { table, fields };
}

/** SQLite's primary result codes by name (better-sqlite3 reports names, Prisma wants numbers). */
const PRIMARY_CODES: Record<string, number> = {
  SQLITE_ERROR: 1,
  SQLITE_INTERNAL: 2,
  SQLITE_PERM: 3,
  SQLITE_ABORT: 4,
  SQLITE_BUSY: 5,
  SQLITE_LOCKED: 6,
  SQLITE_NOMEM: 7,
  SQLITE_READONLY: 8,
  SQLITE_INTERRUPT: 9,
  SQLITE_IOERR: 10,
  SQLITE_CORRUPT: 11,
  SQLITE_NOTFOUND: 12,
  SQLITE_FULL: 13,
  SQLITE_CANTOPEN: 14,
  SQLITE_PROTOCOL: 15,
  SQLITE_SCHEMA: 17,
  SQLITE_TOOBIG: 18,
  SQLITE_CONSTRAINT: 19,
  SQLITE_MISMATCH: 20,
  SQLITE_MISUSE: 21,
  SQLITE_RANGE: 25,
  SQLITE_NOTADB: 26,
};

export function mapSqliteError(e: SqliteDriverError): MappedError {
  const { code, message } = e;
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    const { table, fields } = failedColumns(message);
    return { kind: "UniqueConstraintViolation", constraint: fields ? { fields } : undefined, table };
  }
  if (code === "SQLITE_CONSTRAINT_NOTNULL") {
    const { fields } = failedColumns(message);
    return { kind: "NullConstraintViolation", constraint: fields ? { fields } : undefined };
  }
  if (code === "SQLITE_CONSTRAINT_FOREIGNKEY")
    return { kind: "ForeignKeyConstraintViolation", constraint: { foreignKey: {} } };
  if (code.startsWith("SQLITE_BUSY")) return { kind: "SocketTimeout" };
  if (message.startsWith("no such table"))
    return { kind: "TableDoesNotExist", table: message.split(": ")[1] };
  if (message.startsWith("no such column")) return { kind: "ColumnNotFound", column: message.split(": ")[1] };
  if (message.includes("has no column named "))
    return { kind: "ColumnNotFound", column: message.split("has no column named ")[1] };
  const unknown = /^UNKNOWN_SQLITE_ERROR_(\d+)$/.exec(code);
  const primary = code.replace(/^(SQLITE_[A-Z]+?)(_[A-Z_]+)?$/, "$1");
  return {
    kind: "sqlite",
    extendedCode: unknown ? Number(unknown[1]) : (PRIMARY_CODES[primary] ?? 1),
    message,
  };
}

/** Runs `fn`, turning a SQLite error into the DriverAdapterError Prisma translates (P2002, …). */
export function guarded<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (!isSqliteDriverError(e)) throw e;
    throw new DriverAdapterError({ ...mapSqliteError(e), originalCode: e.code, originalMessage: e.message });
  }
}
