import "server-only";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import type BetterSqlite3 from "better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient as SqliteClient } from "@/lib/generated/sqlite/client";
import { PrismaClient as PostgresClient } from "@/lib/generated/postgres/client";
import { env } from "@/lib/env";
import { sqliteFilePath } from "@/lib/db/url";

// Columns that hold secrets are omitted from every query; a service that needs one asks for it
// with `omit: { column: false }`.
export const secretColumns = {
  account: { passwordHash: true },
  apiToken: { tokenHash: true },
  secret: { valueEncrypted: true },
  llmProvider: { apiKeyEncrypted: true },
  webhookEndpoint: { secretEncrypted: true },
  emailLoginCode: { codeHash: true },
} as const;

/**
 * The better-sqlite3 connection behind a SQLite client, once Prisma has opened it. Kept on
 * globalThis like the client itself: Next.js can load this module more than once (per route
 * bundle, after a dev reload) while the client is shared, and a module-local map would then miss
 * the connection of a client another copy opened.
 */
const sqliteConnections = ((globalThis as unknown as { __gauntletSqliteConnections?: WeakMap<object, BetterSqlite3.Database> })
  .__gauntletSqliteConnections ??= new WeakMap<object, BetterSqlite3.Database>());

// The adapter opens one connection per client; keeping a handle to it lets lib/db/sql.ts run
// prepared statements on that same connection (no second connection contending for the lock).
/** Page cache per SQLite connection, KiB. */
const SQLITE_CACHE_KIB = 64 * 1024;

class CapturingSqliteAdapter extends PrismaBetterSqlite3 {
  owner: object | null = null;
  override async connect() {
    const adapter = await super.connect();
    const conn = (adapter as unknown as { client?: BetterSqlite3.Database }).client;
    if (conn) {
      // As lib/migrate.ts opens the file: in WAL mode NORMAL syncs at checkpoints, not on every
      // commit (a commit stays atomic; only the last ones can be lost on power failure). The
      // driver is synchronous, so a sync per commit stalled the whole process.
      conn.pragma("synchronous = NORMAL");
      // Statement journals (kept while a statement runs inside a SAVEPOINT, as every
      // transaction does) in memory rather than in a temporary file: an UPDATE in a grouped
      // commit cost three times as much with the file.
      conn.pragma("temp_store = MEMORY");
      // Reads through a memory map and a 64 MiB page cache (default 2 MiB): once the attempts
      // table holds a million rows, each attempt's index lookups otherwise miss the cache and
      // read pages with system calls (measured: 1.59 -> 1.28 ms of server CPU per attempt).
      conn.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
      conn.pragma(`mmap_size = ${env.SQLITE_MMAP_BYTES}`);
      if (this.owner) sqliteConnections.set(this.owner, conn);
    }
    return adapter;
  }
}

function makeClient(url: string) {
  if (url.startsWith("file:")) {
    // WAL is set persistently by the migration runner; the busy timeout is per connection.
    const adapter = new CapturingSqliteAdapter({ url: `file:${sqliteFilePath(url)}`, timeout: 10_000 });
    const client = new SqliteClient({ adapter, omit: secretColumns });
    adapter.owner = client;
    return client;
  }
  const adapter = new PrismaPg({ connectionString: url, max: 10 });
  // Both clients come from one schema and expose the same API.
  return new PostgresClient({ adapter, omit: secretColumns }) as unknown as SqliteClient<
    never,
    typeof secretColumns
  >;
}

export type Db = ReturnType<typeof makeClient>;
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

const globalForDb = globalThis as unknown as { __gauntletDb?: { url: string; client: Db } };

export function getDb(): Db {
  const url = env.DATABASE_URL;
  const held = globalForDb.__gauntletDb;
  if (held && held.url === url) return held.client;
  const client = makeClient(url);
  globalForDb.__gauntletDb = { url, client };
  return client;
}

/** The application's Prisma client (SQLite or PostgreSQL per DATABASE_URL). */
export const db: Db = new Proxy({} as Db, {
  get(_t, prop) {
    const client = getDb();
    const value = Reflect.get(client, prop, client) as unknown;
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(client) : value;
  },
});

/**
 * The SQLite connection the application's client uses (opening it if needed); null on
 * PostgreSQL. For lib/db/sql.ts only: statements on it share the client's transactions.
 */
export async function sqliteConnection(): Promise<BetterSqlite3.Database | null> {
  if (env.databaseKind !== "sqlite") return null;
  const client = getDb();
  let conn = sqliteConnections.get(client);
  if (!conn) {
    await client.$connect();
    conn = sqliteConnections.get(client);
  }
  if (!conn) throw new Error("The SQLite connection is not available");
  return conn;
}

// PostgreSQL's hot path (lib/db/sql.ts) runs on a pool of the project's own: a raw query through
// the Prisma client cost several times the CPU of the same statement on node-postgres, and an
// interactive Prisma transaction more again.

/** Connections of the hot-path pool, beside the Prisma client's own ten. */
const PG_POOL_MAX = 10;

// Timestamps are stored without a time zone, in UTC (as Prisma writes them): read them as UTC,
// not in the server's local zone. COUNT(*) and other int8 values come back as numbers.
const TIMESTAMP_OID = 1114;
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    if (oid === TIMESTAMP_OID) return (v: string) => new Date(`${v.replace(" ", "T")}Z`);
    if (oid === INT8_OID) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format) as unknown;
  }) as typeof pg.types.getTypeParser,
};

const globalForPool = globalThis as unknown as { __gauntletPgPool?: { url: string; pool: pg.Pool } };

/** The hot path's PostgreSQL pool; null on SQLite. */
export function pgPool(): pg.Pool | null {
  if (env.databaseKind !== "postgresql") return null;
  const url = env.DATABASE_URL;
  const held = globalForPool.__gauntletPgPool;
  if (held && held.url === url) return held.pool;
  const pool = new pg.Pool({ connectionString: url, max: PG_POOL_MAX, types: pgTypes });
  // An idle connection dropped by the server is replaced on the next checkout.
  pool.on("error", () => undefined);
  globalForPool.__gauntletPgPool = { url, pool };
  return pool;
}

export async function disconnectDb(): Promise<void> {
  const held = globalForDb.__gauntletDb;
  globalForDb.__gauntletDb = undefined;
  const pool = globalForPool.__gauntletPgPool;
  globalForPool.__gauntletPgPool = undefined;
  await Promise.all([held?.client.$disconnect(), pool?.pool.end()]);
}
