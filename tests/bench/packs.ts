// (packs) Pack runs on the job engine, in process, SQLite (or BENCH_DATABASE_URL):
//   1. 1,000 cases (500 cases × two offline practice models: a bundle of 1,000 cases is over the
//      decoder's node limit) with instant models, three deterministic validators each → cases per second (goal ≥ 500/s), beside the same 1,000 model calls made
//      bare (no run, no validators, no storage) in the same process.
//   2. 200 cases against a model that answers after 1 s (a local OpenAI-compatible server) at
//      concurrency 50 → wall time (goal ≤ 5 s), beside the ideal 200 / 50 × 1 s = 4 s.
// Run: npx tsx --conditions=react-server tests/bench/packs.ts
import { prepareBench, slowProvider } from "./bench-env";

await prepareBench("packs", { JOBS_WORKER: "off" });
const { db } = await import("../../lib/db");
const { startWorker } = await import("../../lib/jobs");
const { publishPack } = await import("../../lib/services/packs");
const { packRunJob, startPackRun } = await import("../../lib/services/packs/runs");
const { getWorkspaceModel } = await import("../../lib/services/llm-providers");
const { generateModelText } = await import("../../lib/workflow/nodes/llm/stream-model");

function packYaml(slug: string, cases: number): string {
  const lines = [
    `pack: { slug: ${slug}, name: Bench ${slug}, family: bench }`,
    "version:",
    "  number: 1",
    "  execution_mode: prompt_eval",
    "  evaluation_spec:",
    `    name: ${slug}`,
    "    version_number: 1",
    "    judge_mode: deterministic",
    "    validators:",
    "      - { key: exact, type: exact_match, target: final_output, expected_from: case.expectations.answer }",
    "      - { key: mentions, type: contains, target: final_output, expected_from: case.expectations.answer }",
    '      - { key: shape, type: regex_match, target: final_output, expected_from: "literal:(?i)^[a-z]" }',
    "    scorecard: { dimensions: [correctness] }",
    "challenges:",
    "  - { key: qa, title: Questions, category: bench, difficulty: easy, instructions: Answer briefly. }",
    "input_sets:",
    "  - key: all",
    "    name: All",
    "    cases:",
  ];
  for (let i = 0; i < cases; i++) {
    lines.push(
      `      - { challenge_key: qa, case_key: c${i}, inputs: [{ key: q, kind: text, value: "What is ${i} plus one?" }], expectations: [{ key: answer, kind: text, value: "${i + 1}" }] }`,
    );
  }
  return lines.join("\n") + "\n";
}

const ws = await db.workspace.create({ data: { name: "Packs bench", slug: `packs-bench-${Date.now()}` } });
const slow = await slowProvider(ws.id);
await publishPack(ws.id, packYaml("five-hundred", 500), null);
await publishPack(ws.id, packYaml("two-hundred", 200), null);
const worker = await startWorker([packRunJob], { pollMs: 20, concurrency: 2 });

async function timeRun(
  pack: string,
  models: string[],
  concurrency: number,
): Promise<{ ms: number; done: number; errors: number }> {
  const started = performance.now();
  const run = await startPackRun(ws.id, pack, { models, concurrency }, null);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const row = await db.packRun.findUniqueOrThrow({ where: { id: run.id } });
    if (row.status !== "queued" && row.status !== "running") {
      return { ms: performance.now() - started, done: row.doneCases, errors: row.errorCases };
    }
    if (Date.now() > deadline) throw new Error(`the ${pack} run is still ${row.status} after 120 s`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

// Warm-up (JIT, prepared statements), then the measured runs.
await timeRun("two-hundred", ["offline:level-1"], 16);
const bareModel = await getWorkspaceModel("offline:level-1", ws.id);
const bareStart = performance.now();
for (let i = 0; i < 1000; i++) {
  await generateModelText({ model: bareModel, system: "Answer briefly.", prompt: `What is ${i} plus one?` });
}
const bareMs = performance.now() - bareStart;
const instant = await timeRun("five-hundred", ["offline:level-1", "offline:level-2"], 16);
const slowRun = await timeRun("two-hundred", ["provider:slow/m"], 50);
await worker.stop();
await slow.close();

const perSec = (instant.done / instant.ms) * 1000;
const barePerSec = (1000 / bareMs) * 1000;
console.log(
  `PACKS 1,000 cases, instant model, 3 validators each: ${instant.done} cases (${instant.errors} errors) in ${(instant.ms / 1000).toFixed(2)} s = ${perSec.toFixed(0)}/s (goal ≥ 500/s: ${perSec >= 500 ? "met" : "NOT met"})`,
);
console.log(
  `PACKS same 1,000 model calls bare (no run, no storage): ${barePerSec.toFixed(0)}/s; run/bare = ${(perSec / barePerSec).toFixed(2)}`,
);
console.log(
  `PACKS 200 cases, model answering after 1 s, concurrency 50: ${slowRun.done} cases (${slowRun.errors} errors) in ${(slowRun.ms / 1000).toFixed(2)} s (goal ≤ 5 s: ${slowRun.ms <= 5000 ? "met" : "NOT met"}); wall/ideal 4 s = ${(slowRun.ms / 4000).toFixed(2)}`,
);
process.exit(0);
