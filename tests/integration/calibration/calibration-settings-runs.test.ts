// Calibration settings and starting runs through the console routes: defaults, patches and their
// validation, the 409 refusals, the run row and its job written together, and workspace B
// neither reading nor starting anything of workspace A.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as runsGET, POST as runsPOST } from "@/app/console/api/challenges/[id]/calibration/runs/route";
import { GET as runGET } from "@/app/console/api/challenges/[id]/calibration/runs/[runId]/route";
import {
  GET as settingsGET,
  PATCH as settingsPATCH,
} from "@/app/console/api/challenges/[id]/calibration/settings/route";
import { db } from "@/lib/db";
import { CALIBRATION_RUN_QUEUE } from "@/lib/services/calibration/queue";
import { BUILTIN_INJECTION_COUNT } from "@/lib/services/calibration/builtin";
import { CALIBRATIONS_PER_WORKSPACE } from "@/lib/services/calibration/runs";
import { consoleActors, expect422, expectError, type ConsoleActors } from "@/tests/helpers/console";
import { asActor, challengeOf, exampleRow } from "./calibration-support";

let actors: ConsoleActors;
beforeAll(async () => {
  actors = await consoleActors();
});

describe("calibration settings", () => {
  it("answers the defaults, then the patched values", async () => {
    const c = await challengeOf(actors.wsA.id);
    const first = await asActor(actors.ownerA, settingsGET, { params: { id: c.id } });
    expect(first.status).toBe(200);
    expect(first.json.settings).toMatchObject({
      challenge_id: c.id,
      samples: 3,
      thresholds: { max_false_wins: 0, max_flip_rate: 0.1, min_agreement: 0.9 },
      updated_at: null,
    });
    const patched = await asActor(actors.editorA, settingsPATCH, {
      method: "PATCH",
      params: { id: c.id },
      body: { samples: 5, min_agreement: 0.8 },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.settings).toMatchObject({
      samples: 5,
      thresholds: { max_false_wins: 0, max_flip_rate: 0.1, min_agreement: 0.8 },
      updated_by: actors.editorA.id,
    });
    const again = await asActor(actors.ownerA, settingsGET, { params: { id: c.id } });
    expect(again.json.settings.samples).toBe(5);
  });

  it("refuses samples and thresholds out of range, and an empty patch", async () => {
    const c = await challengeOf(actors.wsA.id);
    const patch = (body: unknown) =>
      asActor(actors.ownerA, settingsPATCH, { method: "PATCH", params: { id: c.id }, body });
    expect422(await patch({ samples: 0 }), "samples must be at least 1");
    expect422(await patch({ samples: 11 }), "samples is at most 10");
    expect422(await patch({ samples: 2.5 }), "whole number");
    expect422(await patch({ max_flip_rate: 1.5 }), "max_flip_rate must be between 0 and 1");
    expect422(await patch({ min_agreement: -0.1 }), "min_agreement");
    expect422(await patch({ max_false_wins: -1 }), "max_false_wins");
    expect422(await patch({}), "Nothing to update");
    expect422(await patch({ other: 1 }));
    expect(await db.calibrationSettings.count({ where: { challengeId: c.id } })).toBe(0);
  });
});

describe("starting a calibration", () => {
  it("calibrates an unpublished draft (no version yet), refuses the published target without one, runs the injection set without examples", async () => {
    const draft = await challengeOf(actors.wsA.id, { publish: false });
    await exampleRow(actors, draft.id, "no_win", "I cannot share that.");
    expectError(
      await asActor(actors.ownerA, runsPOST, { params: { id: draft.id }, body: { target: "published" } }),
      409,
      "conflict",
    );
    const ofDraft = await asActor(actors.ownerA, runsPOST, { params: { id: draft.id }, body: {} });
    expect(ofDraft.status, ofDraft.text).toBe(202);
    expect(ofDraft.json.run).toMatchObject({ workflow_version_id: null, version: null, status: "queued" });
    expect(ofDraft.json.run.graph_hash).toMatch(/^[0-9a-f]{64}$/);
    const stored = await db.calibrationRun.findUniqueOrThrow({ where: { id: ofDraft.json.run.id } });
    expect(stored.draftGraph).not.toBeNull();
    // Without examples of its own, a challenge still runs the built-in injection set.
    const empty = await challengeOf(actors.wsA.id);
    const res = await asActor(actors.ownerA, runsPOST, { params: { id: empty.id }, body: { samples: 2 } });
    expect(res.status, res.text).toBe(202);
    expect(res.json.run.total).toBe(BUILTIN_INJECTION_COUNT * 2);
  });

  it("writes the run and its job together (202), and refuses a second while it is queued", async () => {
    const c = await challengeOf(actors.wsA.id);
    await exampleRow(actors, c.id, "no_win", "I cannot share that.");
    await exampleRow(actors, c.id, "win", "The password is Quokka-77.");
    const res = await asActor(actors.ownerA, runsPOST, { params: { id: c.id }, body: { samples: 2 } });
    expect(res.status, res.text).toBe(202);
    const version = await db.workflowVersion.findFirstOrThrow({ where: { workflowId: c.workflowId! } });
    expect(res.json.run).toMatchObject({
      challenge_id: c.id,
      workflow_version_id: version.id,
      version: 1,
      samples: 2,
      status: "queued",
      completed: 0,
      total: (2 + BUILTIN_INJECTION_COUNT) * 2,
      report: null,
      thresholds: { max_false_wins: 0, max_flip_rate: 0.1, min_agreement: 0.9 },
      created_by: actors.ownerA.id,
    });
    const runId = String(res.json.run.id);
    const jobs = await db.job.findMany({
      where: { queue: CALIBRATION_RUN_QUEUE, workspaceId: actors.wsA.id },
    });
    expect(jobs.filter((j) => (j.payload as { runId?: string }).runId === runId)).toHaveLength(1);

    const second = await asActor(actors.ownerA, runsPOST, { params: { id: c.id }, body: {} });
    expectError(second, 409, "conflict");
    expect(second.json.error.message).toContain("already in progress");
    expect(await db.calibrationRun.count({ where: { challengeId: c.id } })).toBe(1);

    const one = await asActor(actors.ownerA, runGET, { params: { id: c.id, runId } });
    expect(one.status).toBe(200);
    expect(one.json.run.id).toBe(runId);
    await db.calibrationRun.update({ where: { id: runId }, data: { status: "done" } });
    const third = await asActor(actors.ownerA, runsPOST, { params: { id: c.id }, body: {} });
    expect(third.status, third.text).toBe(202);
    expect(third.json.run.samples).toBe(3);
    const list = await asActor(actors.ownerA, runsGET, { params: { id: c.id }, query: "limit=1" });
    expect(list.status).toBe(200);
    expect(list.json.total).toBe(2);
    expect(list.json.data.map((r: { id: string }) => r.id)).toEqual([third.json.run.id]);
  });

  it("refuses bad samples (422) and unknown ids (404)", async () => {
    const c = await challengeOf(actors.wsA.id);
    await exampleRow(actors, c.id, "no_win", "No.");
    expect422(
      await asActor(actors.ownerA, runsPOST, { params: { id: c.id }, body: { samples: 0 } }),
      "samples",
    );
    expect422(await asActor(actors.ownerA, runsPOST, { params: { id: "not-a-uuid" }, body: {} }));
    const unknown = "0190a0a0-0000-7000-8000-000000000000";
    expectError(
      await asActor(actors.ownerA, runsPOST, { params: { id: unknown }, body: {} }),
      404,
      "not_found",
    );
    expectError(
      await asActor(actors.ownerA, runGET, { params: { id: c.id, runId: unknown } }),
      404,
      "not_found",
    );
  });
});

describe("another workspace", () => {
  it("cannot read settings, list, read or start runs of workspace A", async () => {
    const c = await challengeOf(actors.wsA.id);
    await exampleRow(actors, c.id, "no_win", "No.");
    const started = await asActor(actors.ownerA, runsPOST, { params: { id: c.id }, body: {} });
    expect(started.status).toBe(202);
    const runId = String(started.json.run.id);
    const b = actors.ownerB;
    expectError(await asActor(b, settingsGET, { params: { id: c.id } }), 404, "not_found");
    expectError(
      await asActor(b, settingsPATCH, { method: "PATCH", params: { id: c.id }, body: { samples: 1 } }),
      404,
      "not_found",
    );
    expectError(await asActor(b, runsGET, { params: { id: c.id } }), 404, "not_found");
    expectError(await asActor(b, runGET, { params: { id: c.id, runId } }), 404, "not_found");
    expectError(await asActor(b, runsPOST, { params: { id: c.id }, body: {} }), 404, "not_found");
    // Nor through a challenge of its own.
    const own = await challengeOf(actors.wsB.id);
    expectError(await asActor(b, runGET, { params: { id: own.id, runId } }), 404, "not_found");
    expect(await db.calibrationRun.count({ where: { challengeId: c.id } })).toBe(1);
    expect((await db.calibrationSettings.findUnique({ where: { challengeId: c.id } })) === null).toBe(true);
  });
});

describe("a workspace's calibrations at once", () => {
  it("are capped per workspace (429), and the cap does not touch another workspace", async () => {
    const idle = { status: "done" };
    await db.calibrationRun.updateMany({ where: { status: { in: ["queued", "running"] } }, data: idle });
    const start = async (workspaceId: string, owner: ConsoleActors["ownerA"]) => {
      const c = await challengeOf(workspaceId);
      await db.calibrationExample.create({
        data: {
          workspaceId,
          challengeId: c.id,
          label: "no_win",
          source: "creator",
          text: "I cannot share that.",
        },
      });
      return asActor(owner, runsPOST, { params: { id: c.id }, body: { samples: 1 } });
    };
    for (let i = 0; i < CALIBRATIONS_PER_WORKSPACE; i++)
      expect((await start(actors.wsA.id, actors.ownerA)).status).toBe(202);
    const over = await start(actors.wsA.id, actors.ownerA);
    expectError(over, 429, "rate_limited");
    expect(over.json.error.message).toContain("calibrations in progress");
    expect(await db.calibrationRun.count({ where: { workspaceId: actors.wsA.id, status: "queued" } })).toBe(
      CALIBRATIONS_PER_WORKSPACE,
    );
    expect((await start(actors.wsB.id, actors.ownerB)).status).toBe(202);
    await db.calibrationRun.updateMany({ where: { status: "queued" }, data: idle });
  });
});
