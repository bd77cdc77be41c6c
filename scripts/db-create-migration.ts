// Creates the next migration for both databases from prisma/schema/, without Prisma's
// native schema engine: the existing history is applied to a scratch database by our own runner,
// then the WebAssembly schema engine diffs that database against the schema.
//   npm run db:migration:create -- <name>
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import * as engineBg from "@prisma/schema-engine-wasm/schema_engine_bg";
import pg from "pg";
import { migrate, migrationsDir, type DbKind } from "../lib/migrate";

const root = join(import.meta.dirname, "..");

// Node cannot import .wasm as an ES module yet, so instantiate the engine's module by hand.
async function loadEngine(): Promise<typeof engineBg.SchemaEngine> {
  const bytes = readFileSync(join(root, "node_modules/@prisma/schema-engine-wasm/schema_engine_bg.wasm"));
  const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": engineBg });
  engineBg.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return engineBg.SchemaEngine;
}
const SchemaEngine = await loadEngine();
const name = (process.argv[2] ?? "").toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
if (!name) {
  console.error("usage: npm run db:migration:create -- <name>");
  process.exit(2);
}
const pgAdminUrl = process.env.MIGRATION_PG_URL ?? process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

spawnSync(process.execPath, [join(root, "scripts/sync-schemas.mjs")], { stdio: "inherit" });

async function withScratch<T>(kind: DbKind, fn: (url: string) => Promise<T>): Promise<T> {
  if (kind === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "gauntlet-mig-"));
    try {
      return await fn(`file:${join(dir, "scratch.db")}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const dbName = `gauntlet_scratch_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const u = new URL(pgAdminUrl);
  u.pathname = `/${dbName}`;
  try {
    return await fn(u.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
}

async function diffFor(kind: DbKind): Promise<string> {
  const schemaDir = kind === "sqlite" ? "prisma/schema" : "prisma/postgres/schema";
  const files = readdirSync(join(root, schemaDir))
    .filter((f) => f.endsWith(".prisma"))
    .sort()
    .map((f) => ({ path: `${schemaDir}/${f}`, content: readFileSync(join(root, schemaDir, f), "utf8") }));
  return withScratch(kind, async (url) => {
    await migrate(url, migrationsDir(kind, root));
    const factory =
      kind === "sqlite"
        ? new PrismaBetterSqlite3({ url: url })
        : charAsText(new PrismaPg({ connectionString: url }));
    const engine = await SchemaEngine.new(
      { datamodels: files.map((f): [string, string] => [f.path, f.content]) },
      () => undefined,
      bindMigrationAwareSqlAdapterFactory(factory),
    );
    try {
      const result = await engine.diff({
        from: { tag: "schemaDatasource", files, configDir: root },
        to: { tag: "schemaDatamodel", files },
        script: true,
        exitCode: null,
        filters: { externalTables: [], externalEnums: [] },
      });
      return result.stdout ?? "";
    } finally {
      engine.free();
    }
  });
}

// The engine's catalog queries return the internal "char" type (OID 18), which adapter-pg does
// not map; it is plain text to us.
function charAsText(factory: PrismaPg): PrismaPg {
  type IO = (q: unknown) => Promise<{ fields: { dataTypeID: number }[] }>;
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    const io = (adapter as unknown as { performIO: IO }).performIO.bind(adapter);
    (adapter as unknown as { performIO: IO }).performIO = async (q) => {
      const res = await io(q);
      for (const f of res.fields) if (f.dataTypeID === 18) f.dataTypeID = 25;
      return res;
    };
    return adapter;
  };
  return factory;
}

const stamp = new Date().toISOString().replace(/[-:TZ.]/g, "").slice(0, 14);
let wrote = 0;
for (const kind of ["sqlite", "postgresql"] as const) {
  const sql = await diffFor(kind);
  const meaningful = sql
    .split("\n")
    .some((l) => l.trim() !== "" && !l.trim().startsWith("--"));
  const dir = migrationsDir(kind, root);
  if (!meaningful) {
    console.log(`${kind}: schema and migrations already agree; nothing written`);
    continue;
  }
  mkdirSync(join(dir, `${stamp}_${name}`), { recursive: true });
  writeFileSync(join(dir, `${stamp}_${name}`, "migration.sql"), sql);
  writeFileSync(
    join(dir, "migration_lock.toml"),
    `# Written by scripts/db-create-migration.ts\nprovider = "${kind}"\n`,
  );
  console.log(`${kind}: wrote ${join(dir, `${stamp}_${name}`, "migration.sql")}`);
  wrote++;
}
// The wasm engine leaves a timer running; exit explicitly.
process.exit(wrote >= 0 ? 0 : 1);
