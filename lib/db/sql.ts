import "server-only";
import { createHash } from "node:crypto";
import type BetterSqlite3 from "better-sqlite3";
import type pg from "pg";
import { pgPool, sqliteConnection } from "@/lib/db";
import { sqliteDateTimeText } from "@/lib/db/sqlite-values";
import { env } from "@/lib/env";

// Direct SQL for hot paths (playing an attempt) where the Prisma client's per-query cost — about
// a millisecond of CPU each — dominates. Statements are written once, in PostgreSQL syntax with
// numbered parameters ($1, $2, optional ::casts), as generator steps:
//
//   function* work(): Step<number> {
//     const rows = yield* all<{ n: number }>("SELECT COUNT(*) AS n FROM t WHERE a = $1", a);
//     return Number(rows[0]?.n);
//   }
//   await transaction(work);
//
// SQLite runs them synchronously on the connection lib/db opens and shares with the Prisma
// client through our own driver adapter (lib/db/sqlite.ts) (cached prepared
// statements, `@p1` parameters, casts dropped) and a transaction is one BEGIN IMMEDIATE … COMMIT
// with no await inside, so no other statement of this process can interleave. PostgreSQL runs
// them on the project's own node-postgres pool (lib/db/index.ts pgPool) as named prepared statements,
// a transaction as BEGIN … COMMIT on one pooled connection. Values: pass Date, boolean, number, string, null or json(value); read
// columns back with the helpers below (SQLite returns ISO text, 0/1 and JSON text, PostgreSQL
// Date, boolean and parsed JSON).

export type Dialect = "sqlite" | "postgresql";

// A brand, not `instanceof`: Next.js may load this module once per route bundle, and the SQLite
// group commit (kept on globalThis) runs statements queued by one copy with another copy's code.
const JSON_PARAM = Symbol.for("gauntlet.db.jsonParam");
const isJsonParam = (p: unknown): p is JsonParam =>
  typeof p === "object" && p !== null && (p as Record<symbol, unknown>)[JSON_PARAM] === true;

/** A JSON column value (serialized on SQLite, cast with ::jsonb in the SQL on PostgreSQL). */
export class JsonParam {
  readonly [JSON_PARAM] = true;
  constructor(readonly value: unknown) {}
}
export const json = (value: unknown) => new JsonParam(value);

export type Param = string | number | boolean | null | Date | JsonParam;

interface Query {
  sql: string;
  params: readonly Param[];
  /** true: return the row count instead of rows. */
  exec: boolean;
}

/** Statements sent together (concurrently()): their results, in order. */
interface Batch {
  batch: Query[];
}

export type Step<T> = Generator<Query | Batch, T, unknown>;

/** The rows of a query. */
export function* all<T>(sql: string, ...params: Param[]): Step<T[]> {
  return (yield { sql, params, exec: false }) as T[];
}

/** The first row of a query, or undefined. */
export function* one<T>(sql: string, ...params: Param[]): Step<T | undefined> {
  const rows = yield* all<T>(sql, ...params);
  return rows[0];
}

/** Runs a statement that returns no rows; the number of rows it changed. */
export function* exec(sql: string, ...params: Param[]): Step<number> {
  return (yield { sql, params, exec: true }) as number;
}

/** A step without a statement, for a value concurrently() needs no statement for. */
// eslint-disable-next-line require-yield
export function* nothing(): Step<null> {
  return null;
}

/**
 * Runs steps side by side: each round sends the next statement of every unfinished step at once
 * (PostgreSQL: in one write, executed in the order given; SQLite: one after another), so steps
 * that do not depend on each other cost one round trip per round instead of one per statement.
 * A statement that fails fails the whole call (the others are abandoned): steps given here must
 * not catch their own statements' errors. Returns each step's value, in order.
 */
export function* concurrently<T extends unknown[]>(...steps: { [K in keyof T]: Step<T[K]> }): Step<T> {
  const values: unknown[] = new Array(steps.length);
  const live = new Map<number, IteratorResult<Query | Batch, unknown>>();
  steps.forEach((step, i) => live.set(i, step.next()));
  try {
    for (;;) {
      const pending: { i: number; q: Query }[] = [];
      for (const [i, r] of live) {
        if (r.done) {
          values[i] = r.value;
          live.delete(i);
        } else if ("batch" in r.value) {
          throw new Error("concurrently() steps must yield single statements");
        } else pending.push({ i, q: r.value });
      }
      if (pending.length === 0) return values as T;
      const results = (yield { batch: pending.map((p) => p.q) }) as unknown[];
      pending.forEach((p, k) => live.set(p.i, steps[p.i]!.next(results[k])));
    }
  } finally {
    for (const i of live.keys()) steps[i]!.return(undefined);
  }
}

