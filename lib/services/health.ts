import "server-only";
import { db } from "@/lib/db";

/** Resolves when the database answers a trivial query; rejects when it is unreachable. */
export async function pingDatabase(): Promise<void> {
  await db.$queryRawUnsafe("SELECT 1");
}
