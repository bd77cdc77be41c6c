// A model's samples are asked together (nothing answers until every one is in flight), except
// under a judge_limits spend limit, where they go one at a time so the limit stays exact.
import { describe, expect, it } from "vitest";
import { runJudge, type CallJudge, type JudgeCallResult } from "@/lib/packs/run/judges";
import { budget, ctx, rubric } from "./judges-support";
import { checkedSpec, verdict } from "./run-fixture";

/** A judge whose answers wait until `release()`; `asked` counts the calls made so far. */
function heldJudge(answer: JudgeCallResult) {
  const waiting: (() => void)[] = [];
  const asked: string[] = [];
  const call: CallJudge = (model) => {
    asked.push(model);
    return new Promise((resolve) => waiting.push(() => resolve(answer)));
  };
  const release = () => waiting.splice(0).forEach((go) => go());
  return { call, asked, release };
}

const specWith = (limits?: Record<string, number>) =>
  checkedSpec({
    name: "s",
    version_number: 1,
    judge_mode: "hybrid",
    validators: [{ key: "has", type: "contains", target: "final_output", expected_from: "literal:Paris" }],
    llm_judges: [rubric({ samples: 3 })],
    scorecard: { dimensions: ["correctness"], ...(limits ? { judge_limits: limits } : {}) },
  });

describe("runJudge: samples in parallel", () => {
  it("asks every sample before any answers when there is no spend limit", async () => {
    const judge = heldJudge(verdict(8, true));
    const pending = runJudge(rubric({ samples: 3 }), specWith(), ctx, judge.call, budget());
    expect(judge.asked).toEqual(["gpt-4o", "gpt-4o", "gpt-4o"]);
    judge.release();
    const result = await pending;
    expect(result.models[0]?.ratings).toEqual([8, 8, 8]);
  });

  it("asks one sample at a time under a spend limit", async () => {
    let inFlight = 0;
    let most = 0;
    const call: CallJudge = async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setImmediate(r));
      inFlight--;
      return verdict(8, true, { tokens: 10 });
    };
    const result = await runJudge(
      rubric({ samples: 3 }),
      specWith({ max_tokens: 1000 }),
      ctx,
      call,
      budget(),
    );
    expect(most).toBe(1);
    expect(result.models[0]?.ratings).toEqual([8, 8, 8]);
    expect(result.usage.tokens).toBe(30);
  });

  it("without a limit the same judge has all three in flight", async () => {
    let inFlight = 0;
    let most = 0;
    const call: CallJudge = async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setImmediate(r));
      inFlight--;
      return verdict(8, true);
    };
    await runJudge(rubric({ samples: 3 }), specWith(), ctx, call, budget());
    expect(most).toBe(3);
  });
});
