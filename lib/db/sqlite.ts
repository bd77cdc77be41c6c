import "server-only";
import Database from "better-sqlite3";
import {
  ColumnTypeEnum,
  DriverAdapterError,
  type ArgType,
  type ColumnType,
  type IsolationLevel,
  type MappedError,
  type SqlDriverAdapter,
  type SqlDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
  type Transaction,
  type TransactionOptions,
} from "@prisma/driver-adapter-utils";

// The project's own SQLite driver adapter for Prisma (the public driver-adapter interface of
// @prisma/driver-adapter-utils) over a better-sqlite3 connection that lib/db opens and keeps:
// the Prisma client and the hot path (lib/db/sql.ts) share that one connection, so the hot path
// needs nothing private of Prisma's. The SQLite policy — connection pragmas, the DateTime text
// format, error codes — lives here, once.

/** Page cache per SQLite connection, KiB. */
const SQLITE_CACHE_KIB = 64 * 1024;
/** How long a statement waits for another connection's write lock before SQLITE_BUSY. */
const SQLITE_BUSY_TIMEOUT_MS = 10_000;

/** The pragmas every application connection runs with (WAL itself is set by lib/migrate.ts). */
function applyPragmas(conn: Database.Database, mmapBytes: number): void {
  // better-sqlite3 enables foreign keys by default; said here so it does not depend on that.
  conn.pragma("foreign_keys = ON");
  // As lib/migrate.ts opens the file: in WAL mode NORMAL syncs at checkpoints, not on every
  // commit (a commit stays atomic; only the last ones can be lost on power failure). The driver
  // is synchronous, so a sync per commit stalled the whole process.
  conn.pragma("synchronous = NORMAL");
  // Statement journals (kept while a statement runs inside a SAVEPOINT, as every transaction
  // does) in memory rather than in a temporary file: an UPDATE in a grouped commit cost three
  // times as much with the file.
  conn.pragma("temp_store = MEMORY");
  // Reads through a memory map and a 64 MiB page cache (default 2 MiB): once the attempts table
  // holds a million rows, each attempt's index lookups otherwise miss the cache and read pages
  // with system calls (measured: 1.59 -> 1.28 ms of server CPU per attempt).
  conn.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  conn.pragma(`mmap_size = ${mmapBytes}`);
}

/**
 * How a DateTime is stored on SQLite (what Prisma writes and compares against): ISO 8601 UTC
 * text with an explicit `+00:00` offset, e.g. `2026-01-02T03:04:05.678+00:00`.
 */
export const sqliteDateTimeText = (d: Date): string => `${d.toISOString().slice(0, -1)}+00:00`;

// ---- values in ------------------------------------------------------------------------------

