// lib/db/sql.ts transaction(): each call is atomic and isolated, on SQLite also when many calls
// share one group commit (one BEGIN … COMMIT, a SAVEPOINT per call).
import { describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { db } from "@/lib/db";
import { sqliteFilePath } from "@/lib/db/url";
import { env } from "@/lib/env";
import { all, concurrently, dialect, exec, nothing, one, query, transaction, type JsonParam, type Step } from "@/lib/db/sql";
import { uuidv7 } from "@/lib/ids";
import { fromDatabaseError } from "@/lib/errors";

async function workspace(): Promise<string> {
  const ws = await db.workspace.create({ data: { name: "SQL", slug: `sql-${uuidv7()}` } });
  return ws.id;
}

function* addSecret(workspaceId: string, name: string): Step<void> {
  yield* exec(
    `INSERT INTO secrets (id, workspace_id, name, value_encrypted, created_at, updated_at) VALUES ($1, $2, $3, 'x', $4, $4)`,
    uuidv7(),
    workspaceId,
    name,
    new Date(),
  );
}

const names = (workspaceId: string) =>
  query(() => all<{ name: string }>("SELECT name FROM secrets WHERE workspace_id = $1 ORDER BY name", workspaceId)).then(
    (rows) => rows.map((r) => r.name),
  );

describe("sql.ts statements: values and errors", () => {
  it("a duplicate and a missing reference translate like Prisma's errors, on either database", async () => {
    const ws = await workspace();
    await transaction(() => addSecret(ws, "DUP"));
    const duplicate = await transaction(() => addSecret(ws, "DUP")).catch((e: unknown) => e);
    expect(fromDatabaseError(duplicate)).toMatchObject({ code: "conflict" });
    const orphan = await transaction(() => addSecret(uuidv7(), "ORPHAN")).catch((e: unknown) => e);
    expect(fromDatabaseError(orphan)).toMatchObject({ code: "validation_failed" });
    expect(await names(ws)).toEqual(["DUP"]);
  });

  it("a timestamp written reads back as the same instant (UTC, whatever the server's zone)", async () => {
    const ws = await workspace();
    const at = new Date("2026-03-29T01:30:00.123Z");
    await transaction(() =>
      exec(
        `INSERT INTO secrets (id, workspace_id, name, value_encrypted, created_at, updated_at) VALUES ($1, $2, 'T', 'x', $3, $3)`,
        uuidv7(),
        ws,
        at,
      ),
    );
    const row = await query(() => one<{ created_at: unknown }>("SELECT created_at FROM secrets WHERE workspace_id = $1", ws));
    const { asDate } = await import("@/lib/db/sql");
    expect(asDate(row?.created_at).toISOString()).toBe(at.toISOString());
    // The Prisma client reads the same instant.
    const viaPrisma = await db.secret.findFirst({ where: { workspaceId: ws }, select: { createdAt: true } });
    expect(viaPrisma?.createdAt.toISOString()).toBe(at.toISOString());
  });
});

describe("sql.ts reads beside a Prisma transaction", () => {
  it("a read never sees rows another request's open Prisma transaction has not committed", async () => {
    const ws = await workspace();
    let seenDuring: string[] | undefined;
    let readDuring: Promise<string[]> | undefined;
    await db.$transaction(async (tx) => {
      await tx.secret.create({ data: { workspaceId: ws, name: "UNCOMMITTED", valueEncrypted: "x" } });
      // Another request reads while this transaction is still open. On PostgreSQL the transaction
      // stays open until that read is answered (however slow the machine); SQLite's read can only
      // run after the commit, so there it is merely started.
      readDuring = names(ws).then((n) => (seenDuring = n));
      if (dialect() === "sqlite") await new Promise((r) => setTimeout(r, 20));
      else await readDuring;
    });
    await readDuring;
    // PostgreSQL: another connection reads the committed state, without the row; SQLite shares the
    // connection, so the read waits for the commit and then sees it.
    expect(seenDuring).toEqual(dialect() === "sqlite" ? ["UNCOMMITTED"] : []);
    const rolledBack = await workspace();
    let seenRolledBack: string[] | undefined;
    let readRolledBack: Promise<string[]> | undefined;
    await db
      .$transaction(async (tx) => {
        await tx.secret.create({ data: { workspaceId: rolledBack, name: "ROLLED_BACK", valueEncrypted: "x" } });
        readRolledBack = names(rolledBack).then((n) => (seenRolledBack = n));
        if (dialect() === "sqlite") await new Promise((r) => setTimeout(r, 20));
        else await readRolledBack;
        throw new Error("roll back");
      })
      .catch(() => undefined);
    await readRolledBack;
    expect(seenRolledBack).toEqual([]);
  });
});

describe("sql.ts transaction()", () => {
  it("commits concurrent calls (on SQLite each seeing the ones before it)", async () => {
    const ws = await workspace();
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        transaction(function* () {
          yield* addSecret(ws, `s${String(i).padStart(2, "0")}`);
          const row = yield* one<{ n: number }>("SELECT COUNT(*) AS n FROM secrets WHERE workspace_id = $1", ws);
          return Number(row?.n);
        }),
      ),
    );
    expect(await names(ws)).toHaveLength(40);
    if (dialect() === "sqlite") {
      // Serial order: every call saw a different number of rows, 1 … 40.
      expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    } else {
      // PostgreSQL runs them side by side (read committed): each saw at least its own row.
      for (const n of counts) expect(n).toBeGreaterThanOrEqual(1);
    }
  });

  it("rolls back a failing call alone, with all of its statements", async () => {
    const ws = await workspace();
    await transaction(() => addSecret(ws, "a"));
    const results = await Promise.allSettled([
      transaction(() => addSecret(ws, "b")),
      transaction(function* () {
        yield* addSecret(ws, "c");
        yield* addSecret(ws, "c2");
        throw new Error("changed my mind");
      }),
      // A constraint violation part-way: the first insert of this call is undone too.
      transaction(function* () {
        yield* addSecret(ws, "d");
        yield* addSecret(ws, "a");
      }),
      transaction(() => addSecret(ws, "e")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ message: "changed my mind" });
    expect(await names(ws)).toEqual(["a", "b", "e"]);
  });

  // Group commit is SQLite's alone (PostgreSQL runs each call in its own transaction).
  if (dialect() === "sqlite") {
    it("runs calls made in the same turn in one commit", async () => {
      const ws = await workspace();
      // A second connection sees only committed data: inside the group, none of it.
      const other = new Database(sqliteFilePath(env.DATABASE_URL), { readonly: true });
      const count = other.prepare("SELECT COUNT(*) FROM secrets WHERE workspace_id = ?").pluck();
      try {
        const seenOutside = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            transaction(function* () {
              yield* addSecret(ws, `g${i}`);
              return count.get(ws) as number;
            }),
          ),
        );
        expect(seenOutside).toEqual(Array.from({ length: 10 }, () => 0));
        expect(count.get(ws)).toBe(10);
      } finally {
        other.close();
      }
    });
  }
});

