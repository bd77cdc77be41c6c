import "server-only";
import type BetterSqlite3 from "better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient as SqliteClient } from "@/lib/generated/sqlite/client";
import { PrismaClient as PostgresClient } from "@/lib/generated/postgres/client";
import { env } from "@/lib/env";
import { sqliteFilePath } from "@/lib/db/url";
import { SqliteDatabase } from "@/lib/db/sqlite";

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
 * SQLite: the project's own driver adapter (lib/db/sqlite.ts) opens and keeps the one
 * better-sqlite3 connection; the Prisma client runs on it, and so does the hot path
 * (lib/db/sql.ts) through sqliteConnection().
 */
function makeSqliteClient(database: SqliteDatabase) {
  return new SqliteClient({ adapter: database, omit: secretColumns });
}

function makeClient(url: string, sqlite: SqliteDatabase | undefined) {
  if (sqlite) return makeSqliteClient(sqlite);
  const adapter = new PrismaPg({ connectionString: url, max: 10 });
  // Both clients come from one schema and expose the same API.
  return new PostgresClient({ adapter, omit: secretColumns }) as unknown as SqliteClient<
    never,
    typeof secretColumns
  >;
}

export type Db = ReturnType<typeof makeSqliteClient>;
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

// On globalThis: Next.js can load this module more than once (per route bundle, after a dev
// reload), and every copy must share one client and one SQLite connection.
interface HeldDb {
  url: string;
  client: Db;
  sqlite?: SqliteDatabase;
}
const globalForDb = globalThis as unknown as { __gauntletDb?: HeldDb };

function heldDb(): HeldDb {
  const url = env.DATABASE_URL;
  const held = globalForDb.__gauntletDb;
  if (held && held.url === url) return held;
  // WAL is set persistently by the migration runner; the other pragmas per connection.
  const sqlite = url.startsWith("file:") ? new SqliteDatabase(sqliteFilePath(url), env.SQLITE_MMAP_BYTES) : undefined;
  return (globalForDb.__gauntletDb = { url, client: makeClient(url, sqlite), sqlite });
}

export function getDb(): Db {
  return heldDb().client;
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
export function sqliteConnection(): BetterSqlite3.Database | null {
  if (env.databaseKind !== "sqlite") return null;
  const { sqlite } = heldDb();
  if (!sqlite) throw new Error("The SQLite connection is not available");
  return sqlite.connection();
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
  // Pipeline mode: a query is written at once, not after the one before it has answered, so a
  // transaction's BEGIN travels with its first statement (lib/db/sql.ts). Awaited queries behave
  // as without it (each has its own Sync: an error fails that query alone, or the transaction).
  const pool = new pg.Pool({ connectionString: url, max: PG_POOL_MAX, types: pgTypes, pipeline: true });
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
  // Opened by the hot path alone, the connection is not Prisma's to close on $disconnect.
  held?.sqlite?.close();
}
