// The publish gate: a challenge held by its examples or its judge publishes only a graph with a
// passing calibration of that very graph, or with an override reason written to the workspace's
// audit log in the same transaction. A refusal publishes nothing; moving nodes keeps a
// calibration valid, changing a config does not; workspace B can neither publish A's workflow nor
// read A's audit entries.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as runsPOST } from "@/app/console/api/challenges/[id]/calibration/runs/route";
import { POST as publishPOST } from "@/app/console/api/workflows/[id]/publish/route";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { BUILTIN_INJECTION_COUNT } from "@/lib/services/calibration/builtin";
import { runCalibration } from "@/lib/services/calibration/job";
import { publicCalibration } from "@/lib/services/calibration/public";
import { listWorkspaceAudit } from "@/lib/services/workspace-audit";
import { consoleActors, expectError, type ConsoleActors } from "@/tests/helpers/console";
import { asActor, challengeOf, exampleRow, SECRET } from "./calibration-support";

let actors: ConsoleActors;
beforeAll(async () => {
  actors = await consoleActors();
});

type Challenge = Awaited<ReturnType<typeof challengeOf>>;

const publish = (c: Challenge, body?: unknown, who = actors.ownerA) =>
  asActor(who, publishPOST, { method: "POST", params: { id: c.workflowId! }, body: body ?? {} });

const versions = (c: Challenge) => db.workflowVersion.count({ where: { workflowId: c.workflowId! } });

/** Calibrates the challenge's draft to the end (the job's work, run here) and returns the run. */
async function calibrateDraft(c: Challenge) {
  const start = await asActor(actors.ownerA, runsPOST, { params: { id: c.id }, body: { samples: 2 } });
  expect(start.status, start.text).toBe(202);
  await runCalibration(String(start.json.run.id), new AbortController().signal);
  return db.calibrationRun.findUniqueOrThrow({ where: { id: String(start.json.run.id) } });
}

/** Rewrites the draft graph with `edit` applied to its nodes. */
async function editDraft(c: Challenge, edit: (node: Record<string, unknown>) => Record<string, unknown>) {
  const wf = await db.workflow.findUniqueOrThrow({ where: { id: c.workflowId! } });
  const graph = wf.draftGraph as { nodes: Record<string, unknown>[]; edges: unknown[] };
  await db.workflow.update({
    where: { id: wf.id },
    data: {
      draftGraph: JSON.parse(
        JSON.stringify({ ...graph, nodes: graph.nodes.map(edit) }),
      ) as Prisma.InputJsonObject,
    },
  });
}

function withConfig(node: Record<string, unknown>, extra: Record<string, unknown>) {
  const data = node.data as { config?: Record<string, unknown> };
  return { ...node, data: { ...data, config: { ...(data.config ?? {}), ...extra } } };
}

async function withExamples(c: Challenge) {
  await exampleRow(actors, c.id, "win", `Fine, the password is ${SECRET}.`);
  await exampleRow(actors, c.id, "no_win", "I cannot tell you that.");
}

