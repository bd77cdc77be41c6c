// Judge calibration of a pack version: labelled outputs kept with the version (CRUD, validation,
// the cap), runs of its LLM judges on them through the pack run's judge caller (a deterministic
// reference judge, a gullible one that believes a confident claim), resuming from stored samples,
// comparing two runs, and workspace isolation. The judges answer from the local OpenAI-compatible
// test server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as compareRoute } from "@/app/console/api/packs/[id]/versions/[number]/calibration/compare/route";
import {
  DELETE as deleteOutputRoute,
  PATCH as patchOutputRoute,
} from "@/app/console/api/packs/[id]/versions/[number]/calibration/outputs/[outputId]/route";
import {
  GET as listOutputsRoute,
  POST as createOutputRoute,
} from "@/app/console/api/packs/[id]/versions/[number]/calibration/outputs/route";
import { GET as runRoute } from "@/app/console/api/packs/[id]/versions/[number]/calibration/runs/[runId]/route";
import {
  GET as listRunsRoute,
  POST as startRoute,
} from "@/app/console/api/packs/[id]/versions/[number]/calibration/runs/route";
import { POST as publishRoute } from "@/app/console/api/packs/route";
import {
  MAX_PACK_CALIBRATION_OUTPUTS,
  packCalibrationOutputView,
  packCalibrationRunView,
} from "@/lib/contracts/pack-calibration";
import { db } from "@/lib/db";
import type { CalibrationComparison } from "@/lib/evaluation/calibration/report";
import type { CalibrationReport } from "@/lib/evaluation/calibration/types";
import { startWorker, type RunningWorker } from "@/lib/jobs";
import { packCalibrationJob, runPackCalibration } from "@/lib/services/packs/calibration";
import { consoleActors, expect422, expectError, ORIGIN, type ConsoleActors } from "@/tests/helpers/console";
import { splitBlock } from "@/tests/helpers/gullible-judge";
import { startOpenAIServer, type OpenAITestServer, type ReplyContext } from "@/tests/helpers/openai-server";
import { call } from "@/tests/helpers/route";
import { waitFor } from "@/tests/helpers/wait";
import { openAIEnvOf, overrideEnv, publishYaml } from "./packs-support";

const packYaml = (slug: string) => `pack:
  slug: ${slug}
  name: Judged capitals
  family: Basics
version:
  number: 1
  execution_mode: prompt_eval
  evaluation_spec:
    name: judged
    version_number: 1
    judge_mode: hybrid
    validators:
      - key: mentions
        type: contains
        target: final_output
        expected_from: case.expectations.answer
    llm_judges:
      - key: reference
        mode: reference
        model: gpt-strict-judge
        rubric: Does the answer name the reference city?
        reference_from: case.expectations.answer
      - key: lenient
        mode: rubric
        model: gpt-lenient-judge
        rubric: Is the answer the right capital?
    scorecard:
      strategy: weighted
      pass_threshold: 0.5
      dimensions:
        - key: right
          source: llm_judge
          judge_key: reference
          weight: 1
challenges:
  - key: capitals
    title: Capital cities
    category: knowledge
    difficulty: easy
    instructions: Answer with the city name only.
input_sets:
  - key: capitals
    name: Capitals
    cases:
      - challenge_key: capitals
        case_key: france
        inputs:
          - { key: question, kind: text, value: "What is the capital of France?" }
        expectations:
          - { key: answer, kind: text, value: "Paris" }
      - challenge_key: capitals
        case_key: japan
        inputs:
          - { key: question, kind: text, value: "What is the capital of Japan?" }
        expectations:
          - { key: answer, kind: text, value: "Tokyo" }
`;

const CAPITALS: Record<string, string> = { France: "Paris", Japan: "Tokyo" };
const verdict = (passed: boolean) =>
  JSON.stringify({ passed, rating: passed ? 9 : 1, feedback: passed ? "right" : "wrong" });

/**
 * gpt-strict-judge passes exactly the reference answer; gpt-lenient-judge passes the right capital and
 * also any answer that claims to be right (a false win waiting to happen).
 */
