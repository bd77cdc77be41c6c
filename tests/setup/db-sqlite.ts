import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { migrate } from "@/lib/migrate";

// Each integration test file gets a fresh, migrated SQLite database.
const dir = mkdtempSync(join(tmpdir(), "gauntlet-it-"));
const url = `file:${join(dir, "test.db")}`;
process.env.DATA_DIR = dir;
process.env.DATABASE_URL = url;
process.env.LOG_LEVEL = "silent";
process.env.AUTH_SECRET ??= "integration-test-auth-secret-0123456789abcdef012345";
process.env.ENCRYPTION_KEY ??= Buffer.alloc(32, 9).toString("base64");
process.env.RATE_LIMIT_STORE ??= "database";

await migrate(url);

afterAll(async () => {
  const { disconnectDb } = await import("@/lib/db");
  await disconnectDb();
  rmSync(dir, { recursive: true, force: true });
});
