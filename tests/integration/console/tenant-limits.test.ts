// Hostile-tenant limits through the real routes: deeply nested JSON in free-form fields is a 422 (not a 500
// "Maximum call stack size exceeded"), plugin config_schema patterns have the challenge-pattern
// limits, deeply nested plugin output is refused cleanly, and a catastrophic rules pattern on a
// huge model answer is searched on the regex worker and stopped at its budget, off the request thread.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { POST as createChallengeRoute } from "@/app/console/api/challenges/route";
import { POST as createPluginRoute } from "@/app/console/api/plugins/route";
import { POST as testRunRoute } from "@/app/console/api/plugins/[id]/test-run/route";
import { PUT as draftRoute } from "@/app/console/api/workflows/[id]/draft/route";
import { db } from "@/lib/db";
import { getRegexRunner } from "@/lib/evaluation/rules-runner";
import { getSandboxPool } from "@/lib/evaluation/sandbox/pool";
import { createProvider } from "@/lib/services/llm-providers";
import { submitAttempt } from "@/lib/services/attempts";
import { makeAccount, makeApp, makePlayableChallenge, makePlugin, makeWorkflow } from "@/tests/helpers/factories";
import { startOpenAIServer, type OpenAITestServer } from "@/tests/helpers/openai-server";
import { call } from "@/tests/helpers/route";
import { consoleActors, ORIGIN, type ConsoleActors } from "@/tests/helpers/console";

const CATASTROPHIC = "a[ab]{999}[ab]{999}[ab]{999}[ab]{999}$";
// Built as text: JSON.stringify of 5,000 levels is fine, but keep the request exactly as sent.
const deepText = (levels: number) => `${'{"v":'.repeat(levels)}1${"}".repeat(levels)}`;

let a: ConsoleActors;
let server: OpenAITestServer;
const asA = (handler: Parameters<typeof call>[0], opts: Parameters<typeof call>[1] = {}) =>
  call(handler, { cookie: a.ownerA.cookie, headers: ORIGIN, ...opts });

beforeAll(async () => {
  // A costly search's budget far below what the catastrophic pattern needs on any machine, so it
  // is always stopped (on a quiet fast machine the default 1 s budget can be enough to finish it).
  process.env.RULES_REGEX_TIMEOUT_MS = "50";
  resetEnvForTests();
  a = await consoleActors();
  server = await startOpenAIServer();
});
afterAll(async () => {
  await server.close();
  await getRegexRunner().close();
  await getSandboxPool().close();
});

function expectDepth422(res: { status: number; json: any; text: string }) {
  expect(res.status, res.text).toBe(422);
  expect(res.json.error).toMatchObject({ code: "validation_failed", message: expect.stringMatching(/64 levels deep/) });
}

describe("deeply nested JSON bodies", () => {
  it("evaluator_config 5,000 levels deep → 422, nothing created", async () => {
    const before = await db.challenge.count();
    const body = `{"name":"Deep","goal":"g","evaluator_type":"custom","evaluator_plugin_id":"p","evaluator_config":${deepText(5000)}}`;
    expectDepth422(await asA(createChallengeRoute, { rawBody: body }));
    expect(await db.challenge.count()).toBe(before);
  });

  it("plugin test-run config and workflow node data 5,000 levels deep → 422", async () => {
    const plugin = await makePlugin({ workspaceId: a.wsA.id, pluginId: "deep-config" });
    expectDepth422(
      await asA(testRunRoute, { params: { id: plugin.id }, rawBody: `{"config":${deepText(5000)},"goal":"g","response":"r"}` }),
    );
    const workflow = await makeWorkflow({ appId: (await makeApp({ workspaceId: a.wsA.id })).id });
    const graph = `{"graph":{"nodes":[{"id":"start","type":"start","data":${deepText(5000)}}],"edges":[]}}`;
    expectDepth422(await asA(draftRoute, { method: "PUT", params: { id: workflow.id }, rawBody: graph }));
  });

  it("ordinary nesting is still accepted", async () => {
    // A schema nested 10 properties deep: about 22 levels of JSON, well within the limit.
    let schema: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 10; i++) schema = { type: "object", properties: { a: schema } };
    const res = await asA(createPluginRoute, {
      body: {
        plugin_id: "nested-ok",
        name: "Nested ok",
        kind: "evaluator",
        code: "function evaluate() { return { passed: true }; }",
        config_schema: schema,
      },
    });
    expect(res.status, res.text).toBe(201);
  });
});

