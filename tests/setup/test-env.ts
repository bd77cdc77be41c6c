import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Points the app at a throwaway data folder and database for one test file. */
export function prepareTestEnvironment(prefix: string, databaseUrl: (dir: string) => string): { dir: string; url: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const url = databaseUrl(dir);
  process.env.DATA_DIR = dir;
  process.env.DATABASE_URL = url;
  process.env.LOG_LEVEL = "silent";
  process.env.AUTH_SECRET ??= "integration-test-auth-secret-0123456789abcdef012345";
  process.env.ENCRYPTION_KEY ??= Buffer.alloc(32, 9).toString("base64");
  process.env.RATE_LIMIT_STORE ??= "database";
  // Sandbox workers run at a low priority and, with other test files running beside them, can wait
  // seconds for the CPU: a plugin would meet the product's 5 s deadline, or a job the queue
  // deadline while a worker starts, whatever the test is about. Tests of a deadline pass their own
  // or set these back (hostile-tenant).
  process.env.SANDBOX_TIMEOUT_MS ??= "30000";
  process.env.SANDBOX_LOAD_TIMEOUT_MS ??= "30000";
  process.env.SANDBOX_QUEUE_DEADLINE_MS ??= "60000";
  return { dir, url };
}
