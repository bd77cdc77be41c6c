// prisma/schema.prisma (SQLite) is the one source of truth; the PostgreSQL schema is generated
// from it so both clients expose the same models and fields.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const src = join(root, "prisma/schema.prisma");
if (!existsSync(src)) process.exit(0);
const input = readFileSync(src, "utf8");

const out = input
  .replace(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"')
  .replace(/output\s*=\s*"\.\.\/lib\/generated\/sqlite"/, 'output   = "../../lib/generated/postgres"');

if (out === input) {
  console.error("sync-schemas: expected a sqlite datasource and ../lib/generated/sqlite output");
  process.exit(1);
}
const header = "// GENERATED from prisma/schema.prisma by scripts/sync-schemas.mjs. Do not edit.\n";
mkdirSync(join(root, "prisma/postgres"), { recursive: true });
const target = join(root, "prisma/postgres/schema.prisma");
const next = header + out;
if (!existsSync(target) || readFileSync(target, "utf8") !== next) writeFileSync(target, next);
