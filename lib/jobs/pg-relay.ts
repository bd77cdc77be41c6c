import "server-only";
import type PgBoss from "pg-boss";
import pg from "pg";
import { pgPool } from "@/lib/db";
import { env } from "@/lib/env";
import { effectiveMaxAttempts, errorText } from "@/lib/jobs/attempt";
import { JOBS_CHANNEL } from "@/lib/jobs/enqueue";
import type { JobDefinition } from "@/lib/jobs/types";
import { log } from "@/lib/log";

// Moves pending job rows into pg-boss in one transaction, so a row is never relayed twice
// (lib/jobs/README.md, 'PostgreSQL relay').

/** pg-boss job data: our row's id (the payload stays in the jobs table). */
export interface RelayedData {
  jobId: string;
}

const BATCH = 200;

export interface RelayConfig {
  defs: Map<string, JobDefinition<unknown>>;
  boss: PgBoss;
  /** What pg-boss gets per job: retries, delay, expiry, dead letter. */
  options(def: JobDefinition<unknown>, maxAttempts: number): Omit<PgBoss.JobInsert, "name" | "data">;
  /** Called after a commit with how many jobs each queue got (wake that many of its workers). */
  relayed(counts: Map<string, number>): void;
}

/** Relays one batch; the number of rows relayed. */
export async function relayOnce(cfg: RelayConfig): Promise<number> {
  const client = await pgPool()!.connect();
  let broken = false;
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<{ id: string; queue: string; run_at: Date; max_attempts: number }>(
      `SELECT id, queue, run_at, max_attempts FROM jobs WHERE status = 'pending' AND queue = ANY($1::text[])
       ORDER BY run_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
      [[...cfg.defs.keys()]],
    );
    if (rows.length === 0) {
      await client.query("COMMIT");
      return 0;
    }
    const now = Date.now();
    const maxes = rows.map((r) => effectiveMaxAttempts(cfg.defs.get(r.queue)!, Number(r.max_attempts)));
    const jobs: PgBoss.JobInsert<RelayedData>[] = rows.map((r, i) => ({
      name: r.queue,
      data: { jobId: r.id },
      ...cfg.options(cfg.defs.get(r.queue)!, maxes[i]!),
      // Due rows start at the database's now() (so a clock ahead of the server's cannot delay
      // them); later ones at their time.
      ...(r.run_at.getTime() > now ? { startAfter: r.run_at.toISOString() } : {}),
    }));
    const db: PgBoss.Db = { executeSql: (text, values) => client.query(text, values) };
    await cfg.boss.insert(jobs, { db });
    await client.query(
      `UPDATE jobs AS j SET status = 'queued', max_attempts = v.m, updated_at = now() AT TIME ZONE 'UTC'
       FROM unnest($1::text[], $2::int[]) AS v(id, m) WHERE j.id = v.id`,
      [rows.map((r) => r.id), maxes],
    );
    await client.query("COMMIT");
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.queue, (counts.get(r.queue) ?? 0) + 1);
    cfg.relayed(counts);
    return rows.length;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => (broken = true));
    throw err;
  } finally {
    client.release(broken);
  }
}

/** Runs the relay on NOTIFY and on a poll until stopped. */
export function startRelay(cfg: RelayConfig, pollMs: number): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const kick = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          // A full batch means there may be more.
          while (!stopped && (await relayOnce(cfg)) === BATCH) again = false;
        } while (again && !stopped);
      } catch (err) {
        log.warn("relaying jobs to pg-boss failed", { error: errorText(err) });
      } finally {
        running = null;
      }
    })();
  };

  let listener: pg.Client | null = null;
  let reconnect: NodeJS.Timeout | undefined;
  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: env.DATABASE_URL, application_name: "gauntlet-jobs-relay" });
    const retry = () => {
      if (listener === client) listener = null;
      client.end().catch(() => undefined);
      if (!stopped && !reconnect) reconnect = setTimeout(() => ((reconnect = undefined), void listen()), 1_000);
    };
    client.on("error", retry);
    client.on("notification", kick);
    try {
      await client.connect();
      await client.query(`LISTEN ${JOBS_CHANNEL}`);
      if (stopped) return void client.end().catch(() => undefined);
      listener = client;
      kick(); // rows enqueued while not listening
    } catch (err) {
      log.warn("listening for jobs failed; polling meanwhile", { error: errorText(err) });
      retry();
    }
  };

  void listen();
  const timer = setInterval(kick, pollMs);
  kick();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(reconnect);
      await listener?.end().catch(() => undefined);
      listener = null;
      await running;
    },
  };
}
