import "server-only";
import Database from "better-sqlite3";
import {
  DriverAdapterError,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
  type Transaction,
  type TransactionOptions,
} from "@prisma/driver-adapter-utils";
import {
  declaredColumnType,
  fromSqliteValue,
  guarded,
  toSqliteArg,
  valueColumnType,
} from "@/lib/db/sqlite-values";


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