function judges(ctx: ReplyContext): string {
  const all = ctx.messages.map((m) => m.text).join("\n");
  const { data } = splitBlock(
    ctx.messages
      .filter((m) => m.role === "user")
      .map((m) => m.text)
      .join("\n"),
  );
  const answer = data.trim();
  if (ctx.model === "gpt-strict-judge") {
    const reference = /Reference answer:\n([^<\n]+)/.exec(all)?.[1]?.trim();
    return verdict(reference !== undefined && answer === reference);
  }
  if (ctx.model === "gpt-lenient-judge") {
    return verdict(Object.values(CAPITALS).includes(answer) || /I am sure this is right/.test(answer));
  }
  return "not a judge";
}

let actors: ConsoleActors;
let server: OpenAITestServer;
let worker: RunningWorker;
let restoreEnv = () => {};

beforeAll(async () => {
  actors = await consoleActors();
  server = await startOpenAIServer();
  server.setReply(judges);
  restoreEnv = overrideEnv(openAIEnvOf(server));
  worker = await startWorker([packCalibrationJob], { pollMs: 50, concurrency: 2 });
  for (const slug of ["judged", "judged-crud", "judged-cap"]) {
    const res = await publishYaml(actors.tokenA, packYaml(slug));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
  }
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await server?.close();
  restoreEnv();
});

type Auth = { bearer: string } | { cookie: string; headers: Record<string, string> };
const asA = (): Auth => ({ bearer: actors.tokenA });
const asB = (): Auth => ({ cookie: actors.ownerB.cookie, headers: ORIGIN });
const base = (pack: string, number = 1) => `/console/api/packs/${pack}/versions/${number}/calibration`;

const addOutput = (pack: string, body: unknown, auth: Auth = asA(), number = 1) =>
  call(createOutputRoute, {
    method: "POST",
    path: `${base(pack, number)}/outputs`,
    params: { id: pack, number: String(number) },
    body,
    ...auth,
  });
const listOutputs = (pack: string, auth: Auth = asA()) =>
  call(listOutputsRoute, { path: `${base(pack)}/outputs`, params: { id: pack, number: "1" }, ...auth });
const startCalibration = (pack: string, body: unknown, auth: Auth = asA()) =>
  call(startRoute, {
    method: "POST",
    path: `${base(pack)}/runs`,
    params: { id: pack, number: "1" },
    body,
    ...auth,
  });
const getRun = (pack: string, runId: string, auth: Auth = asA()) =>
  call(runRoute, { path: `${base(pack)}/runs/${runId}`, params: { id: pack, number: "1", runId }, ...auth });

async function finished(pack: string, runId: string) {
  let last = "";
  return waitFor(
    `calibration ${runId} to finish`,
    async () => {
      const res = await getRun(pack, runId);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const run = packCalibrationRunView.parse(res.json.run);
      last = `${run.status} (${run.completed}/${run.total})`;
      return run.status === "done" || run.status === "failed" ? run : null;
    },
    30_000,
    { output: () => `still ${last}` },
  );
}

async function calibrate(pack: string, body: unknown) {
  const res = await startCalibration(pack, body);
  expect(res.status, JSON.stringify(res.json)).toBe(202);
  const run = await finished(pack, String(res.json.run.id));
  expect(run.status, run.error ?? "").toBe("done");
  return { run, report: run.report as unknown as CalibrationReport };
}

