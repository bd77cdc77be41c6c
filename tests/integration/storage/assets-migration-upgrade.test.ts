// Upgrading a SQLite database that already has assets: the migration that adds upload_files.store
// keeps every row, marks it "file" (its bytes are still in DATA_DIR/assets, to be imported) and
// leaves challenges' hero_asset_id alone. A table rebuild would drop upload_files with foreign
// keys on, and that drop clears every hero_asset_id (ON DELETE SET NULL).
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { migrate, migrationsDir, openSqlite } from "@/lib/migrate";

const MIGRATION = "20261127214427_shared_assets";
const dir = mkdtempSync(join(tmpdir(), "gauntlet-asset-upgrade-"));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("keeps asset rows and challenges' hero assets, and marks the rows as files to import", async () => {
  const all = migrationsDir("sqlite");
  const before = join(dir, "before");
  mkdirSync(before);
  for (const name of readdirSync(all)) if (name < MIGRATION) cpSync(join(all, name), join(before, name), { recursive: true });
  const url = `file:${join(dir, "upgrade.db")}`;
  await migrate(url, before);

  const conn = openSqlite(url);
  try {
    conn.exec(`
      INSERT INTO workspaces (id, name, slug, updated_at) VALUES ('w1', 'W', 'w', 0);
      INSERT INTO apps (id, tenant_id, name, updated_at) VALUES ('a1', 'w1', 'A', 0);
      INSERT INTO upload_files (id, tenant_id, filename, mime_type, size, storage_key)
        VALUES ('f1', 'w1', 'hero.png', 'image/png', 3, 'f1.png');
      INSERT INTO challenges (id, tenant_id, app_id, name, goal, updated_at, hero_asset_id)
        VALUES ('c1', 'w1', 'a1', 'C', 'G', 0, 'f1');
    `);
  } finally {
    conn.close();
  }

  const res = await migrate(url, all);
  expect(res.applied).toContain(MIGRATION);

  const after = openSqlite(url);
  try {
    expect(after.prepare("SELECT hero_asset_id FROM challenges WHERE id = 'c1'").get()).toEqual({ hero_asset_id: "f1" });
    expect(after.prepare("SELECT store, storage_key FROM upload_files WHERE id = 'f1'").get()).toEqual({
      store: "file",
      storage_key: "f1.png",
    });
    expect(after.pragma("foreign_key_check")).toEqual([]);
  } finally {
    after.close();
  }
});
