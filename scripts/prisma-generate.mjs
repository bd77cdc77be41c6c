// Generates both Prisma clients (SQLite and PostgreSQL) without Prisma's native schema engine.
// The CLI insists on locating a schema engine binary even for `generate`, which never uses it;
// pointing it at a stub keeps it from trying to download one.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const stubDir = join(tmpdir(), "gauntlet-prisma");
const stub = join(stubDir, "schema-engine-stub");
if (!existsSync(stub)) {
  mkdirSync(stubDir, { recursive: true });
  writeFileSync(stub, "#!/bin/sh\necho 'schema engine not available; use npm run db:* scripts' >&2\nexit 1\n");
  chmodSync(stub, 0o755);
}

// Keep the PostgreSQL schema in step with the SQLite source before generating.
const sync = spawnSync(process.execPath, [join(root, "scripts/sync-schemas.mjs")], { stdio: "inherit" });
if (sync.status !== 0) process.exit(sync.status ?? 1);

for (const schema of ["prisma/schema", "prisma/postgres/schema"]) {
  if (!existsSync(join(root, schema))) continue;
  const res = spawnSync("npx", ["--no-install", "prisma", "generate", "--schema", schema], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: stub,
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
      CHECKPOINT_DISABLE: "1",
    },
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
