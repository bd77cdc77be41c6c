// Crash test: `npm run worker` (scripts/worker.ts) as a real process works on a pack run
// against a slow local OpenAI-compatible server and is SIGKILLed mid-run. A second worker process
// takes the run's job again (SQLite: once the lease runs out; PostgreSQL: once pg-boss expires it)
// and finishes the run. No case is stored or counted twice: every case is recorded once, the
// run's counters equal its cases, and cases recorded before the kill were never asked again (only
// the ones in flight at the kill are asked twice).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { dialect } from "@/lib/db/sql";
import { publishPack } from "@/lib/services/packs";
import { startPackRun } from "@/lib/services/packs/runs";
import { makeWorkspace } from "@/tests/helpers/factories";
import { startOpenAIServer, type OpenAITestServer } from "@/tests/helpers/openai-server";
import { waitFor } from "@/tests/helpers/wait";
import { startWorkerProcess as startProcess } from "@/tests/helpers/worker-process";
import { openAIEnvOf, overrideEnv, packFixture } from "./packs-support";

const TRIO = packFixture("eval-trio.yaml");
const CONCURRENCY = 2;

let server: OpenAITestServer;
let restoreEnv = () => {};

beforeAll(async () => {
  server = await startOpenAIServer({ latencyMs: 250 });
  server.setReply((ctx) => `Answer to: ${ctx.messages.filter((m) => m.role === "user").at(-1)?.text ?? ""}`);
  restoreEnv = overrideEnv(openAIEnvOf(server));
});

afterAll(async () => {
  await server?.close();
  restoreEnv();
});

const startWorkerProcess = () => startProcess({ JOBS_LEASE_SECONDS: "2", PACK_RUN_SLICE_SECONDS: "2" });

const caseModelRequests = () =>
  server.requests
    .filter((r) => (r.body as { model?: string }).model === "gpt-case")
    .map((r) => {
      const messages = (r.body as { messages: { role: string; content: string }[] }).messages;
      return messages.filter((m) => m.role === "user").at(-1)?.content ?? "";
    });

describe(`a worker process killed mid-run (${dialect()})`, () => {
  it(
    "the run resumes in a new worker process; no case is run after it was recorded or counted twice",
    { timeout: 120_000 },
    async () => {
      const ws = await makeWorkspace();
      await publishPack(ws.id, TRIO, null);
      const run = await startPackRun(
        ws.id,
        "eval-trio",
        {
          models: ["openai:gpt-case"],
          concurrency: CONCURRENCY,
          judge_models: { "gpt-4o-mini": "offline:judge", "gpt-4.1-mini": "offline:judge" },
        },
        null,
      );
      const done = async () => (await db.packRun.findUniqueOrThrow({ where: { id: run.id } })).doneCases;

      const first = startWorkerProcess();
      await waitFor("six recorded cases", async () => (await done()) >= 6, 60_000, first);
      first.child.kill("SIGKILL");
      expect(await first.exited).toBe("SIGKILL");
      const recordedBefore = await db.packRunCase.findMany({
        where: { runId: run.id, status: { not: "pending" } },
      });
      expect(recordedBefore.length).toBeGreaterThanOrEqual(6);
      expect(recordedBefore.length).toBeLessThan(21);
      expect((await db.packRun.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("running");

      const second = startWorkerProcess();
      try {
        await waitFor(
          "the run to complete",
          async () => (await db.packRun.findUniqueOrThrow({ where: { id: run.id } })).status === "completed",
          90_000,
          second,
        );
      } finally {
        second.child.kill("SIGKILL");
        await second.exited;
      }

      const after = await db.packRun.findUniqueOrThrow({ where: { id: run.id } });
      const rows = await db.packRunCase.findMany({ where: { runId: run.id } });
      expect(rows).toHaveLength(21);
      expect(rows.filter((r) => r.status === "pending")).toHaveLength(0);
      expect(after.doneCases).toBe(21);
      expect(after.passedCases + rows.filter((r) => r.status !== "passed").length).toBe(21);
      expect(after.passedCases).toBe(rows.filter((r) => r.status === "passed").length);
      expect(after.tokens).toBe(rows.reduce((sum, r) => sum + (r.tokens ?? 0), 0));

      // Cases recorded before the kill were asked once; at most the cases in flight at the kill
      // (CONCURRENCY) were asked twice; every case was asked at least once.
      const all = caseModelRequests();
      const count = (user: string) => all.filter((u) => u === user).length;
      const userOf = (row: (typeof rows)[number]) => (row.result as { prompt: { user: string } }).prompt.user;
      for (const row of recordedBefore) expect(count(userOf(row)), row.caseKey).toBe(1);
      for (const row of rows) expect(count(userOf(row)), row.caseKey).toBeGreaterThanOrEqual(1);
      expect(all.length - 21).toBeLessThanOrEqual(CONCURRENCY);
    },
  );
});
