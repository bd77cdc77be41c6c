// The common start of an in-process bench: a scratch data folder, the environment the app reads
// and a migrated database, then a workspace with an app and the BENCH_FLAG secret. App modules
// are imported only inside the functions: they read the environment once, when first loaded.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Sets the bench's environment (`env` adds to or overrides it) and migrates its database: a SQLite
 * file in a new scratch folder, or BENCH_DATABASE_URL when set (unless `benchDatabase` is false).
 */
export async function prepareBench(
  name: string,
  env: Record<string, string> = {},
  { benchDatabase = true }: { benchDatabase?: boolean } = {},
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), `gauntlet-${name}-`));
  const file = `file:${join(dir, "bench.db")}`;
  Object.assign(process.env, {
    DATA_DIR: dir,
    DATABASE_URL: (benchDatabase && process.env.BENCH_DATABASE_URL) || file,
    AUTH_SECRET: "bench-auth-secret-0123456789abcdef0123456789abcdef",
    ENCRYPTION_KEY: Buffer.alloc(32, 3).toString("base64"),
    APP_URL: "http://127.0.0.1:3411",
    LOG_LEVEL: "warn",
    ...env,
  });
  const { migrate } = await import("../../lib/migrate");
  await migrate(process.env.DATABASE_URL!);
}

/** A new workspace named `name` (slug `slug`) with one app and the BENCH_FLAG secret. */
export async function benchWorkspace(name: string, slug: string) {
  const { db } = await import("../../lib/db");
  const { setSecret } = await import("../../lib/services/secrets");
  const ws = await db.workspace.create({ data: { name, slug } });
  const app = await db.app.create({ data: { workspaceId: ws.id, name: "Bench" } });
  await setSecret(ws.id, "BENCH_FLAG", "TANGERINE42");
  return { ws, app };
}

/** A local OpenAI-compatible model answering after 1 s, registered in the workspace as provider:slow/m. */
export async function slowProvider(workspaceId: string) {
  const { startOpenAIServer } = await import("../helpers/openai-server");
  const { createProvider } = await import("../../lib/services/llm-providers");
  const server = await startOpenAIServer({ latencyMs: 1000, record: false });
  await createProvider(workspaceId, {
    name: "slow",
    kind: "openai-compatible",
    baseUrl: server.url,
    apiKey: "k",
    models: ["m"],
  });
  return server;
}
