// Pack runs end to end over the console API and the job engine (docs/packs.md §3–4): the eval-trio
// pack (3 challenges, 21 cases, three deterministic validators and an LLM judge asked of two
// models with a mean consensus) runs against the local OpenAI-compatible test server, and every
// case's score equals the hand computation below; the same run on the offline practice model
// completes with consistent verdicts, and two models compare.
import { describe, expect, it } from "vitest";
import { GET as compareRoute } from "@/app/console/api/pack-runs/compare/route";
import { countTokens } from "@/tests/helpers/openai-server";
import { call } from "@/tests/helpers/route";
import { packRunsHarness, WRONG } from "./pack-runs-support";
import { packFixture } from "./packs-support";

const h = packRunsHarness([packFixture("eval-trio.yaml")]);
const { start, finished, cases } = h;

// Hand computation (score_scale 1..5; a judge rating r of 0..10 is 1 + 4r/10; quality is the
// models' mean on the scale, normalised to (s - 1) / 4; overall = (2 × accuracy + quality) / 3).
const RIGHT_QUALITY = ((1 + 0.8 * 4 + (1 + 0.6 * 4)) / 2 - 1) / 4; // 0.7
const WRONG_QUALITY = ((1 + 0.2 * 4 + (1 + 0 * 4)) / 2 - 1) / 4; // 0.1
const expected = (set: string, answer: string) => {
  if (WRONG.test(answer)) return { overall: WRONG_QUALITY / 3, status: "failed" };
  const accuracy = set === "refusals" ? 2 / 3 : 1; // a refusal is not exactly "Sorry"
  return { overall: (2 * accuracy + RIGHT_QUALITY) / 3, status: "passed" };
};