describe("plugin config_schema patterns", () => {
  it("refuses a 30,000-step pattern at save (was 201)", async () => {
    const res = await asA(createPluginRoute, {
      body: {
        plugin_id: "huge-pattern",
        name: "Huge pattern",
        kind: "evaluator",
        code: "function evaluate() { return { passed: true }; }",
        config_schema: { type: "object", properties: { s: { type: "string", pattern: "[ab]{1000}".repeat(30) } } },
      },
    });
    expect(res.status, res.text).toBe(422);
    expect(res.json.error.message).toMatch(/too (complex|large)/);
    expect(await db.plugin.count({ where: { workspaceId: a.wsA.id, pluginId: "huge-pattern" } })).toBe(0);
  });

  it("a costly accepted pattern on a long config value answers at once with a clear refusal", async () => {
    const plugin = await makePlugin({
      workspaceId: a.wsA.id,
      pluginId: "costly-pattern",
      configSchema: { type: "object", properties: { s: { type: "string", pattern: CATASTROPHIC } } },
    });
    // "Too long for it" is decided from the value's length before any search runs.
    const res = await asA(testRunRoute, {
      params: { id: plugin.id },
      body: { config: { s: "ab".repeat(15_000) }, goal: "g", response: "r" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ ok: false, error: "invalid_config" });
    expect(JSON.stringify(res.json)).toMatch(/too long for it/);
  });
});

describe("deeply nested plugin output", () => {
  it("is refused as invalid_output, not a 500", async () => {
    const plugin = await makePlugin({
      workspaceId: a.wsA.id,
      pluginId: "deep-output",
      code: "function evaluate() { let v = {}; for (let i = 0; i < 5000; i++) v = { v }; return { passed: true, raw: v }; }",
    });
    const res = await asA(testRunRoute, { params: { id: plugin.id }, body: { goal: "g", response: "r" } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ ok: false, error: "invalid_output" });
    expect(res.json.detail).toMatch(/64 levels deep/);
  });
});

describe("a catastrophic pattern on a 200,000-character model answer", () => {
  it("ends as a grader error from the regex worker, off the request thread", async () => {
    const app = await makeApp({ workspaceId: a.wsA.id });
    await createProvider(app.workspaceId, { name: "wordy", kind: "openai-compatible", baseUrl: server.url, models: ["wordy"] });
    // The model ignores max_tokens and answers 200,000 characters.
    server.setReply("ab".repeat(100_000));
    const challenge = await makePlayableChallenge(
      { successType: "regex", successPattern: CATASTROPHIC, maxAttempts: null },
      { appId: app.id, model: "provider:wordy/wordy" },
    );
    const account = await makeAccount();

    const result = await submitAttempt({ challengeId: challenge.id, accountId: account.id, prompt: "go" });
    // The outcome shows where the search ran: "took too long" only comes from the regex worker
    // (off the request thread) stopping it at its budget (50 ms here, so a slower machine only
    // reaches it sooner); a search on the request thread would have finished with a verdict.
    expect(result.status).toBe("judge_error");
    expect(result.message).toMatch(/took too long/);
    const row = await db.challengeAttempt.findUniqueOrThrow({ where: { id: result.attempt_id } });
    // The model's answer was capped (max_tokens 1024 → 16,384 characters kept).
    expect((row.response ?? "").length).toBeLessThanOrEqual(16_384);
  });
});
