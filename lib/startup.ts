import "server-only";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { migrate } from "@/lib/migrate";
import { DEMO, seedDemo } from "@/lib/seed/demo";

/**
 * Runs once when the server starts: apply migrations, seed the demo, say how to log in, and start
 * the job worker (unless JOBS_WORKER=off: then `npm run worker` processes run the jobs).
 */
export async function startup(): Promise<void> {
  if (env.AUTO_MIGRATE) {
    const res = await migrate(env.DATABASE_URL);
    if (res.applied.length) log.info("migrations applied", { database: env.databaseKind, applied: res.applied });
    if (res.changedChecksums.length) {
      log.warn("applied migrations were edited after they ran", { migrations: res.changedChecksums });
    }
  }
  // Attempts left pending by a crash stop counting against their players right away.
  try {
    const { sweepAbandonedAttempts } = await import("@/lib/services/attempts/claims");
    const swept = await sweepAbandonedAttempts();
    if (swept) log.info("abandoned attempts marked as not counted", { count: swept });
  } catch (err) {
    log.warn("sweeping abandoned attempts failed", { error: String(err) });
  }
  if (env.SEED_DEMO) {
    const seeded = await seedDemo();
    if (seeded.created) log.info("demo workspace seeded");
    log.info("demo accounts", {
      creator: `${DEMO.creator.email} / ${DEMO.creator.password}`,
      player: `${DEMO.player.email} / ${DEMO.player.password}`,
    });
  }
  if (env.JOBS_WORKER === "inline") {
    try {
      const { startJobWorker } = await import("@/lib/services/jobs/worker");
      await startJobWorker();
    } catch (err) {
      // The app still serves; jobs wait in the outbox until a worker runs.
      log.error("the job worker did not start", { error: String(err) });
    }
  }
}
