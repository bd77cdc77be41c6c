import "server-only";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { migrate } from "@/lib/migrate";
import { DEMO, seedDemo } from "@/lib/seed/demo";

/**
 * A configuration that must not serve (invalid environment, another instance's ENCRYPTION_KEY):
 * say why and end the process. Next.js would otherwise keep listening and answer every request
 * with a bare 500. Written with console.error: the logger itself reads the configuration.
 */
function refuseToStart(err: unknown): never {
  const error = err instanceof Error ? err.message : String(err);
  console.error(JSON.stringify({ t: new Date().toISOString(), level: "error", msg: "refusing to start", error }));
  process.exit(1);
}

/**
 * Runs once when the server starts: check the configuration, apply migrations, check the
 * encryption key against the database, seed the demo, say how to log in, and start the job worker
 * (unless JOBS_WORKER=off: then `npm run worker` processes run the jobs). Ends the process on an
 * invalid configuration or a key mismatch.
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
  // Every instance on the database must hold the same ENCRYPTION_KEY: refuse to start otherwise
  // (the first start keeps the key's fingerprint in instance_settings).
  const { checkEncryptionKey, EncryptionKeyMismatchError } = await import("@/lib/services/instance-settings");
  try {
    const { stored } = await checkEncryptionKey();
    if (stored) log.info("encryption key fingerprint stored in instance_settings");
  } catch (err) {
    if (err instanceof EncryptionKeyMismatchError) refuseToStart(err);
    throw err;
  }
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
  // Attempts left pending by a crash stop counting against their players right away.
  try {
    const { sweepAbandonedAttempts } = await import("@/lib/services/attempts/claims");
    const swept = await sweepAbandonedAttempts();
    if (swept) log.info("abandoned attempts marked as not counted", { count: swept });
  } catch (err) {
    log.warn("sweeping abandoned attempts failed", { error: String(err) });
  }
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
