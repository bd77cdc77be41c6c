import "server-only";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { migrate } from "@/lib/migrate";
import { DEMO, seedDemo } from "@/lib/seed/demo";
import { assertInstanceKeys, refuseToStart } from "@/lib/startup-checks";

/**
 * Runs once when the server starts: check the configuration, apply migrations, check the
 * encryption key and the auth secret against the database, seed the demo, say how to log in, and
 * start the job worker (unless JOBS_WORKER=off: then `npm run worker` processes run the jobs).
 * Ends the process on an invalid configuration or a key mismatch.
 */
export async function startup(): Promise<void> {
  try {
    void env.DATABASE_URL; // parses and validates the whole environment
  } catch (err) {
    refuseToStart(err);
  }
  if (env.AUTO_MIGRATE) {
    const res = await migrate(env.DATABASE_URL);
    if (res.applied.length) log.info("migrations applied", { database: env.databaseKind, applied: res.applied });
    if (res.changedChecksums.length) {
      log.warn("applied migrations were edited after they ran", { migrations: res.changedChecksums });
    }
  }
  // Every instance on the database must hold the same ENCRYPTION_KEY and AUTH_SECRET: refuse to
  // start otherwise (the first start keeps their fingerprints in instance_settings).
  await assertInstanceKeys();
  // Other instances' cache invalidations (several instances: lib/services/caches.ts). Without
  // them cached board figures still expire within seconds, so a failure here is not fatal.
  try {
    const { listenForCacheInvalidation } = await import("@/lib/services/caches");
    await listenForCacheInvalidation();
  } catch (err) {
    log.warn("listening for cache invalidations failed; cached boards expire by TTL only", { error: String(err) });
  }
  // Asset files an older version kept in this instance's DATA_DIR go to the shared store, where
  // every instance reads them. In the background: until then they are imported on first read.
  void import("@/lib/services/asset-store")
    .then(({ importLegacyAssets }) => importLegacyAssets())
    .then((r) => {
      if (r.imported) log.info("asset files imported into the asset store", { store: env.ASSET_STORE, count: r.imported });
    })
    .catch((err: unknown) => log.warn("importing asset files into the asset store failed", { error: String(err) }));
  // Attempts left pending by a crash stop counting against their players: now (this server's
  // previous life), then every minute (another instance's crash).
  const { attemptSweepTick, startAttemptSweeper } = await import("@/lib/services/attempts/sweeper");
  await attemptSweepTick();
  startAttemptSweeper();
  // Arena games that stall (no action for ARENA_GAME_TIMEOUT_SECONDS) end with the scores their
  // game defines. Every instance sweeps; ending happens under the game's row lock, so it is once.
  const { startArenaSweeper } = await import("@/lib/services/arena/sweeper");
  startArenaSweeper();
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