export const dialect = (): Dialect => env.databaseKind;

// ---- reading values back ----------------------------------------------------------------

export function asDate(v: unknown): Date {
  if (v instanceof Date) return v;
  if (typeof v === "number" || typeof v === "bigint") return new Date(Number(v));
  if (typeof v === "string") return new Date(/^\d+$/.test(v) ? Number(v) : v);
  throw new Error(`Not a date: ${String(v)}`);
}
export const asDateOrNull = (v: unknown): Date | null => (v === null || v === undefined ? null : asDate(v));
export const asBool = (v: unknown): boolean => v === true || v === 1 || v === 1n || v === "1" || v === "t";
export const asNum = (v: unknown): number => (typeof v === "bigint" ? Number(v) : Number(v ?? 0));
export const asNumOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : asNum(v));
export function asJson(v: unknown): unknown {
  if (typeof v !== "string") return v ?? null;
  return JSON.parse(v) as unknown;
}

// ---- SQLite -------------------------------------------------------------------------------

const statements = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>();

/** $1 → @p1 (named, so a parameter may appear twice), casts dropped. */
const toSqlite = (sql: string) => sql.replace(/\$(\d+)/g, "@p$1").replace(/::[a-z0-9_]+(\[\])?/gi, "");

function prepared(conn: BetterSqlite3.Database, sql: string): BetterSqlite3.Statement {
  let cache = statements.get(conn);
  if (!cache) statements.set(conn, (cache = new Map<string, BetterSqlite3.Statement>()));
  let stmt = cache.get(sql);
  if (!stmt) {
    stmt = conn.prepare(toSqlite(sql));
    if (stmt.reader) stmt.safeIntegers(false);
    if (cache.size > 500) cache.clear();
    cache.set(sql, stmt);
  }
  return stmt;
}

function sqliteParam(p: Param): unknown {
  if (p instanceof Date) return sqliteDateTimeText(p);
  if (typeof p === "boolean") return p ? 1 : 0;
  if (isJsonParam(p)) return JSON.stringify(p.value ?? null);
  return p;
}

function runSqlite(conn: BetterSqlite3.Database, q: Query): unknown {
  const stmt = prepared(conn, q.sql);
  const args: Record<string, unknown> = {};
  q.params.forEach((p, i) => (args[`p${i + 1}`] = sqliteParam(p)));
  if (q.exec || !stmt.reader) return stmt.run(args).changes;
  return stmt.all(args);
}

function driveSync<T>(step: Step<T>, run: (q: Query) => unknown): T {
  let r = step.next();
  while (!r.done) {
    let value: unknown;
    try {
      const y = r.value;
      value = "batch" in y ? y.batch.map(run) : run(y);
    } catch (err) {
      r = step.throw(err);
      continue;
    }
    r = step.next(value);
  }
  return r.value;
}

// Group commit. A commit is the expensive part of a short SQLite transaction (its pages are
// written to the WAL), so transaction() queues its work and, once per turn of the event loop,
// runs everything queued in one BEGIN IMMEDIATE … COMMIT, each piece inside its own SAVEPOINT:
// a piece that throws is rolled back alone and rejects alone; the others commit together and
// resolve after the COMMIT. The pieces run one after another with no await between them, so
// each still sees the committed state plus the pieces before it — the same as running them one
// by one — and no other statement of this process can interleave.

/** The most pieces in one group commit. */
const MAX_GROUP = 64;

