// lib/db/sqlite.ts: the project's own Prisma driver adapter for SQLite. The Prisma client and the
// hot path (lib/db/sql.ts) share the one connection lib/db opens; the pragmas are set on it;
// values, transactions and errors behave as Prisma expects.
import { describe, expect, it } from "vitest";
import { db, sqliteConnection } from "@/lib/db";
import { sqliteDateTimeText } from "@/lib/db/sqlite-values";
import { env } from "@/lib/env";
import { fromDatabaseError } from "@/lib/errors";
import { uuidv7 } from "@/lib/ids";

const onSqlite = env.DATABASE_URL.startsWith("file:");

async function workspace(): Promise<string> {
  const ws = await db.workspace.create({ data: { name: "Adapter", slug: `adapter-${uuidv7()}` } });
  return ws.id;
}

describe.skipIf(!onSqlite)("our SQLite driver adapter (lib/db/sqlite.ts)", () => {
  it("runs Prisma on the connection lib/db opened, with the pragmas set once", async () => {
    const conn = sqliteConnection()!;
    expect(conn.open).toBe(true);
    expect(conn.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(conn.pragma("synchronous", { simple: true })).toBe(1); // NORMAL
    expect(conn.pragma("temp_store", { simple: true })).toBe(2); // MEMORY
    expect(conn.pragma("cache_size", { simple: true })).toBe(-64 * 1024);
    expect(conn.pragma("journal_mode", { simple: true })).toBe("wal");
    // A Prisma interactive transaction is open on that very connection, and its rows are there.
    const ws = await workspace();
    await db.$transaction(async (tx) => {
      await tx.secret.create({ data: { workspaceId: ws, name: "IN_TX", valueEncrypted: "x" } });
      expect(conn.inTransaction).toBe(true);
      expect(conn.prepare("SELECT name FROM secrets WHERE workspace_id = ?").pluck().all(ws)).toEqual([
        "IN_TX",
      ]);
    });
    expect(conn.inTransaction).toBe(false);
    expect(sqliteConnection()).toBe(conn);
  });

  it("rolls back an interactive transaction that throws, and runs the next one after it", async () => {
    const ws = await workspace();
    const failed = db
      .$transaction(async (tx) => {
        await tx.secret.create({ data: { workspaceId: ws, name: "GONE", valueEncrypted: "x" } });
        throw new Error("stop");
      })
      .catch((e: unknown) => e);
    // Queued behind the first: one transaction at a time on the connection.
    const next = db.$transaction(async (tx) => {
      await tx.secret.create({ data: { workspaceId: ws, name: "KEPT", valueEncrypted: "x" } });
      return tx.secret.count({ where: { workspaceId: ws } });
    });
    expect(await failed).toMatchObject({ message: "stop" });
    expect(await next).toBe(1);
    expect(sqliteConnection()!.inTransaction).toBe(false);
    const names = await db.secret.findMany({ where: { workspaceId: ws }, select: { name: true } });
    expect(names).toEqual([{ name: "KEPT" }]);
  });

  it("stores a DateTime as Prisma's ISO text and reads the same instant back", async () => {
    const ws = await workspace();
    const at = new Date("2026-03-29T01:30:00.123Z");
    const s = await db.secret.create({
      data: { workspaceId: ws, name: "T", valueEncrypted: "x", createdAt: at },
    });
    expect(s.createdAt.toISOString()).toBe(at.toISOString());
    const stored = sqliteConnection()!
      .prepare("SELECT created_at FROM secrets WHERE id = ?")
      .pluck()
      .get(s.id);
    expect(stored).toBe("2026-03-29T01:30:00.123+00:00");
    expect(sqliteDateTimeText(at)).toBe(stored);
    // A comparison with a Date parameter lines up with the stored text.
    expect(await db.secret.count({ where: { workspaceId: ws, createdAt: { gte: at } } })).toBe(1);
    expect(await db.secret.count({ where: { workspaceId: ws, createdAt: { gt: at } } })).toBe(0);
  });

  it("types raw results: integers, reals, text, nulls, booleans and expressions", async () => {
    const rows = await db.$queryRawUnsafe<Record<string, unknown>[]>(
      "SELECT 1 + 1 AS two, 2.5 AS half, 'x' AS txt, NULL AS empty, 9007199254740993 AS big, COUNT(*) AS n FROM (SELECT 1)",
    );
    expect(rows).toEqual([{ two: 2n, half: 2.5, txt: "x", empty: null, big: 9007199254740993n, n: 1n }]);
    const ws = await workspace();
    await db.secret.create({ data: { workspaceId: ws, name: "A", valueEncrypted: "x" } });
    const [count] = await db.$queryRaw<
      { n: bigint }[]
    >`SELECT COUNT(*) AS n FROM secrets WHERE workspace_id = ${ws}`;
    expect(count?.n).toBe(1n);
  });

  it("maps unique, foreign-key and not-null violations to Prisma's errors and ours", async () => {
    const ws = await workspace();
    await db.secret.create({ data: { workspaceId: ws, name: "DUP", valueEncrypted: "x" } });
    const dup = await db.secret
      .create({ data: { workspaceId: ws, name: "DUP", valueEncrypted: "x" } })
      .catch((e: unknown) => e);
    expect(dup).toMatchObject({ code: "P2002" });
    expect(fromDatabaseError(dup)).toMatchObject({
      code: "conflict",
      message: expect.stringContaining("name") as unknown,
    });
    const orphan = await db.secret
      .create({ data: { workspaceId: uuidv7(), name: "ORPHAN", valueEncrypted: "x" } })
      .catch((e: unknown) => e);
    expect(orphan).toMatchObject({ code: "P2003" });
    expect(fromDatabaseError(orphan)).toMatchObject({ code: "validation_failed" });
    const raw = await db
      .$executeRawUnsafe("INSERT INTO secrets (id, workspace_id, name) VALUES (?, ?, NULL)", uuidv7(), ws)
      .catch((e: unknown) => e);
    expect(raw).toMatchObject({ code: "P2011" }); // a null constraint violation
  });
});
