import "server-only";
import type Database from "better-sqlite3";
import { Redis } from "ioredis";
import pg from "pg";
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { sqliteFilePath } from "@/lib/db/url";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { openSqlite } from "@/lib/migrate";

// Where rate-limit counters live. Every store but memory is shared by all app processes and
// updates a counter in one atomic statement (SQLite/PostgreSQL upsert, Redis Lua script), so
// limits hold when several workers or instances serve the same users.

export type RateLimitStoreKind = "sqlite" | "postgresql" | "redis" | "memory";

/** Table holding the counters on SQLite and PostgreSQL, outside the Prisma schema. */
export const RATE_LIMIT_TABLE = "rate_limits";

const CLEANUP_EVERY_MS = 5 * 60_000;

export interface LimiterSpec {
  /** The limit's name; stored keys are `<prefix><name>:<key>`. */
  name: string;
  points: number;
  duration: number;
  blockDuration: number;
}

/**
 * Key prefix in the database and in memory. Redis keys start with REDIS_PREFIX instead (the
 * default is the same), so deployments sharing one Redis keep their counters apart.
 */
export const DEFAULT_KEY_PREFIX = "gauntlet:";

/** rate-limiter-flexible's options for a spec, keys under `prefix`. */
export function limiterOptions({ name, points, duration, blockDuration }: LimiterSpec, prefix = DEFAULT_KEY_PREFIX) {
  return { keyPrefix: `${prefix}${name}`, points, duration, blockDuration };
}

export interface RateLimitStore {
  kind: RateLimitStoreKind;
  make(spec: LimiterSpec): RateLimiterAbstract;
  close(): Promise<void>;
}

/**
 * RATE_LIMIT_STORE wins; otherwise Redis when REDIS_URL is set, else the app database — so the
 * default install needs no extra service. Memory is per process and only used when asked for.
 */
export function rateLimitStoreKind(): RateLimitStoreKind {
  const choice = env.RATE_LIMIT_STORE ?? (env.REDIS_URL ? "redis" : "database");
  if (choice === "memory") return "memory";
  if (choice === "redis") {
    if (!env.REDIS_URL) throw new Error("RATE_LIMIT_STORE=redis needs REDIS_URL");
    return "redis";
  }
  return env.databaseKind;
}

/** Stores are created once per process and per target, so tests can switch databases. */
const globalStores = globalThis as unknown as {
  __gauntletRateLimitStores?: Map<string, Promise<RateLimitStore>>;
};
const stores = (globalStores.__gauntletRateLimitStores ??= new Map<string, Promise<RateLimitStore>>());

export function getRateLimitStore(): Promise<RateLimitStore> {
  const kind = rateLimitStoreKind();
  const id = storeId(kind);
  let store = stores.get(id);
  if (!store) {
    store = openStore(kind);
    stores.set(id, store);
    // A store that failed to open (database briefly down) is retried on the next call.
    store.catch(() => {
      if (stores.get(id) === store) stores.delete(id);
    });
  }
  return store;
}

/** Closes every store this process opened (tests, graceful shutdown). */
export async function closeRateLimitStores(): Promise<void> {
  const all = [...stores.values()];
  stores.clear();
  await Promise.all(all.map((p) => p.then((s) => s.close()).catch(() => undefined)));
}

function storeId(kind: RateLimitStoreKind): string {
  switch (kind) {
    case "sqlite":
      return `sqlite:${sqliteFilePath(env.DATABASE_URL)}`;
    case "postgresql":
      return `postgresql:${env.DATABASE_URL}`;
    case "redis":
      return `redis:${env.REDIS_PREFIX}:${env.REDIS_URL ?? ""}`;
    case "memory":
      return "memory";
  }
}

async function openStore(kind: RateLimitStoreKind): Promise<RateLimitStore> {
  switch (kind) {
    case "sqlite":
      return openSqliteStore(env.DATABASE_URL);
    case "postgresql":
      return openPostgresStore(env.DATABASE_URL);
    case "redis":
      return openRedisStore(env.REDIS_URL ?? "", env.REDIS_PREFIX);
    case "memory":
      return { kind, make: (spec) => new RateLimiterMemory(limiterOptions(spec)), close: () => Promise.resolve() };
  }
}

