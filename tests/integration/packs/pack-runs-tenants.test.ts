// Hostile tenant: workspace A fills its allowance of pack runs (PACK_RUNS_PER_WORKSPACE, 2) with
// long runs against a slow model; a third is refused with a 429, and workspace B's run still gets
// a worker slot and completes while A's runs are running. Neither workspace reads the other's run.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as runRoute } from "@/app/console/api/pack-runs/[id]/route";
import { POST as startRoute } from "@/app/console/api/packs/[id]/runs/route";
import { db } from "@/lib/db";
import { startWorker, type RunningWorker } from "@/lib/jobs";
import { createProvider } from "@/lib/services/llm-providers";
import { publishPack } from "@/lib/services/packs";
import { cancelPackRun, packRunJob } from "@/lib/services/packs/runs";
import { consoleActors, expectError, type ConsoleActors } from "@/tests/helpers/console";
import { startOpenAIServer, type OpenAITestServer } from "@/tests/helpers/openai-server";
import { call } from "@/tests/helpers/route";
import { waitFor } from "@/tests/helpers/wait";

const TRIO = readFileSync(join(import.meta.dirname, "../../fixtures/packs/eval-trio.yaml"), "utf8");
const JUDGES = { "gpt-4o-mini": "offline:judge", "gpt-4.1-mini": "offline:judge" };

let actors: ConsoleActors;
let slow: OpenAITestServer;
let worker: RunningWorker;

beforeAll(async () => {
  actors = await consoleActors();
  slow = await startOpenAIServer({ latencyMs: 3_000, record: false });
  await createProvider(actors.wsA.id, {
    name: "slow",
    kind: "openai-compatible",
    baseUrl: slow.url,
    apiKey: "k",
    models: ["m"],
  });
  await publishPack(actors.wsA.id, TRIO, null);
  await publishPack(actors.wsB.id, TRIO, null);
  // Three job slots: A's two runs hold two, B's run gets the third.
  worker = await startWorker([packRunJob], { pollMs: 50, concurrency: 3 });
});

afterAll(async () => {
  await worker?.stop({ graceMs: 0 });
  await slow?.close();
});

describe("pack runs between workspaces", () => {
  it("one workspace's runs cannot take every slot or read another's", { timeout: 60_000 }, async () => {
    const startA = () =>
      call(startRoute, {
        method: "POST",
        path: "/console/api/packs/eval-trio/runs",
        params: { id: "eval-trio" },
        bearer: actors.tokenA,
        body: { models: ["provider:slow/m"], concurrency: 1, judge_models: JUDGES },
      });
    const a1 = await startA();
    const a2 = await startA();
    expect(a1.status).toBe(202);
    expect(a2.status).toBe(202);
    const a3 = await startA();
    expectError(a3, 429, "rate_limited");
    expect(a3.headers.get("retry-after")).toBe("30");
    expect(await db.packRun.count({ where: { workspaceId: actors.wsA.id } })).toBe(2);

    const b = await call(startRoute, {
      method: "POST",
      path: "/console/api/packs/eval-trio/runs",
      params: { id: "eval-trio" },
      cookie: actors.ownerB.cookie,
      headers: { origin: "http://localhost:3000" },
      body: { models: ["offline:level-1"], input_set: "capitals", judge_models: JUDGES },
    });
    expect(b.status, JSON.stringify(b.json)).toBe(202);
    const bId = String(b.json.run.id);
    await waitFor(
      "B's run to complete",
      async () => (await db.packRun.findUniqueOrThrow({ where: { id: bId } })).status === "completed",
      20_000,
    );
    // A's runs (21 cases at 3 s each, one at a time) are still going when B's has finished.
    const aRuns = await db.packRun.findMany({ where: { workspaceId: actors.wsA.id } });
    expect(aRuns.map((r) => r.status).sort()).toEqual(["running", "running"]);

    // Neither reads the other's run.
    const aId = String(a1.json.run.id);
    expectError(
      await call(runRoute, {
        path: `/console/api/pack-runs/${aId}`,
        params: { id: aId },
        cookie: actors.ownerB.cookie,
      }),
      404,
      "not_found",
    );
    expectError(
      await call(runRoute, {
        path: `/console/api/pack-runs/${bId}`,
        params: { id: bId },
        bearer: actors.tokenA,
      }),
      404,
      "not_found",
    );
    await expect(cancelPackRun(actors.wsB.id, aId)).rejects.toMatchObject({ code: "not_found" });

    for (const run of aRuns) await cancelPackRun(actors.wsA.id, run.id);
    expect((await startA()).status).toBe(202);
  });
});