interface Queued {
  work: () => Step<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

interface GroupState {
  queue: Queued[];
  scheduled: boolean;
  stmts?: Record<
    "begin" | "commit" | "rollback" | "savepoint" | "release" | "rollbackTo",
    BetterSqlite3.Statement
  >;
}

/** On globalThis: Next.js may load this module more than once, and all copies share one connection. */
const groups = ((
  globalThis as unknown as { __gauntletLeanGroups?: WeakMap<BetterSqlite3.Database, GroupState> }
).__gauntletLeanGroups ??= new WeakMap<BetterSqlite3.Database, GroupState>());

function groupOf(conn: BetterSqlite3.Database): GroupState {
  let g = groups.get(conn);
  if (!g) groups.set(conn, (g = { queue: [], scheduled: false }));
  return g;
}

function controlStatements(conn: BetterSqlite3.Database, g: GroupState) {
  return (g.stmts ??= {
    begin: conn.prepare("BEGIN IMMEDIATE"),
    commit: conn.prepare("COMMIT"),
    rollback: conn.prepare("ROLLBACK"),
    savepoint: conn.prepare("SAVEPOINT lean_piece"),
    release: conn.prepare("RELEASE lean_piece"),
    rollbackTo: conn.prepare("ROLLBACK TO lean_piece"),
  });
}

function schedule(conn: BetterSqlite3.Database, g: GroupState): void {
  if (g.scheduled) return;
  g.scheduled = true;
  setImmediate(() => {
    g.scheduled = false;
    flush(conn, g);
  });
}

function flush(conn: BetterSqlite3.Database, g: GroupState): void {
  if (g.queue.length === 0) return;
  // A Prisma transaction is open on the shared connection: wait for it to finish.
  if (conn.inTransaction) return schedule(conn, g);
  const items = g.queue.splice(0);
  const st = controlStatements(conn, g);
  try {
    st.begin.run();
  } catch (err) {
    // The write lock could not be taken (another process held it past the busy timeout).
    for (const item of items) item.reject(err);
    return;
  }
  const settled: { item: Queued; ok: boolean; value: unknown }[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    st.savepoint.run();
    try {
      const value = driveSync(item.work(), (q) => runSqlite(conn, q));
      st.release.run();
      settled.push({ item, ok: true, value });
    } catch (err) {
      if (!conn.inTransaction) {
        // SQLite rolled the whole transaction back (I/O error, disk full, …): this piece fails,
        // and the pieces before it and after it run again in the next group.
        item.reject(err);
        g.queue.unshift(...settled.map((s) => s.item), ...items.slice(i + 1));
        return schedule(conn, g);
      }
      st.rollbackTo.run();
      st.release.run();
      settled.push({ item, ok: false, value: err });
    }
  }
  try {
    st.commit.run();
  } catch (err) {
    if (conn.inTransaction) st.rollback.run();
    for (const item of items) item.reject(err);
    return;
  }
  for (const s of settled) (s.ok ? s.item.resolve : s.item.reject)(s.value);
}

// ---- PostgreSQL ---------------------------------------------------------------------------

/** Dates go as UTC text (the columns are timestamps without a zone, in UTC); JSON as text. */
function pgParam(p: Param): unknown {
  if (p instanceof Date) return p.toISOString();
  if (isJsonParam(p)) return JSON.stringify(p.value ?? null);
  return p;
}

// Each statement text is prepared once per connection under a short name derived from it, so
// the server parses and plans it once, not on every attempt.
const statementNames = new Map<string, string>();
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    if (statementNames.size > 500) statementNames.clear();
    name = `g${createHash("sha1").update(sql).digest("hex").slice(0, 16)}`;
    statementNames.set(sql, name);
  }
  return name;
}

async function runPg(runner: pg.Pool | pg.PoolClient, q: Query): Promise<unknown> {
  const res = await runner.query({ name: statementName(q.sql), text: q.sql, values: q.params.map(pgParam) });
  return q.exec ? (res.rowCount ?? 0) : res.rows;
}

/** Sends what `send` queues on a connection in one write (node-postgres writes each statement at once). */
type OneWrite = <R>(send: () => R) => R;

function oneWriteOn(client: pg.PoolClient): OneWrite {
  const stream = (client as unknown as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } })
    .connection?.stream;
  return (send) => {
    stream?.cork?.();
    try {
      return send();
    } finally {
      stream?.uncork?.();
    }
  };
}