function toSqliteArg(value: unknown, type: ArgType | undefined): unknown {
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
function declaredColumnType(decl: string | null): ColumnType | undefined {
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
function valueColumnType(rows: unknown[][], index: number): ColumnType {
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
function fromSqliteValue(v: unknown, type: ColumnType): unknown {
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

function mapSqliteError(e: SqliteDriverError): MappedError {
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
function guarded<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (!isSqliteDriverError(e)) throw e;
    throw new DriverAdapterError({ ...mapSqliteError(e), originalCode: e.code, originalMessage: e.message });
  }
}

// ---- the adapter ----------------------------------------------------------------------------

const ADAPTER_NAME = "gauntlet-sqlite";

/** Prepared statements of Prisma's queries, per connection (Prisma's SQL texts repeat). */
const MAX_CACHED_STATEMENTS = 500;

class SqliteQueryable {
  readonly provider = "sqlite" as const;
  readonly adapterName = ADAPTER_NAME;
  constructor(
    protected readonly conn: Database.Database,
    protected readonly statements: Map<string, Database.Statement>,
  ) {}

  private prepare(sql: string): Database.Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.conn.prepare(sql);
      if (stmt.reader) stmt.raw(true).safeIntegers(true);
      if (this.statements.size >= MAX_CACHED_STATEMENTS) this.statements.clear();
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return Promise.resolve(
      guarded(() => {
        const stmt = this.prepare(query.sql);
        const args = query.args.map((a, i) => toSqliteArg(a, query.argTypes[i]));
        if (!stmt.reader) {
          stmt.run(args);
          return { columnNames: [], columnTypes: [], rows: [] };
        }
        const rows = stmt.all(args) as unknown[][];
        const columns = stmt.columns();
        const columnTypes = columns.map((c, i) => declaredColumnType(c.type) ?? valueColumnType(rows, i));
        for (const row of rows) {
          for (let i = 0; i < row.length; i++) row[i] = fromSqliteValue(row[i], columnTypes[i]!);
        }
        return { columnNames: columns.map((c) => c.name), columnTypes, rows };
      }),
    );
  }

  executeRaw(query: SqlQuery): Promise<number> {
    return Promise.resolve(
      guarded(() => {
        const args = query.args.map((a, i) => toSqliteArg(a, query.argTypes[i]));
        return this.prepare(query.sql).run(args).changes;
      }),
    );
  }

  protected run(sql: string): void {
    guarded(() => this.prepare(sql).run());
  }
}

/**
 * A Prisma interactive transaction. Prisma itself sends BEGIN's COMMIT or ROLLBACK through
 * executeRaw (usePhantomQuery: false); commit() and rollback() then end our hold on the
 * connection.
 */
class SqliteTransaction extends SqliteQueryable implements Transaction {
  readonly options: TransactionOptions = { usePhantomQuery: false };
  constructor(
    conn: Database.Database,
    statements: Map<string, Database.Statement>,
    private readonly release: () => void,
  ) {
    super(conn, statements);
  }

  commit(): Promise<void> {
    this.release();
    return Promise.resolve();
  }

  rollback(): Promise<void> {
    try {
      // Prisma calls rollback() without a ROLLBACK statement when its COMMIT failed: never hand
      // the connection on with the transaction still open.
      if (this.conn.inTransaction) this.run("ROLLBACK");
    } finally {
      this.release();
    }
    return Promise.resolve();
  }

  createSavepoint(name: string): Promise<void> {
    this.run(`SAVEPOINT ${name}`);
    return Promise.resolve();
  }

  rollbackToSavepoint(name: string): Promise<void> {
    this.run(`ROLLBACK TO ${name}`);
    return Promise.resolve();
  }

  releaseSavepoint(name: string): Promise<void> {
    this.run(`RELEASE ${name}`);
    return Promise.resolve();
  }
}

/** One Prisma interactive transaction at a time on the connection: the next waits its turn. */
class TurnLock {
  private tail: Promise<void> = Promise.resolve();
  acquire(): Promise<() => void> {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const before = this.tail;
    this.tail = before.then(() => turn);
    let released = false;
    return before.then(() => () => {
      if (released) return;
      released = true;
      release();
    });
  }
}

class SqliteAdapter extends SqliteQueryable implements SqlDriverAdapter {
  private readonly lock = new TurnLock();
  constructor(
    conn: Database.Database,
    statements: Map<string, Database.Statement>,
    private readonly onDispose: () => void,
  ) {
    super(conn, statements);
  }

  executeScript(script: string): Promise<void> {
    guarded(() => this.conn.exec(script));
    return Promise.resolve();
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    // SQLite transactions are serializable; no other level can be given.
    if (isolationLevel && isolationLevel !== "SERIALIZABLE") {
      throw new DriverAdapterError({ kind: "InvalidIsolationLevel", level: isolationLevel });
    }
    const release = await this.lock.acquire();
    try {
      this.run("BEGIN");
    } catch (e) {
      release();
      throw e;
    }
    return new SqliteTransaction(this.conn, this.statements, release);
  }

  dispose(): Promise<void> {
    this.onDispose();
    return Promise.resolve();
  }
}

/**
 * The SQLite database of one Prisma client: opens the better-sqlite3 connection (with the
 * pragmas above) on first use, serves it to Prisma as a driver adapter and to the hot path as
 * `connection()`. Prisma's dispose (on $disconnect) closes it; the next use opens it again.
 */
export class SqliteDatabase implements SqlDriverAdapterFactory {
  readonly provider = "sqlite" as const;
  readonly adapterName = ADAPTER_NAME;
  private conn: Database.Database | null = null;
  private statements = new Map<string, Database.Statement>();

  constructor(
    private readonly file: string,
    private readonly mmapBytes: number,
  ) {}

  /** The open connection (opened now if needed). Statements on it share Prisma's transactions. */
  connection(): Database.Database {
    if (this.conn?.open) return this.conn;
    const conn = new Database(this.file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
    try {
      applyPragmas(conn, this.mmapBytes);
    } catch (e) {
      conn.close();
      throw e;
    }
    this.statements = new Map();
    return (this.conn = conn);
  }

  connect(): Promise<SqlDriverAdapter> {
    const conn = this.connection();
    return Promise.resolve(new SqliteAdapter(conn, this.statements, () => this.close(conn)));
  }

  /** Closes the connection (a later use opens a new one). */
  close(conn: Database.Database | null = this.conn): void {
    if (!conn) return;
    if (conn === this.conn) this.conn = null;
    if (conn.open) conn.close();
  }
}
