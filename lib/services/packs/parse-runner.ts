import "server-only";
import { Worker } from "node:worker_threads";
import { env } from "@/lib/env";
import { FairWorker, type FairWorkerOptions, type WorkerFailure } from "@/lib/fair-worker";
import type { ParseResult } from "@/lib/packs/parse";

// A pack's YAML is decoded on a worker thread (lib/packs/parse-worker.mjs), never on the request
// thread: even linear, the `yaml` library builds a document of 20,000 nodes in a few hundred ms.
// One worker, workspaces taking turns, a time budget per decode (PACKS_PARSE_TIMEOUT_MS): past it
// the worker is terminated and the bundle is refused; the next decode starts a fresh worker
// (lib/fair-worker.ts).

export type DecodeOutcome = { ok: true; result: ParseResult } | WorkerFailure;

export class PackParseRunner extends FairWorker<{ text: string }, { result?: ParseResult }, { ok: true; result: ParseResult }> {
  /** Options: a decode's budget (default PACKS_PARSE_TIMEOUT_MS) and its longest wait in the queue. */
  constructor(options: FairWorkerOptions = {}) {
    super(
      {
        spawn: () =>
          new Worker(new URL("../../packs/parse-worker.mjs", import.meta.url), {
            resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
          }),
        defaultTimeoutMs: () => env.PACKS_PARSE_TIMEOUT_MS,
        maxQueuedPerTenant: 4,
        answer: (message) => (message.result ? { ok: true, result: message.result } : null),
      },
      options,
    );
  }

  decode(tenant: string, text: string): Promise<DecodeOutcome> {
    return this.run(tenant, { text });
  }
}

const globalForRunner = globalThis as unknown as { __gauntletPackParseRunner?: PackParseRunner };

/** The process-wide runner (kept on globalThis so dev reloads do not leak workers). */
export function getPackParseRunner(): PackParseRunner {
  globalForRunner.__gauntletPackParseRunner ??= new PackParseRunner();
  return globalForRunner.__gauntletPackParseRunner;
}
