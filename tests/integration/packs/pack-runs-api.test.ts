// Pack runs over the console API beyond running: export (JSON and CSV), a pack's list of runs,
// cancel, bad input and hostile bodies, and another workspace's runs and packs (404s).
import { describe, expect, it } from "vitest";
import { GET as casesRoute } from "@/app/console/api/pack-runs/[id]/cases/route";
import { POST as cancelRoute } from "@/app/console/api/pack-runs/[id]/cancel/route";
import { GET as exportRoute } from "@/app/console/api/pack-runs/[id]/export/route";
import { GET as runRoute } from "@/app/console/api/pack-runs/[id]/route";
import { GET as listRunsRoute, POST as startRoute } from "@/app/console/api/packs/[id]/runs/route";
import { db } from "@/lib/db";
import { expect422, expectError } from "@/tests/helpers/console";
import { call } from "@/tests/helpers/route";
import { packRunsHarness } from "./pack-runs-support";
import { packFixture, startPackRunWorker } from "./packs-support";

const h = packRunsHarness([packFixture("eval-trio.yaml")]);
const { start, finished, cases } = h;

describe("pack runs", () => {
  it("exports JSON and CSV, lists a pack's runs, cancels a run, and refuses bad input and other workspaces", async () => {
    const res = await start("eval-trio", { models: ["openai:gpt-case"], input_set: "arithmetic" });
    const run = await finished(String(res.json.run.id));
    const csv = await call(exportRoute, {
      path: `/console/api/pack-runs/${run.id}/export?format=csv`,
      params: { id: run.id },
      bearer: h.actors.tokenA,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toContain(".csv");
    const lines = csv.text.trim().split("\r\n");
    expect(lines).toHaveLength(8);
    expect(lines[0]).toMatch(/^ordinal,model,kind,input_set/);
    expect(lines.find((l) => l.includes(",mul,"))).toMatch(/,failed,/);
    const asJson = await call(exportRoute, {
      path: `/console/api/pack-runs/${run.id}/export`,
      params: { id: run.id },
      bearer: h.actors.tokenA,
    });
    expect(asJson.json.cases).toHaveLength(7);
    expect(asJson.json.run.id).toBe(run.id);

    const list = await call(listRunsRoute, {
      path: "/console/api/packs/eval-trio/runs",
      params: { id: "eval-trio" },
      bearer: h.actors.tokenA,
    });
    expect(list.json.data[0].id).toBe(run.id);

    // Cancel a run before the worker takes it: no case is run, the summary says so.
    await h.worker.stop();
    {
      const started = await start("eval-trio", { models: ["openai:gpt-case"], concurrency: 1 });
      const id = started.json.run.id as string;
      const cancelled = await call(cancelRoute, {
        method: "POST",
        path: `/console/api/pack-runs/${id}/cancel`,
        params: { id },
        bearer: h.actors.tokenA,
      });
      expect(cancelled.status).toBe(200);
      expect(cancelled.json.run.status).toBe("cancelled");
      h.worker = await startPackRunWorker();
      const after = await finished(id);
      expect(after.status).toBe("cancelled");
      expect((await cases(id, "&status=cancelled")).length).toBe(21);
      expect(after.summary?.models[0]?.cancelled).toBe(21);
    }

    expect422(await start("eval-trio", { models: ["nope"] }), "models");
    expect422(await start("eval-trio", { models: ["provider:missing/x"] }), "no model provider");
    expect422(await start("eval-trio", { models: ["offline:level-1"], input_set: "nope" }), "input_set");
    expect422(await start("eval-trio", { models: [] }));
    // Hostile bodies: 2 MB is refused before it is parsed, 5,000 levels of nesting are refused, and neither starts a run.
    const before = await db.packRun.count();
    const big = await call(startRoute, {
      method: "POST",
      path: "/console/api/packs/eval-trio/runs",
      params: { id: "eval-trio" },
      bearer: h.actors.tokenA,
      rawBody: JSON.stringify({ models: ["offline:level-1"], pad: "x".repeat(2 * 1024 * 1024) }),
    });
    expectError(big, 413, "payload_too_large");
    const deep = await call(startRoute, {
      method: "POST",
      path: "/console/api/packs/eval-trio/runs",
      params: { id: "eval-trio" },
      bearer: h.actors.tokenA,
      rawBody: `{"models":["offline:level-1"],"x":${"[".repeat(5000)}${"]".repeat(5000)}}`,
    });
    expect422(deep);
    expect(await db.packRun.count()).toBe(before);
    expect422(await start("eval-trio", { models: ["offline:level-1"], extra: 1 }));
    expectError(await start("no-such-pack", { models: ["offline:level-1"] }), 404, "not_found");
    const other = await call(runRoute, {
      path: `/console/api/pack-runs/${run.id}`,
      params: { id: run.id },
      cookie: h.actors.ownerB.cookie,
    });
    expectError(other, 404, "not_found");
    const otherCases = await call(casesRoute, {
      path: `/console/api/pack-runs/${run.id}/cases`,
      params: { id: run.id },
      cookie: h.actors.ownerB.cookie,
    });
    expectError(otherCases, 404, "not_found");
    const otherStart = await call(startRoute, {
      method: "POST",
      path: "/console/api/packs/eval-trio/runs",
      params: { id: "eval-trio" },
      cookie: h.actors.ownerB.cookie,
      headers: { origin: "http://localhost:3000" },
      body: { models: ["offline:level-1"] },
    });
    expectError(otherStart, 404, "not_found");
  });

  it("lists runs only for a pack of the caller's workspace: another's or an unknown pack is a 404", async () => {
    const list = (id: string, who: { bearer?: string; cookie?: string }) =>
      call(listRunsRoute, { path: `/console/api/packs/${id}/runs`, params: { id }, ...who });
    const own = await list("eval-trio", { bearer: h.actors.tokenA });
    expect(own.status).toBe(200);
    const packId = (
      await db.challengePack.findFirstOrThrow({ where: { workspaceId: h.actors.wsA.id, slug: "eval-trio" } })
    ).id;
    expect((await list(packId, { bearer: h.actors.tokenA })).json.data).toEqual(own.json.data);
    expectError(await list("eval-trio", { cookie: h.actors.ownerB.cookie }), 404, "not_found");
    expectError(await list(packId, { cookie: h.actors.ownerB.cookie }), 404, "not_found");
    expectError(await list("no-such-pack", { bearer: h.actors.tokenA }), 404, "not_found");
  });
});
