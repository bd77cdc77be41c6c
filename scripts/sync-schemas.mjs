// prisma/schema/ (SQLite, one .prisma file per domain) is the one source of truth; the
// PostgreSQL schema folder is generated from it so both clients expose the same models and fields.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const srcDir = join(root, "prisma/schema");
const targetDir = join(root, "prisma/postgres/schema");
if (!existsSync(srcDir)) process.exit(0);
const files = readdirSync(srcDir).filter((f) => f.endsWith(".prisma")).sort();

const header = "// GENERATED from prisma/schema/ by scripts/sync-schemas.mjs. Do not edit.\n";
const rules = [
  [/provider\s*=\s*"sqlite"/, 'provider = "postgresql"'],
  [/output(\s*)=\s*"\.\.\/\.\.\/lib\/generated\/sqlite"/, 'output$1= "../../../lib/generated/postgres"'],
];
const outputs = new Map();
let rewritten = 0;
for (const file of files) {
  let out = readFileSync(join(srcDir, file), "utf8");
  for (const [pattern, replacement] of rules) {
    const next = out.replace(pattern, replacement);
    if (next !== out) rewritten++;
    out = next;
  }
  outputs.set(file, header + out);
}
if (rewritten !== rules.length) {
  console.error("sync-schemas: expected one sqlite datasource and one ../../lib/generated/sqlite output in prisma/schema/");
  process.exit(1);
}

mkdirSync(targetDir, { recursive: true });
for (const stale of readdirSync(targetDir)) {
  if (stale.endsWith(".prisma") && !outputs.has(stale)) rmSync(join(targetDir, stale));
}
for (const [file, next] of outputs) {
  const target = join(targetDir, file);
  if (!existsSync(target) || readFileSync(target, "utf8") !== next) writeFileSync(target, next);
}
