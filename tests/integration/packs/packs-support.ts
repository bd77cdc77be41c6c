// Helpers shared by the pack integration tests: YAML bodies and publishing over the console API,
// pointing the app's OpenAI client at a test server (and back), and following a pack run.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { GET as casesRoute } from "@/app/console/api/pack-runs/[id]/cases/route";
import { GET as runRoute } from "@/app/console/api/pack-runs/[id]/route";
import { POST as startRoute } from "@/app/console/api/packs/[id]/runs/route";
import { POST as publishRoute } from "@/app/console/api/packs/route";
import { packRunCaseView, packRunView } from "@/lib/contracts/pack-runs";
import { resetEnvForTests } from "@/lib/env";
import { startWorker } from "@/lib/jobs";
import { packRunJob } from "@/lib/services/packs/runs";
import type { OpenAITestServer } from "@/tests/helpers/openai-server";
import { call } from "@/tests/helpers/route";
import { waitFor } from "@/tests/helpers/wait";

/** A pack of tests/fixtures/packs, as text. */
export const packFixture = (name: string) =>
  readFileSync(join(import.meta.dirname, "../../fixtures/packs", name), "utf8");

export const yamlBody = (text: string) => ({
  rawBody: text,
  headers: { "content-type": "application/yaml" },
});

/** Publishes a pack's YAML as the bearer's workspace. */
export const publishYaml = (bearer: string, text: string) =>
  call(publishRoute, { method: "POST", path: "/console/api/packs", bearer, ...yamlBody(text) });

/** Starts a run of the pack (its slug or id) in the bearer's workspace. */
export const startRun = (bearer: string, pack: string, body: unknown) =>
  call(startRoute, {
    method: "POST",
    path: `/console/api/packs/${pack}/runs`,
    params: { id: pack },
    bearer,
    body,
  });

/** A job worker for pack runs. */
export const startPackRunWorker = () => startWorker([packRunJob], { pollMs: 50, concurrency: 2 });

/**
 * Sets these environment variables (undefined removes one) and re-reads the app's env; returns
 * what puts the previous values back.
 */
export function overrideEnv(values: Record<string, string | undefined>): () => void {
  const saved = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  const apply = (vars: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(vars)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvForTests();
  };
  apply(values);
  return () => apply(saved);
}

/** The environment that sends the app's OpenAI calls to a test server, over the chat API. */
export const openAIEnvOf = (server: OpenAITestServer) => ({
  OPENAI_BASE_URL: server.url,
  OPENAI_API_KEY: "sk-test",
  OPENAI_API_MODE: "chat",
});

/** Polls the run until it is neither queued nor running (a safety net: the worker drives it, not time). */
export function finishedRun(bearer: string, id: string, timeoutMs = 30_000) {
  let last = "";
  return waitFor(
    `run ${id} to finish`,
    async () => {
      const res = await call(runRoute, { path: `/console/api/pack-runs/${id}`, params: { id }, bearer });
      expect(res.status).toBe(200);
      const run = packRunView.parse(res.json.run);
      last = `${run.status} (${run.done_cases}/${run.total_cases})`;
      return run.status !== "queued" && run.status !== "running" ? run : null;
    },
    timeoutMs,
    { output: () => `still ${last}` },
  );
}

/** A run's cases (`query` adds filters such as `&model=…`). */
export async function runCases(bearer: string, id: string, query = "") {
  const res = await call(casesRoute, {
    path: `/console/api/pack-runs/${id}/cases?limit=500${query}`,
    params: { id },
    bearer,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json.data as unknown[]).map((c) => packRunCaseView.parse(c));
}
