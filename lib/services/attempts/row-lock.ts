import "server-only";
import type { Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/sqlite/client";

// Serializes transactions that touch one challenge (or one player) by locking its row first.
// PostgreSQL: SELECT … FOR NO KEY UPDATE — a row lock that writes nothing and does not block
// foreign-key checks of concurrent inserts that reference the row. SQLite has no row locks; a
// no-op UPDATE as the first statement takes the database write lock (waiting up to the busy
// timeout), which serializes the same transactions.

const TABLES = { challenge: "challenges", endUser: "end_users" } as const;
const NOOP_COLUMN = { challenge: "is_active", endUser: "type" } as const;

/** Locks the row; false when it does not exist. */
export async function lockRow(tx: Tx, kind: keyof typeof TABLES, id: string): Promise<boolean> {
  const table = Prisma.raw(TABLES[kind]);
  if (env.databaseKind === "postgresql") {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM ${table} WHERE id = ${id} FOR NO KEY UPDATE`;
    return rows.length > 0;
  }
  const column = Prisma.raw(NOOP_COLUMN[kind]);
  return (await tx.$executeRaw`UPDATE ${table} SET ${column} = ${column} WHERE id = ${id}`) > 0;
}