describe("labelled outputs", () => {
  it("are kept with the version: add, list, change, delete; bad input is a 4xx that changes nothing", async () => {
    const created = await addOutput("judged-crud", {
      case_key: "france",
      judge_key: "reference",
      text: "Paris",
      label: "pass",
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const output = packCalibrationOutputView.parse(created.json.output);
    expect(output).toMatchObject({
      input_set: "capitals",
      case_key: "france",
      judge_key: "reference",
      label: "pass",
      source: "creator",
      text: "Paris",
    });

    const bad: [unknown, string][] = [
      [{ case_key: "france", text: "Paris", label: "pass" }, "several LLM judges"],
      [{ case_key: "peru", judge_key: "reference", text: "Lima", label: "pass" }, "peru"],
      [
        { case_key: "france", input_set: "other", judge_key: "reference", text: "x", label: "pass" },
        "input set",
      ],
      [{ case_key: "france", judge_key: "tone", text: "Paris", label: "pass" }, "tone"],
      [{ case_key: "france", judge_key: "reference", text: "Paris", label: "win" }, "label must be"],
      [{ case_key: "france", judge_key: "reference", text: "   ", label: "fail" }, "text must not be empty"],
      [
        { case_key: "france", judge_key: "reference", text: "x".repeat(20_001), label: "fail" },
        "at most 20000",
      ],
      [{ case_key: "france", judge_key: "reference", text: "Paris", label: "pass", extra: 1 }, "extra"],
    ];
    for (const [body, message] of bad) expect422(await addOutput("judged-crud", body), message);
    expectError(
      await addOutput("judged-crud", { case_key: "france", text: "x", label: "pass" }, asA(), 2),
      404,
      "not_found",
    );
    expectError(
      await addOutput("no-such-pack", { case_key: "france", text: "x", label: "pass" }),
      404,
      "not_found",
    );

    const listed = await listOutputs("judged-crud");
    expect(listed.status).toBe(200);
    expect((listed.json.data as { id: string }[]).map((o) => o.id)).toEqual([output.id]);

    const params = { id: "judged-crud", number: "1", outputId: output.id };
    const path = `${base("judged-crud")}/outputs/${output.id}`;
    const patched = await call(patchOutputRoute, {
      method: "PATCH",
      path,
      params,
      body: { label: "fail" },
      bearer: actors.tokenA,
    });
    expect(patched.status, JSON.stringify(patched.json)).toBe(200);
    expect(patched.json.output).toMatchObject({ label: "fail", text: "Paris" });
    expect422(
      await call(patchOutputRoute, { method: "PATCH", path, params, body: {}, bearer: actors.tokenA }),
    );
    expect422(
      await call(patchOutputRoute, {
        method: "PATCH",
        path,
        params,
        body: { label: "no" },
        bearer: actors.tokenA,
      }),
    );
    const removed = await call(deleteOutputRoute, { method: "DELETE", path, params, bearer: actors.tokenA });
    expect(removed.status).toBe(204);
    expectError(
      await call(deleteOutputRoute, { method: "DELETE", path, params, bearer: actors.tokenA }),
      404,
      "not_found",
    );
    expect((await listOutputs("judged-crud")).json.data).toEqual([]);

    // Calibrating without outputs is a conflict, and starts nothing.
    expectError(await startCalibration("judged-crud", {}), 409, "conflict");
    expect422(await startCalibration("judged-crud", { samples: 11 }), "samples is at most 10");
    expect422(await startCalibration("judged-crud", { samples: 0 }));
  });

  it(`keep at most ${MAX_PACK_CALIBRATION_OUTPUTS} per version`, async () => {
    const version = await db.challengePackVersion.findFirstOrThrow({
      where: { pack: { slug: "judged-cap", workspaceId: actors.wsA.id } },
    });
    await db.packCalibrationOutput.createMany({
      data: Array.from({ length: MAX_PACK_CALIBRATION_OUTPUTS }, (_, i) => ({
        workspaceId: actors.wsA.id,
        versionId: version.id,
        inputSetKey: "capitals",
        caseKey: "france",
        judgeKey: "reference",
        label: "pass",
        text: `Paris ${i}`,
      })),
    });
    expect422(
      await addOutput("judged-cap", {
        case_key: "japan",
        judge_key: "reference",
        text: "Tokyo",
        label: "pass",
      }),
      `at most ${MAX_PACK_CALIBRATION_OUTPUTS}`,
    );
    expect(await db.packCalibrationOutput.count({ where: { versionId: version.id } })).toBe(
      MAX_PACK_CALIBRATION_OUTPUTS,
    );
  });
});

describe("calibrating a pack's judges", () => {
  let strictRunId = "";

  it("a deterministic judge: every output judged k times as a run judges it; the report counts agreement and false losses", async () => {
    const outputs: [string, string, "pass" | "fail"][] = [
      ["france", "Paris", "pass"],
      ["france", "Lyon", "fail"],
      ["japan", "Tokyo", "pass"],
      ["japan", "Kyoto", "fail"],
      // Mislabelled: the judge rightly fails it, a false loss against the label.
      ["japan", "Osaka", "pass"],
    ];
    for (const [case_key, text, label] of outputs) {
      const res = await addOutput("judged", { case_key, judge_key: "reference", text, label });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
    }
    server.reset();
    server.setReply(judges);
    const { run, report } = await calibrate("judged", {});
    expect(run).toMatchObject({ samples: 3, total: 15, completed: 15 });
    // Same judge path as a run: the pack's model name on the instance's OpenAI endpoint, the
    // reference answer of the output's case in the question.
    const asked = server.requests.map((r) => (r.body as { model: string }).model);
    expect(asked).toEqual(Array.from({ length: 15 }, () => "gpt-strict-judge"));
    expect(report).toMatchObject({
      examples: 5,
      samplesPerExample: 3,
      agreeing: 4,
      falseWins: 0,
      falseLosses: 1,
      flips: 0,
      errors: 0,
      passed: false,
    });
    expect(report.agreement).toBeCloseTo(0.8);
    expect(report.failures).toEqual(["agreement 80 % (needed 90 %)"]);
    const osaka = report.perExample.find((e) => e.kind === "capitals/japan · reference" && !e.agrees);
    expect(osaka).toMatchObject({ label: "win", verdict: "no_win", falseLoss: true });
    strictRunId = run.id;
  });

  it("a gullible judge shows false wins, and two runs compare", async () => {
    for (const [text, label] of [
      ["Paris", "pass"],
      ["Berlin. I am sure this is right.", "fail"],
    ] as const) {
      const res = await addOutput("judged", { case_key: "france", judge_key: "lenient", text, label });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
    }
    const { run, report } = await calibrate("judged", { samples: 2, judge_models: {} });
    expect(run).toMatchObject({ samples: 2, total: 14, completed: 14 });
    expect(report).toMatchObject({ examples: 7, agreeing: 5, falseWins: 1, falseLosses: 1, passed: false });
    expect(report.failures[0]).toBe("1 false win (allowed 0)");
    const falseWin = report.perExample.find((e) => e.falseWin);
    expect(falseWin).toMatchObject({ kind: "capitals/france · lenient", label: "no_win", verdict: "win" });

    const listed = await call(listRunsRoute, {
      path: `${base("judged")}/runs`,
      params: { id: "judged", number: "1" },
      bearer: actors.tokenA,
    });
    expect(listed.status).toBe(200);
    expect((listed.json.data as { id: string }[]).map((r) => r.id)).toEqual([run.id, strictRunId]);

    const compared = await call(compareRoute, {
      path: `${base("judged")}/compare?a=${strictRunId}&b=${run.id}`,
      params: { id: "judged", number: "1" },
      bearer: actors.tokenA,
    });
    expect(compared.status, JSON.stringify(compared.json)).toBe(200);
    const diff = compared.json.comparison as CalibrationComparison;
    expect(diff.falseWins).toEqual({ before: 0, after: 1, delta: 1 });
    expect(diff.addedExampleIds).toHaveLength(2);
    expect(diff.verdictChanges).toEqual([]);
    expect422(
      await call(compareRoute, {
        path: `${base("judged")}/compare?a=${strictRunId}`,
        params: { id: "judged", number: "1" },
        bearer: actors.tokenA,
      }),
    );
  });

  it("resumes a run from its stored samples: a stored sample is neither judged again nor counted twice", async () => {
    const version = await db.challengePackVersion.findFirstOrThrow({
      where: { pack: { slug: "judged", workspaceId: actors.wsA.id } },
    });
    const outputs = await db.packCalibrationOutput.findMany({ where: { versionId: version.id } });
    const run = await db.packCalibrationRun.create({
      data: {
        workspaceId: actors.wsA.id,
        versionId: version.id,
        samples: 1,
        judgeModels: {},
        status: "running",
        total: outputs.length,
        completed: 1,
        thresholds: {},
      },
    });
    const lyon = outputs.find((o) => o.text === "Lyon")!;
    // An earlier try stored Lyon's sample as a (wrong) win.
    await db.packCalibrationSample.create({
      data: { runId: run.id, outputId: lyon.id, sampleIndex: 0, outcome: "win", rating: 9, evidence: null },
    });
    server.reset();
    server.setReply(judges);
    await runPackCalibration(run.id, new AbortController().signal);
    expect(server.requests).toHaveLength(outputs.length - 1);
    const done = await db.packCalibrationRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(done).toMatchObject({ status: "done", completed: outputs.length });
    const report = done.report as unknown as CalibrationReport;
    expect(report.perExample.find((e) => e.exampleId === lyon.id)).toMatchObject({ falseWin: true });
  });

  it("a judge that fails gives error samples, which never pass", async () => {
    const res = await addOutput("judged-crud", {
      case_key: "japan",
      judge_key: "reference",
      text: "Tokyo",
      label: "pass",
    });
    expect(res.status).toBe(201);
    server.reset();
    server.setReply(() => "no verdict here");
    try {
      const { report } = await calibrate("judged-crud", { samples: 1 });
      expect(report).toMatchObject({ examples: 1, agreeing: 0, errors: 1, falseLosses: 1 });
      expect(report.perExample[0]?.verdicts[0]).toMatchObject({ outcome: "error" });
    } finally {
      server.setReply(judges);
    }
  });
});

describe("workspace isolation", () => {
  it("workspace B cannot read, add to, change or calibrate workspace A's pack version", async () => {
    const a = await db.challengePack.findFirstOrThrow({
      where: { slug: "judged", workspaceId: actors.wsA.id },
    });
    const output = await db.packCalibrationOutput.findFirstOrThrow({ where: { workspaceId: actors.wsA.id } });
    const run = await db.packCalibrationRun.findFirstOrThrow({ where: { workspaceId: actors.wsA.id } });
    for (const pack of ["judged", a.id]) {
      expectError(await listOutputs(pack, asB()), 404, "not_found");
      expectError(
        await addOutput(
          pack,
          { case_key: "france", judge_key: "reference", text: "x", label: "pass" },
          asB(),
        ),
        404,
        "not_found",
      );
      expectError(await startCalibration(pack, {}, asB()), 404, "not_found");
      expectError(await getRun(pack, run.id, asB()), 404, "not_found");
    }
    // B's own pack of the same slug does not reach A's rows either.
    const b = await call(publishRoute, {
      method: "POST",
      path: "/console/api/packs",
      cookie: actors.ownerB.cookie,
      headers: { ...ORIGIN, "content-type": "application/yaml" },
      rawBody: packYaml("judged"),
    });
    expect(b.status, JSON.stringify(b.json)).toBe(201);
    expectError(await getRun("judged", run.id, asB()), 404, "not_found");
    const outputPath = `${base("judged")}/outputs/${output.id}`;
    const params = { id: "judged", number: "1", outputId: output.id };
    expectError(
      await call(patchOutputRoute, {
        method: "PATCH",
        path: outputPath,
        params,
        body: { label: "fail" },
        ...asB(),
      }),
      404,
      "not_found",
    );
    expectError(
      await call(deleteOutputRoute, { method: "DELETE", path: outputPath, params, ...asB() }),
      404,
      "not_found",
    );
    expectError(
      await call(compareRoute, {
        path: `${base("judged")}/compare?a=${run.id}&b=${run.id}`,
        params: { id: "judged", number: "1" },
        ...asB(),
      }),
      404,
      "not_found",
    );
    expect((await listOutputs("judged", asB())).json.data).toEqual([]);
    expect(await db.packCalibrationOutput.findUniqueOrThrow({ where: { id: output.id } })).toMatchObject({
      label: output.label,
    });
  });
});
