// The hot path's statements use the index they were written for (SQLite picks plans without
// statistics, so an index that only matches a low-selectivity column like status can win and
// turn a per-player lookup into a scan of the whole table).
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { sqliteFilePath } from "@/lib/db/url";

const url = process.env.DATABASE_URL ?? "";

function plan(sql: string, ...params: unknown[]): string {
  const conn = new Database(sqliteFilePath(url), { readonly: true });
  try {
    const sqlite = sql.replace(/\$\d+/g, "?");
    const rows = conn.prepare(`EXPLAIN QUERY PLAN ${sqlite}`).all(...params) as { detail: string }[];
    return rows.map((r) => r.detail).join("; ");
  } finally {
    conn.close();
  }
}

describe.skipIf(!url.startsWith("file:"))("query plans of the attempt hot path (SQLite)", () => {
  it.each([
    {
      name: "a player's completed attempts on a challenge",
      sql: `SELECT COUNT(*) AS n FROM challenge_attempts WHERE challenge_id = $1 AND end_user_id = $2 AND status = 'completed'`,
      index: "challenge_attempts_challenge_id_end_user_id_created_at_idx",
    },
    {
      name: "a player's pending claims on a challenge",
      sql: `SELECT id FROM challenge_attempts WHERE challenge_id = $1 AND end_user_id = $2 AND status = 'pending'`,
      index: "challenge_attempts_challenge_id_end_user_id_created_at_idx",
    },
    {
      name: "a player's wrong password claims on a challenge (claim-limits.ts)",
      sql: `SELECT COUNT(*) AS n, MAX(created_at) AS last FROM challenge_attempts
     WHERE challenge_id = $1 AND end_user_id = $2 AND prompt = $3 AND created_at > $4
       AND (status = 'pending' OR (status = 'completed' AND succeeded = FALSE))`,
      index: "challenge_attempts_challenge_id_end_user_id_created_at_idx",
    },
    {
      name: "every pending claim, for the start-up sweep",
      sql: `SELECT id FROM challenge_attempts WHERE lease_until IS NOT NULL AND status = 'pending' ORDER BY lease_until ASC LIMIT 10`,
      index: "challenge_attempts_lease_until_idx",
    },
  ])("$name uses $index", ({ sql, index }) => {
    const detail = plan(sql, ...Array.from({ length: (sql.match(/\$\d+/g) ?? []).length }, () => "x"));
    expect(detail).toContain(`USING INDEX ${index}`);
    expect(detail).not.toMatch(/SCAN challenge_attempts(?! USING)/);
  });
});