/**
 * The counters' own SQLite file beside the app's database. On the app's file, a counter update
 * on a second connection waited (synchronously, blocking the event loop) for any write
 * transaction the app held open, up to the busy timeout; on a file of their own, counters only
 * ever wait for another process's single-statement update.
 */
export function rateLimitSqlitePath(url: string): string {
  return `${sqliteFilePath(url)}.rate-limits`;
}

/** Longest wait, synchronous, for another process's counter update. */
const COUNTER_BUSY_TIMEOUT_MS = 2_000;

/**
 * The connection as the limiter sees it, with each statement text prepared once: the limiter
 * prepares its upsert on every call, which cost more than running it.
 */
function preparingOnce(conn: Database.Database): Database.Database {
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string): Database.Statement => {
    let stmt = statements.get(sql);
    if (!stmt) {
      stmt = conn.prepare(sql);
      if (statements.size >= 64) statements.clear();
      statements.set(sql, stmt);
    }
    return stmt;
  };
  return new Proxy(conn, {
    get(target, prop) {
      if (prop === "prepare") return prepare;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

function openSqliteStore(url: string): RateLimitStore {
  const conn: Database.Database = openSqlite(`file:${rateLimitSqlitePath(url)}`);
  conn.pragma(`busy_timeout = ${COUNTER_BUSY_TIMEOUT_MS}`);
  conn.exec(`CREATE TABLE IF NOT EXISTS ${RATE_LIMIT_TABLE} (
    key TEXT PRIMARY KEY,
    points INTEGER NOT NULL DEFAULT 0,
    expire INTEGER
  )`);
  const deleteExpired = conn.prepare(`DELETE FROM ${RATE_LIMIT_TABLE} WHERE expire < ?`);
  const timer = setInterval(() => {
    try {
      deleteExpired.run(Date.now() - 60_000);
    } catch (err) {
      log.warn("Rate-limit cleanup failed", { store: "sqlite", error: err });
    }
  }, CLEANUP_EVERY_MS);
  timer.unref();
  const client = preparingOnce(conn);
  return {
    kind: "sqlite",
    make: (spec) =>
      new RateLimiterSQLite({
        ...limiterOptions(spec),
        storeClient: client,
        storeType: "better-sqlite3",
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        clearExpiredByTimeout: false,
      }),
    close: () => {
      clearInterval(timer);
      conn.close();
      return Promise.resolve();
    },
  };
}

async function openPostgresStore(url: string): Promise<RateLimitStore> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 5,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client dropped by the server must not crash the process; the pool reconnects.
  pool.on("error", (err) => log.warn("Rate-limit database connection error", { error: err }));
  try {
    await pool.query(`CREATE TABLE IF NOT EXISTS "${RATE_LIMIT_TABLE}" (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    )`);
  } catch (err) {
    // Two processes creating the table at once: the loser sees a duplicate row in pg_type
    // (23505), a duplicate type (42710) or a duplicate table (42P07); the table exists either way.
    if (!["23505", "42710", "42P07"].includes(String((err as { code?: unknown }).code))) {
      await pool.end().catch(() => undefined);
      throw err;
    }
  }
  const timer = setInterval(() => {
    pool
      .query(`DELETE FROM "${RATE_LIMIT_TABLE}" WHERE expire < $1`, [Date.now() - 60_000])
      .catch((err: unknown) => log.warn("Rate-limit cleanup failed", { store: "postgresql", error: err }));
  }, CLEANUP_EVERY_MS);
  timer.unref();
  return {
    kind: "postgresql",
    make: (spec) =>
      new RateLimiterPostgres({
        ...limiterOptions(spec),
        storeClient: pool,
        storeType: "pool",
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        clearExpiredByTimeout: false,
      }),
    close: async () => {
      clearInterval(timer);
      await pool.end();
    },
  };
}

function openRedisStore(url: string, prefix: string): RateLimitStore {
  const client = new Redis(url, {
    // Fail fast when Redis is down: the limiter then falls back to memory instead of hanging.
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
  });
  let lastErrorLog = 0;
  client.on("error", (err) => {
    if (Date.now() - lastErrorLog < 30_000) return;
    lastErrorLog = Date.now();
    log.warn("Rate-limit Redis connection error", { error: err });
  });
  return {
    kind: "redis",
    make: (spec) => new RateLimiterRedis({ ...limiterOptions(spec, prefix), storeClient: client }),
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