/** All statements are written before the first answer is awaited; the first failure rejects. */
async function runBatch(
  batch: Query[],
  run: (q: Query) => Promise<unknown>,
  oneWrite?: OneWrite,
): Promise<unknown[]> {
  const sent = oneWrite ? oneWrite(() => batch.map(run)) : batch.map(run);
  // Every promise gets a handler at once, so a later failure is never left unhandled.
  const settled = await Promise.allSettled(sent);
  const failed = settled.find((r) => r.status === "rejected");
  if (failed) throw failed.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value);
}

async function driveAsync<T>(
  step: Step<T>,
  run: (q: Query) => Promise<unknown>,
  oneWrite?: OneWrite,
): Promise<T> {
  let r = step.next();
  while (!r.done) {
    let value: unknown;
    try {
      const y = r.value;
      value = "batch" in y ? await runBatch(y.batch, run, oneWrite) : await run(y);
    } catch (err) {
      r = step.throw(err);
      continue;
    }
    r = step.next(value);
  }
  return r.value;
}

// ---- entry points -------------------------------------------------------------------------

/** Runs statements outside a transaction (reads, or one self-contained write). */
export async function query<T>(work: () => Step<T>): Promise<T> {
  const conn = sqliteConnection();
  if (conn) {
    await outsidePrismaTransaction(conn);
    return driveSync(work(), (q) => runSqlite(conn, q));
  }
  const pool = pgPool()!;
  return driveAsync(work(), (q) => runPg(pool, q));
}

/**
 * SQLite: waits while a Prisma interactive transaction is open on the shared connection (this
 * module's own transactions never stay open across an await), so a read never sees another
 * request's uncommitted rows.
 */
async function outsidePrismaTransaction(conn: BetterSqlite3.Database): Promise<void> {
  for (let i = 0; conn.inTransaction; i++) {
    await new Promise<void>((resolve) => (i < 8 ? setImmediate(resolve) : setTimeout(resolve, 2)));
  }
}

/**
 * Runs the statements in one transaction. SQLite: a SAVEPOINT inside the next group commit
 * (see above), which begins with BEGIN IMMEDIATE (the write lock first, so it sees committed
 * state and never deadlocks on upgrade) once no Prisma transaction is open on the shared
 * connection; resolves after the COMMIT. PostgreSQL: an interactive
 * transaction; use lockRow() to serialize on a row.
 */
export async function transaction<T>(work: () => Step<T>, opts: { timeoutMs?: number } = {}): Promise<T> {
  const conn = sqliteConnection();
  if (conn) {
    const g = groupOf(conn);
    return new Promise<T>((resolve, reject) => {
      g.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      // A full group goes at once, so that no piece waits behind an unbounded number of others.
      if (g.queue.length >= MAX_GROUP) process.nextTick(() => flush(conn, g));
      else schedule(conn, g);
    });
  }
  return pgTransaction(work, opts.timeoutMs ?? 30_000);
}

async function pgTransaction<T>(work: () => Step<T>, timeoutMs: number): Promise<T> {
  const client = await pgPool()!.connect();
  let broken = false;
  try {
    // A transaction that outlives its time is cancelled by the server, not left holding locks.
    // BEGIN is not awaited: the pool's connections pipeline (lib/db/index.ts), so it goes out in
    // one write with the first statement(s), one round trip fewer. It can only fail with the
    // connection, which fails the statements behind it too; it is awaited before COMMIT all the same.
    const oneWrite = oneWriteOn(client);
    const [begin, done] = oneWrite(() => {
      const b = client.query(`BEGIN; SET LOCAL statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`);
      b.catch(() => undefined);
      // driveAsync sends the first statement before it first awaits, so it joins BEGIN's write.
      return [b, driveAsync(work(), (q) => runPg(client, q), oneWrite)] as const;
    });
    const value = await done;
    await begin;
    await client.query("COMMIT");
    return value;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {
      broken = true;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}

/**
 * Inside transaction(): serializes on a row (PostgreSQL: SELECT … FOR NO KEY UPDATE; SQLite:
 * the transaction already holds the database write lock). False when the row does not exist.
 * `table` must be a trusted identifier.
 */
export function* lockRow(
  table: "challenges" | "end_users" | "arena_games" | "workspaces",
  id: string,
): Step<boolean> {
  const suffix = dialect() === "postgresql" ? " FOR NO KEY UPDATE" : "";
  const rows = yield* all<{ id: string }>(`SELECT id FROM ${table} WHERE id = $1${suffix}`, id);
  return rows.length > 0;
}
