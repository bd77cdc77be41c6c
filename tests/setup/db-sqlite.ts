import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll } from "vitest";
import { migrate } from "@/lib/migrate";
import { prepareTestEnvironment } from "./test-env";

// Each integration test file gets a fresh, migrated SQLite database.
const { dir, url } = prepareTestEnvironment("gauntlet-it-", (d) => `file:${join(d, "test.db")}`);
await migrate(url);

afterAll(async () => {
  const { disconnectDb } = await import("@/lib/db");
  await disconnectDb();
  rmSync(dir, { recursive: true, force: true });
});
