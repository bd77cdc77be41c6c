// Deletes the local SQLite database (only SQLite: a PostgreSQL database is never dropped here).
import { rmSync } from "node:fs";
import { sqliteFilePath } from "../lib/db/url";

const url = process.env.DATABASE_URL ?? "file:./data/gauntlet.db";
if (!url.startsWith("file:")) {
  console.error("db:reset only deletes SQLite files; drop a PostgreSQL database yourself");
  process.exit(2);
}
const file = sqliteFilePath(url);
for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
console.log(`deleted ${file}; it is recreated and seeded on the next start`);
