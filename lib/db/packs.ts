import "server-only";
import type { Tx } from "@/lib/db";
import { env } from "@/lib/env";

/**
 * PostgreSQL: pack-run starts in one workspace take turns until the transaction ends (an advisory
 * lock: Prisma has no way to lock a key that is not a row). SQLite: nothing, the first write of
 * the transaction takes the database's write lock.
 */
export async function serializePackRunStarts(tx: Tx, workspaceId: string): Promise<void> {
  if (env.databaseKind !== "postgresql") return;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`pack-runs:${workspaceId}`}))`;
}
