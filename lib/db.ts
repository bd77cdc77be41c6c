import "server-only";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqliteClient } from "@/lib/generated/sqlite/client";
import { PrismaClient as PostgresClient } from "@/lib/generated/postgres/client";
import { env } from "@/lib/env";
import { sqliteFilePath } from "@/lib/db-url";

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

function makeClient(url: string) {
  if (url.startsWith("file:")) {
    // WAL is set persistently by the migration runner; the busy timeout is per connection.
    const adapter = new PrismaBetterSqlite3({ url: `file:${sqliteFilePath(url)}`, timeout: 10_000 });
    return new SqliteClient({ adapter, omit: secretColumns });
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

export async function disconnectDb(): Promise<void> {
  const held = globalForDb.__gauntletDb;
  globalForDb.__gauntletDb = undefined;
  await held?.client.$disconnect();
}
