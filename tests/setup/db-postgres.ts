import { rmSync } from "node:fs";
import pg from "pg";
import { afterAll } from "vitest";
import { migrate } from "@/lib/migrate";
import { prepareTestEnvironment } from "./test-env";

// Each integration test file gets its own freshly migrated PostgreSQL database on the server
// named by TEST_DATABASE_URL, dropped afterwards.
const base = process.env.TEST_DATABASE_URL;
if (!base) throw new Error("TEST_DATABASE_URL is required for the postgres project");
const name = `gauntlet_t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);

const { dir, url } = prepareTestEnvironment("gauntlet-itpg-", () => {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
});
await migrate(url);

afterAll(async () => {
  const { disconnectDb } = await import("@/lib/db");
  await disconnectDb();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
});
