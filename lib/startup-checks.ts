import "server-only";
import { log } from "@/lib/log";

// What an app instance (lib/startup.ts) and a worker process (scripts/worker.ts) both check
// before they do any work, and how they refuse.

/**
 * A configuration that must not serve (invalid environment, another instance's ENCRYPTION_KEY or
 * AUTH_SECRET): say why and end the process. Next.js would otherwise keep listening and answer
 * every request with a bare 500, and a worker would send every job that reads a secret to `dead`.
 * Written with console.error: the logger itself reads the configuration.
 */
export function refuseToStart(err: unknown): never {
  const error = err instanceof Error ? err.message : String(err);
  console.error(JSON.stringify({ t: new Date().toISOString(), level: "error", msg: "refusing to start", error }));
  process.exit(1);
}

/**
 * Every instance and worker on one database must hold the same ENCRYPTION_KEY and AUTH_SECRET:
 * the first start keeps their fingerprints in instance_settings, a later one with another key
 * refuses to start (the process ends). Needs the migrated database.
 */
export async function assertInstanceKeys(): Promise<void> {
  // Loaded here, not at the top: the database client is opened only once the environment passed.
  const { checkInstanceKeys, InstanceKeyMismatchError } = await import("@/lib/services/instance-settings");
  try {
    for (const name of await checkInstanceKeys()) log.info("key fingerprint stored in instance_settings", { key: name });
  } catch (err) {
    if (err instanceof InstanceKeyMismatchError) refuseToStart(err);
    throw err;
  }
}