describe("pack runs", () => {
  it("runs a prompt_eval pack on the test server; every case equals the hand computation", async () => {
    const res = await start("eval-trio", { models: ["openai:gpt-case"], concurrency: 4 });
    expect(res.status, JSON.stringify(res.json)).toBe(202);
    expect(res.json.run).toMatchObject({
      status: "queued",
      total_cases: 21,
      done_cases: 0,
      models: ["openai:gpt-case"],
    });
    const run = await finished(String(res.json.run.id));
    expect(run).toMatchObject({
      status: "completed",
      total_cases: 21,
      done_cases: 21,
      passed_cases: 18,
      error_cases: 0,
    });
    const rows = await cases(run.id);
    expect(rows).toHaveLength(21);
    let cost = 0;
    for (const row of rows) {
      const want = expected(row.input_set, row.output ?? "");
      expect(row.status, row.case_key).toBe(want.status);
      expect(row.overall, row.case_key).toBeCloseTo(want.overall, 10);
      const result = row.result as {
        prompt: { system: string; user: string };
        judges: { score: number; agreement: number; flagged: boolean; models: unknown[] }[];
      };
      expect(result.judges[0]?.models).toHaveLength(2);
      // gpt-4.1-mini rates a right answer 6, under the judge protocol's pass line of 7: the two
      // verdicts differ, agreement 0.5 is under min_agreement_threshold 1, the case is flagged.
      const right = want.status === "passed";
      expect(result.judges[0]?.agreement).toBe(right ? 0.5 : 1);
      expect(result.judges[0]?.flagged).toBe(right);
      const inTokens = countTokens(result.prompt.system) + countTokens(result.prompt.user);
      const outTokens = countTokens(row.output ?? "");
      expect(row.tokens).toBe(inTokens + outTokens);
      expect(row.cost_usd).toBeCloseTo(inTokens * 0.001 + outTokens * 0.002, 10);
      cost += inTokens * 0.001 + outTokens * 0.002;
    }
    const australia = rows.find((r) => r.case_key === "australia");
    expect(australia?.output).toBe("Sydney");
    expect(
      (australia?.result as { validators: { key: string; passed: boolean }[] }).validators.map(
        (v) => v.passed,
      ),
    ).toEqual([false, false, false]);
    const summary = run.summary?.models[0];
    expect(summary?.scorecard.passed).toBe(18);
    expect(summary?.scorecard.pass_rate).toBeCloseTo(18 / 21, 10);
    expect(summary?.scorecard.mean_overall).toBeCloseTo(
      ((13 * (2 + RIGHT_QUALITY)) / 3 + (5 * (4 / 3 + RIGHT_QUALITY)) / 3 + 3 * (WRONG_QUALITY / 3)) / 21,
      10,
    );
    expect(summary?.cost_usd).toBeCloseTo(cost, 8);
    // Judge usage: each case's own judge calls, added up once (four cases ran at a time).
    const judgeTokens = rows.reduce(
      (sum, row) =>
        sum +
        (row.result as { judges: { usage: { tokens: number } }[] }).judges.reduce(
          (n, j) => n + j.usage.tokens,
          0,
        ),
      0,
    );
    expect(judgeTokens).toBeGreaterThan(0);
    expect(run.summary?.judge_tokens).toBe(judgeTokens);
    expect(run.cost_usd).toBeCloseTo(cost, 8);
    // 21 case calls + 21 × 2 judge calls reached the server.
    expect(h.server.requests.filter((r) => (r.body as { model?: string }).model === "gpt-case")).toHaveLength(
      21,
    );
  });

  it("runs the same pack on the offline practice model with consistent verdicts, and compares two models", async () => {
    const res = await start("eval-trio", {
      models: ["offline:level-1", "openai:gpt-case"],
      input_set: "capitals",
      judge_models: { "gpt-4o-mini": "offline:judge", "gpt-4.1-mini": "offline:judge" },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(202);
    const run = await finished(String(res.json.run.id));
    expect(run).toMatchObject({ status: "completed", total_cases: 16, done_cases: 16 });
    const offline = await cases(run.id, "&model=offline:level-1");
    expect(offline).toHaveLength(8);
    for (const row of offline) {
      const result = row.result as {
        validators: { key: string; passed: boolean }[];
        score: { overall: number; passed: boolean };
      };
      const answer =
        {
          france: "Paris",
          japan: "Tokyo",
          italy: "Rome",
          spain: "Madrid",
          germany: "Berlin",
          canada: "Ottawa",
          australia: "Canberra",
          kenya: "Nairobi",
        }[row.case_key] ?? "";
      // By hand from the answer: each validator's verdict, then the offline judge's rating of 5
      // (its goal's key terms are not in a plain answer) on both models → quality (3 - 1) / 4.
      const output = row.output ?? "";
      const verdicts = [
        output === answer,
        output.toLowerCase().includes(answer.toLowerCase()),
        new RegExp(`^${answer}$`, "i").test(output),
      ];
      expect(result.validators.map((v) => v.passed)).toEqual(verdicts);
      const judge = (row.result as { judges: { models: { ratings: number[] }[] }[] }).judges[0];
      expect(judge?.models.map((m) => m.ratings)).toEqual([[5], [5]]);
      const accuracy = verdicts.filter(Boolean).length / 3;
      const overall = (2 * accuracy + 0.5) / 3;
      expect(result.score.overall).toBeCloseTo(overall, 10);
      expect(row.status).toBe(overall >= 0.6 ? "passed" : "failed");
    }
    const france = offline.find((r) => r.case_key === "france");
    expect(france?.output).toBe("The capital of France is Paris.");
    expect(france?.overall).toBeCloseTo((2 * (1 / 3) + 0.5) / 3, 10);
    const cmp = await call(compareRoute, {
      path: `/console/api/pack-runs/compare?a=${run.id}&b=${run.id}&a_model=offline:level-1&b_model=openai:gpt-case`,
      bearer: h.actors.tokenA,
    });
    expect(cmp.status, JSON.stringify(cmp.json)).toBe(200);
    expect(cmp.json.cases).toHaveLength(8);
    expect(cmp.json.dimensions.map((d: { key: string }) => d.key)).toEqual([
      "pass_rate",
      "accuracy",
      "quality",
    ]);
    const passB = run.summary?.models.find((m) => m.model === "openai:gpt-case")?.scorecard.pass_rate;
    expect(cmp.json.dimensions[0].b).toBeCloseTo(passB ?? -1, 10);
    expect(passB).toBeCloseTo(7 / 8, 10);
  });
});
