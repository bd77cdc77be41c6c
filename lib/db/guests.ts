import "server-only";
import type { Tx } from "@/lib/db";
import { Prisma } from "@/lib/generated/sqlite/client";
import { env } from "@/lib/env";

// Row locks for claiming a guest's attempts, taken as the attempt path takes them (lib/db/sql.ts
// lockRow), so a claim and an attempt of the same player take turns. Prisma has no SELECT … FOR
// NO KEY UPDATE; on SQLite the transaction's first write already holds the database's write lock.

async function lockRowIn(tx: Tx, table: "challenges" | "end_users", id: string): Promise<boolean> {
  const suffix = env.databaseKind === "postgresql" ? " FOR NO KEY UPDATE" : "";
  const rows = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM ${Prisma.raw(table)} WHERE id = ${id}${Prisma.raw(suffix)}`;
  return rows.length > 0;
}

/** Locks a challenge's row until the transaction ends; false when there is no such challenge. */
export const lockChallengeRow = (tx: Tx, id: string): Promise<boolean> => lockRowIn(tx, "challenges", id);

/** Locks an end user's row until the transaction ends; false when there is no such end user. */
export const lockEndUserRow = (tx: Tx, id: string): Promise<boolean> => lockRowIn(tx, "end_users", id);
