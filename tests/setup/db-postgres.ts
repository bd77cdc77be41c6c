import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll } from "vitest";
import { migrate } from "@/lib/migrate";

// Each integration test file gets its own freshly migrated PostgreSQL database on the server
// named by TEST_DATABASE_URL, dropped afterwards.
const base = process.env.TEST_DATABASE_URL;
if (!base) throw new Error("TEST_DATABASE_URL is required for the postgres project");
const name = `gauntlet_t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
const u = new URL(base);
u.pathname = `/${name}`;
const url = u.toString();

const dir = mkdtempSync(join(tmpdir(), "gauntlet-itpg-"));
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
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
});