describe("sql.ts concurrently()", () => {
  it("runs steps side by side, each seeing the rounds before, and returns their values in order", async () => {
    const ws = await workspace();
    function* addThenCount(name: string): Step<number> {
      yield* addSecret(ws, name);
      const r = yield* one<{ n: unknown }>("SELECT COUNT(*) AS n FROM secrets WHERE workspace_id = $1", ws);
      return Number(r?.n);
    }
    const [a, none, b] = await transaction(() => concurrently(addThenCount("A"), nothing(), addThenCount("B")));
    // Both inserts go out in the first round, both counts in the second.
    expect([a, none, b]).toEqual([2, null, 2]);
    const [listed, counted] = await query(() =>
      concurrently(
        all<{ name: string }>("SELECT name FROM secrets WHERE workspace_id = $1 ORDER BY name", ws),
        one<{ n: unknown }>("SELECT COUNT(*) AS n FROM secrets WHERE workspace_id = $1", ws),
      ),
    );
    expect(listed.map((r) => r.name)).toEqual(["A", "B"]);
    expect(Number(counted?.n)).toBe(2);
  });

  it("a failing statement fails the call and rolls back the transaction's other statements", async () => {
    const ws = await workspace();
    await transaction(() => addSecret(ws, "DUP"));
    const failed = await transaction(() => concurrently(addSecret(ws, "NEW"), addSecret(ws, "DUP"))).catch(
      (e: unknown) => e,
    );
    expect(fromDatabaseError(failed)).toMatchObject({ code: "conflict" });
    expect(await names(ws)).toEqual(["DUP"]);
    // The connection is usable afterwards.
    await transaction(() => concurrently(addSecret(ws, "LATER")));
    expect(await names(ws)).toEqual(["DUP", "LATER"]);
  });
});

describe("JSON parameters from another copy of the module", () => {
  // Next.js loads lib/db/sql.ts once per route bundle, and the SQLite group commit runs work
  // queued by one copy with another copy's code: a JSON value must be recognised by its brand,
  // not by `instanceof` (before, SQLite refused such a value: "can only bind numbers, strings…").
  it("binds a json() value made by another copy", async () => {
    const ws = await workspace();
    const foreign = { [Symbol.for("gauntlet.db.jsonParam")]: true, value: { from: "another copy", n: 2 } };
    const id = uuidv7();
    await transaction(() =>
      exec(
        `INSERT INTO notification_events (id, tenant_id, event, payload, status, attempts, occurred_at, available_at, created_at)
         VALUES ($1, $2, 'challenge_first_blood', $3::jsonb, 'done', 0, $4, $4, $4)`,
        id,
        ws,
        foreign as unknown as JsonParam,
        new Date(),
      ),
    );
    const row = await db.notificationEvent.findUniqueOrThrow({ where: { id } });
    expect(row.payload).toEqual({ from: "another copy", n: 2 });
  });
});
