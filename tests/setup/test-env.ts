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
  // A sandbox worker starts slowly on a busy machine and a job waits for it in the queue: past the
  // product's queue deadline it would be refused as busy, whatever the test is about. Tests of
  // the queue deadline build their own pool or set it back.
  process.env.SANDBOX_QUEUE_DEADLINE_MS ??= "60000";
  return { dir, url };
}