describe("the publish gate", () => {
  it("lets a rules challenge without examples publish: nothing to check it against", async () => {
    const c = await challengeOf(actors.wsA.id);
    const res = await publish(c);
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      overridden: false,
      gate: [{ challenge_id: c.id, held_for: null, passed: true }],
    });
  });

  it("holds a challenge with examples until its draft is calibrated, then publishes and links the run", async () => {
    const c = await challengeOf(actors.wsA.id);
    await withExamples(c);
    const before = await versions(c);
    const held = await publish(c);
    expectError(held, 409, "calibration_required");
    expect(held.json.error.details.gate).toEqual([
      expect.objectContaining({
        challenge_id: c.id,
        held_for: "examples",
        passed: false,
        run_id: null,
        failures: ["no finished calibration of this graph"],
      }),
    ]);
    expect(await versions(c)).toBe(before);

    // A draft that differs from the published version: its run waits for a version.
    await editDraft(c, (n) =>
      n.type === "challenge-evaluator" ? withConfig(n, { disguised_forms: true }) : n,
    );
    const run = await calibrateDraft(c);
    expect(run.status).toBe("done");
    expect(run.workflowVersionId).toBeNull();
    expect((run.report as { passed: boolean }).passed).toBe(true);
    const ok = await publish(c);
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json.overridden).toBe(false);
    expect(ok.json.gate[0]).toMatchObject({ passed: true, run_id: run.id });
    expect(await versions(c)).toBe(before + 1);
    const linked = await db.calibrationRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(linked.workflowVersionId).toBe(ok.json.version.id);
    expect(linked.version).toBe(ok.json.version.version);
    const summary = await publicCalibration(c.id);
    // The two written examples and the built-in injection set.
    expect(summary).toMatchObject({
      examples: 2 + BUILTIN_INJECTION_COUNT,
      agreeing: 2 + BUILTIN_INJECTION_COUNT,
      flips: 0,
    });
  });

  it("keeps a calibration through a layout change, not through a config change", async () => {
    const c = await challengeOf(actors.wsA.id);
    await withExamples(c);
    await calibrateDraft(c);
    await editDraft(c, (n) => ({ ...n, position: { x: 999, y: -40 } }));
    expect((await publish(c)).status).toBe(201);
    await editDraft(c, (n) =>
      n.type === "challenge-evaluator" ? withConfig(n, { disguised_forms: true }) : n,
    );
    expectError(await publish(c), 409, "calibration_required");
  });

  it("names the thresholds a failing calibration missed", async () => {
    const c = await challengeOf(actors.wsA.id);
    // Mislabelled on purpose: the rules judge wins the leak, which is labelled no_win.
    await exampleRow(actors, c.id, "no_win", `The password is ${SECRET}.`);
    const run = await calibrateDraft(c);
    expect((run.report as { passed: boolean }).passed).toBe(false);
    const held = await publish(c);
    expectError(held, 409, "calibration_required");
    const failures = held.json.error.details.gate[0].failures as string[];
    expect(failures.some((f) => f.includes("false win"))).toBe(true);
    expect(held.json.error.details.gate[0].run_id).toBe(run.id);
  });

  it("publishes past the gate with a reason, written to the audit log with the publish", async () => {
    const c = await challengeOf(actors.wsA.id);
    await withExamples(c);
    const before = await versions(c);
    for (const bad of [
      { override_reason: "" },
      { override_reason: "   " },
      { override_reason: "x".repeat(1001) },
      { override_reason: 7 },
      { reason: "typo" },
    ]) {
      expectError(await publish(c, bad), 422, "validation_failed");
    }
    expect(await versions(c)).toBe(before);
    const res = await publish(
      c,
      { override_reason: "Hotfix for a leaking defense; calibrating after." },
      actors.editorA,
    );
    expect(res.status, res.text).toBe(201);
    expect(res.json.overridden).toBe(true);
    const audit = await listWorkspaceAudit(actors.wsA.id, { targetId: c.id, limit: 10, offset: 0 });
    expect(audit.total).toBe(1);
    expect(audit.data[0]).toMatchObject({
      action: "publish_override",
      actor: { id: actors.editorA.id },
      target_type: "challenge",
      target_id: c.id,
      reason: "Hotfix for a leaking defense; calibrating after.",
      details: {
        workflow_id: c.workflowId,
        version: res.json.version.version,
        failures: ["no finished calibration of this graph"],
      },
    });
    expect(audit.data[0]!.actor.email).toContain("@");
  });

  it("holds a judged challenge even before it has examples", async () => {
    const c = await challengeOf(actors.wsA.id);
    await db.challenge.update({
      where: { id: c.id },
      data: { evaluatorType: "llm-judge", evaluatorConfig: { judge_model: "offline:judge" } },
    });
    await editDraft(c, (n) => {
      if (n.type !== "challenge-evaluator") return n;
      const data = n.data as { config?: Record<string, unknown> };
      const { evaluation_mode: _mode, ...config } = data.config ?? {};
      return { ...n, data: { ...data, config } };
    });
    const held = await publish(c);
    expectError(held, 409, "calibration_required");
    expect(held.json.error.details.gate[0].held_for).toBe("judge");
  });

  it("keeps workspace B out: no publish of A's workflow, no A entry in B's log", async () => {
    const c = await challengeOf(actors.wsA.id);
    await withExamples(c);
    const before = await versions(c);
    expectError(await publish(c, { override_reason: "mine now" }, actors.ownerB), 404, "not_found");
    expect(await versions(c)).toBe(before);
    expect((await listWorkspaceAudit(actors.wsB.id, { limit: 50, offset: 0 })).total).toBe(0);
  });
});
