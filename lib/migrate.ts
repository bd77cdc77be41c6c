import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { sqliteFilePath } from "@/lib/db/url";

// Applies the committed migration.sql files in order and records them in Prisma's own
// `_prisma_migrations` table format, so no native schema engine is needed at deploy time.

export type DbKind = "sqlite" | "postgresql";

export function kindOf(url: string): DbKind {
  return url.startsWith("file:") ? "sqlite" : "postgresql";
}

export function migrationsDir(kind: DbKind, root = /*turbopackIgnore: true*/ process.cwd()): string {
  return kind === "sqlite" ? join(root, "prisma/migrations") : join(root, "prisma/postgres/migrations");
}

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir: string): Migration[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

export interface MigrateResult {
  applied: string[];
  pending: number;
  changedChecksums: string[];
}

const SQLITE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" TEXT PRIMARY KEY NOT NULL,
  "checksum" TEXT NOT NULL,
  "finished_at" DATETIME,
  "migration_name" TEXT NOT NULL,
  "logs" TEXT,
  "rolled_back_at" DATETIME,
  "started_at" DATETIME NOT NULL DEFAULT current_timestamp,
  "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

const PG_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** Opens an SQLite file the way the app wants it: WAL journal, busy timeout. */
export function openSqlite(url: string): Database.Database {
  const file = sqliteFilePath(url);
  mkdirSync(dirname(file), { recursive: true });
  const conn = new Database(file, { timeout: 10_000 });
  conn.pragma("journal_mode = WAL");
  conn.pragma("synchronous = NORMAL");
  conn.pragma("foreign_keys = ON");
  return conn;
}

export async function migrate(url: string, dir = migrationsDir(kindOf(url))): Promise<MigrateResult> {
  const migrations = readMigrations(dir);
  return kindOf(url) === "sqlite" ? migrateSqlite(url, migrations) : migratePostgres(url, migrations);
}

function plan(migrations: Migration[], applied: Map<string, string>): { todo: Migration[]; changed: string[] } {
  const changed = migrations.filter((m) => applied.has(m.name) && applied.get(m.name) !== m.checksum);
  return { todo: migrations.filter((m) => !applied.has(m.name)), changed: changed.map((m) => m.name) };
}

function migrateSqlite(url: string, migrations: Migration[]): MigrateResult {
  const conn = openSqlite(url);
  try {
    conn.exec(SQLITE_TABLE);
    const result: MigrateResult = { applied: [], pending: 0, changedChecksums: [] };
    // BEGIN IMMEDIATE takes the write lock, so two processes starting at once apply each
    // migration exactly once: the second waits, then sees it recorded.
    const run = conn.transaction(() => {
      const rows = conn
        .prepare(`SELECT migration_name, checksum FROM "_prisma_migrations" WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL`)
        .all() as { migration_name: string; checksum: string }[];
      const { todo, changed } = plan(migrations, new Map(rows.map((r) => [r.migration_name, r.checksum])));
      result.changedChecksums = changed;
      for (const m of todo) {
        conn.exec(m.sql);
        conn
          .prepare(
            `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES (?, ?, ?, ?, ?, 1)`,
          )
          .run(randomUUID(), m.checksum, Date.now(), m.name, Date.now());
        result.applied.push(m.name);
      }
    });
    run.immediate();
    return result;
  } finally {
    conn.close();
  }
}

async function migratePostgres(url: string, migrations: Migration[]): Promise<MigrateResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const LOCK = 72_707_369; // arbitrary app-wide advisory lock id
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK]);
    await client.query(PG_TABLE);
    const { rows } = await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL`,
    );
    const { todo, changed } = plan(migrations, new Map(rows.map((r) => [r.migration_name, r.checksum])));
    const result: MigrateResult = { applied: [], pending: 0, changedChecksums: changed };
    for (const m of todo) {
      await client.query("BEGIN");
      try {
        await client.query(m.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES ($1, $2, now(), $3, now(), 1)`,
          [randomUUID(), m.checksum, m.name],
        );
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
      }
      result.applied.push(m.name);
    }
    return result;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK]).catch(() => undefined);
    await client.end();
  }
}
