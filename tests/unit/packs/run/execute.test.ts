import { describe, expect, it } from "vitest";
import { MAX_OUTPUT_CHARS } from "@/lib/packs/run/execute";
import { answer, basic, judgeSays, pack, run, secured, SPEC } from "./execute-support";
import { packOf, scriptedJudge, verdict } from "./run-fixture";

describe("executeCase: a prompt_eval case", () => {
  it("asks the model the case, runs the validators and the judge, and scores the case", async () => {
    const model = answer("Paris");
    const judge = judgeSays(8);
    const budget = { usd: 0, tokens: 0 };
    const outcome = await run(basic, "fr", model, judge, { budget });
    expect(model.calls).toEqual([
      {
        modelRef: "m1",
        call: { system: "Answer with the city only.", user: "Capital of France?", timeoutMs: 5000 },
      },
    ]);
    expect(judge.calls).toEqual([
      {
        model: "gpt-4o",
        request: { mode: "rubric", goal: "Is the answer correct?", response: "Paris" },
      },
    ]);
    // accuracy (1 + 1) / 2 = 1; quality 8 on 0..10 → 0.8; overall (2 × 1 + 0.8) / 3 = 0.9333
    expect(outcome).toMatchObject({
      status: "passed",
      output: "Paris",
      latencyMs: 1200,
      tokens: 150,
      costUsd: expect.closeTo(0.2, 10),
      error: null,
      overall: expect.closeTo(2.8 / 3, 10),
    });
    expect(outcome.result).toMatchObject({
      prompt: { system: "Answer with the city only.", user: "Capital of France?" },
      validators: [
        { key: "exact", type: "exact_match", passed: true, score: 1 },
        { key: "mentions", type: "contains", passed: true, score: 1 },
      ],
      judges: [{ key: "quality", score: 8, passed: true }],
      security: null,
      inputTokens: 100,
      outputTokens: 50,
      provider: "openai",
      modelId: "gpt-case",
    });
    expect(outcome.result.score?.reason).toBe("passed: weighted score 0.9333 >= 0.6");
    expect(budget).toEqual({ usd: 0.001, tokens: 30 });
  });

  it.each([
    // exact 0, mentions 1 → accuracy 0.5; quality 0.9 → (1 + 0.9) / 3 = 0.6333 ≥ 0.6
    ["It is paris.", 9, "passed", 1.9 / 3],
    // quality 0.7 → (1 + 0.7) / 3 = 0.5667 < 0.6
    ["It is paris.", 7, "failed", 1.7 / 3],
    // accuracy 0; quality 0.2 → 0.2 / 3 = 0.0667
    ["Lyon", 2, "failed", 0.2 / 3],
  ])("%j with a judge rating of %d → %s (%d)", async (text, rating, status, overall) => {
    const outcome = await run(basic, "fr", answer(text), judgeSays(rating));
    expect(outcome.status).toBe(status);
    expect(outcome.overall).toBeCloseTo(overall, 10);
    expect(outcome.result.score?.passed).toBe(status === "passed");
  });

  it("builds the user message from several inputs as key: value lines", async () => {
    const model = answer("Tokyo");
    const outcome = await run(basic, "jp", model);
    expect(model.calls[0]?.call.user).toBe("country: Japan\nformat: one word");
    expect(outcome.status).toBe("passed");
  });

  it("fails the validators whose evidence the case cannot give, with the reason", async () => {
    const model = answer("Madrid");
    const outcome = await run(basic, "es", model, judgeSays(10));
    // A legacy payload: the user message is its question.
    expect(model.calls[0]?.call.user).toBe("Capital of Spain?");
    const reason = "case.expectations.answer is not defined for this case";
    expect(outcome.result.validators).toEqual([
      { key: "exact", type: "exact_match", passed: false, score: 0, evidence: reason },
      { key: "mentions", type: "contains", passed: false, score: 0, evidence: reason },
    ]);
    // accuracy 0; quality 1 → 1 / 3 < 0.6
    expect(outcome).toMatchObject({ status: "failed", overall: expect.closeTo(1 / 3, 10) });
  });

  it("sends an empty payload as the instructions, and never calls the model with nothing to send", async () => {
    const raw = (instructions: string) =>
      packOf({
        pack: { slug: "bare", name: "Bare", family: "research" },
        version: { number: 1, execution_mode: "prompt_eval", evaluation_spec: SPEC },
        challenges: [{ key: "c", title: "C", category: "k", difficulty: "easy", instructions }],
        input_sets: [
          { key: "s", name: "S", cases: [{ challenge_key: "c", case_key: "empty", payload: {} }] },
        ],
      });
    const model = answer("Paris");
    await run(raw("Name the capital of France."), "empty", model);
    expect(model.calls[0]?.call).toMatchObject({ system: "", user: "Name the capital of France." });

    const silent = answer("Paris");
    const outcome = await run(raw(""), "empty", silent);
    expect(silent.calls).toEqual([]);
    expect(outcome).toMatchObject({
      status: "error",
      error: "nothing to send: the challenge has no instructions and the case no input, prompt or question",
      tokens: 0,
    });
  });

  it("shares the run's judge budget: a later case's judge gives no score once it is spent", async () => {
    const limited = pack({ ...SPEC, scorecard: { ...SPEC.scorecard, judge_limits: { max_tokens: 50 } } });
    const budget = { usd: 0, tokens: 0 };
    const judge = scriptedJudge({ "gpt-4o": [verdict(8, true, { tokens: 60 })] });
    const first = await run(limited, "fr", answer("Paris"), judge, { budget });
    const second = await run(limited, "jp", answer("Tokyo"), judge, { budget });
    // Case 1's call spends 60 ≥ 50; case 2's judge makes no call.
    expect(judge.calls).toHaveLength(1);
    expect(first.overall).toBeCloseTo(2.8 / 3, 10);
    expect(second.result.judges[0]).toMatchObject({
      score: null,
      note: "judge_limits reached: some judge calls were not made",
    });
    // quality unscored: overall = accuracy alone = 1.
    expect(second).toMatchObject({ status: "passed", overall: 1 });
    expect(second.result.score?.reason).toBe(
      "passed: weighted score 1 >= 0.6; not scored: quality (judge quality gave no score)",
    );
  });

  it("cuts an answer longer than MAX_OUTPUT_CHARS and scans only what it keeps", async () => {
    const long = `${"Paris ".repeat(MAX_OUTPUT_CHARS / 6)}Tangerine42`;
    const outcome = await run(secured, "fr", answer(long));
    expect(outcome.output).toHaveLength(MAX_OUTPUT_CHARS);
    expect(outcome.result.security).toEqual({ findings: [], passed: true });
  });

  it("omits timeoutMs without runtime_limits.max_duration_ms", async () => {
    const { runtime_limits: _limits, ...unlimited } = SPEC;
    const model = answer("Paris");
    await run(pack(unlimited), "fr", model);
    expect(model.calls[0]?.call).toEqual({
      system: "Answer with the city only.",
      user: "Capital of France?",
    });
  });
});
