// Packs written for the reference implementation, over the console API and the CLI: the AgentClash
// examples that score an assertion-mode judge as a dimension validate (200) and publish (201, CLI
// exit 0); a bundle without `version.evaluation_spec` — or with one without a name — is refused by
// validate and publish alike (422, CLI non-zero exit) with `version.evaluation_spec.name is
// required` first.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute, POST as publishRoute } from "@/app/console/api/packs/route";
import { POST as validateRoute } from "@/app/console/api/packs/validate/route";
import { consoleActors, type ConsoleActors } from "@/tests/helpers/console";
import { call } from "@/tests/helpers/route";
import { startRouteServer, type RouteServer } from "@/tests/helpers/route-server";

const root = join(import.meta.dirname, "../../..");
const examples = join(root, "tests/fixtures/packs/agentclash");
const EXAMPLES = [
  "expr-eval-arena",
  "fibonacci-e2e-showcase",
  "incident-response-llm-judge",
  "multi-turn-refund-recovery",
];
const exampleFile = (name: string) => join(examples, `${name}.yaml`);
/** A prompt_eval pack without `version.evaluation_spec`. */
const NO_SPEC = `pack:
  slug: no-spec
  name: No spec
  family: support
version:
  number: 1
  execution_mode: prompt_eval
challenges:
  - key: greet
    title: Greet
    category: support
    difficulty: easy
    instructions: Greet the user.
input_sets:
  - key: default
    name: Default
    cases:
      - challenge_key: greet
        case_key: hello
        payload:
          prompt: Hello!
`;
/** The same pack with a spec that has everything but its name. */
const NO_NAME = NO_SPEC.replace("slug: no-spec", "slug: no-name").replace(
  "  execution_mode: prompt_eval\n",
  `  execution_mode: prompt_eval
  evaluation_spec:
    version_number: 1
    judge_mode: deterministic
    validators:
      - key: greets
        type: contains
        target: final_output
        expected_from: "literal:hello"
    scorecard:
      dimensions: [correctness]
`,
);
const REQUIRED = [
  { field: "version.evaluation_spec.name", message: "is required" },
  { field: "version.evaluation_spec.version_number", message: "must be greater than 0" },
  { field: "version.evaluation_spec.judge_mode", message: "must be one of deterministic, llm_judge, hybrid" },
  { field: "version.evaluation_spec.validators", message: "must contain at least one validator" },
  { field: "version.evaluation_spec.scorecard.dimensions", message: "must contain at least one dimension" },
];

let actors: ConsoleActors;
let http: RouteServer;
const yaml = (text: string) => ({ rawBody: text, headers: { "content-type": "application/yaml" } });

beforeAll(async () => {
  actors = await consoleActors();
  http = await startRouteServer({ "/console/api/packs": { GET: listRoute, POST: publishRoute } });
});

afterAll(async () => {
  await http?.close();
});

function cli(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [join(root, "scripts/gauntlet.mjs"), ...args], {
    cwd: root,
    env: { ...process.env, GAUNTLET_URL: http.url, GAUNTLET_TOKEN: actors.tokenA },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 90_000);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

const validate = (text: string) =>
  call(validateRoute, {
    method: "POST",
    path: "/console/api/packs/validate",
    bearer: actors.tokenA,
    ...yaml(text),
  });
const publish = (text: string) =>
  call(publishRoute, { method: "POST", path: "/console/api/packs", bearer: actors.tokenA, ...yaml(text) });

describe("packs written for the reference implementation", () => {
  it("the AgentClash examples with assertion-judge dimensions validate and publish", async () => {
    const [first, ...rest] = EXAMPLES;
    for (const name of EXAMPLES) {
      const res = await validate(readFileSync(exampleFile(name), "utf8"));
      expect([name, res.status, res.json]).toEqual([name, 200, { valid: true, errors: null }]);
    }
    for (const name of rest) {
      const res = await publish(readFileSync(exampleFile(name), "utf8"));
      expect([name, res.status]).toEqual([name, 201]);
      expect(res.json).toMatchObject({ version_number: 1, created: true });
    }
    const published = await cli("packs", "publish", exampleFile(first!));
    expect(published.stdout).toMatch(/^published: version 1\n/);
    expect(published.status).toBe(0);
  });

  it("refuses a bundle without an evaluation spec in validate and publish, name first", async () => {
    expect(NO_SPEC).not.toContain("evaluation_spec");
    const checked = await validate(NO_SPEC);
    expect(checked.status).toBe(422);
    expect(checked.json).toEqual({ valid: false, errors: REQUIRED });
    const refused = await publish(NO_SPEC);
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual(REQUIRED);

    const unnamed = await validate(NO_NAME);
    expect(unnamed.status).toBe(422);
    expect(unnamed.json.errors).toEqual([REQUIRED[0]]);
    expect((await publish(NO_NAME)).status).toBe(422);

    const list = await call(listRoute, { path: "/console/api/packs", bearer: actors.tokenA });
    const slugs = (list.json.data as { slug: string }[]).map((p) => p.slug);
    expect(slugs).not.toContain("no-spec");
    expect(slugs).not.toContain("no-name");
  });

  it("the CLI refuses it too: validate offline and publish to the server", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gauntlet-no-spec-"));
    const file = join(dir, "no-spec.yaml");
    writeFileSync(file, NO_SPEC);
    const offline = await cli("packs", "validate", file);
    expect(offline.stdout.trim().split("\n")).toEqual(
      REQUIRED.map((e) => `${file}: ${e.field} ${e.message}`),
    );
    expect(offline.status).toBe(1);
    const published = await cli("packs", "publish", file);
    expect(published.stdout.trim().split("\n")[0]).toBe(`${file}: version.evaluation_spec.name is required`);
    expect(published.status).not.toBe(0);
  });
});
