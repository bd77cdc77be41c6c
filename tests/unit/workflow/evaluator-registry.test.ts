import { describe, expect, it } from "vitest";
import { EVALUATOR_TYPES } from "@/lib/contracts/evaluation";
import { evaluators, isEvaluationMode } from "@/lib/workflow/nodes/challenge-evaluator/evaluators";

describe("evaluator registry (Prompt Challenge modes)", () => {
  it("has exactly one evaluator for every mode the contract lists", () => {
    expect(Object.keys(evaluators).sort()).toEqual([...EVALUATOR_TYPES].sort());
    for (const mode of EVALUATOR_TYPES) {
      expect(typeof evaluators[mode].evaluate).toBe("function");
      expect(["rules", "rating"]).toContain(evaluators[mode].outputs);
    }
  });

  it.each([
    { value: "rules", ok: true },
    { value: "llm-judge", ok: true },
    { value: "custom", ok: true },
    { value: "toString", ok: false },
    { value: "constructor", ok: false },
    { value: "regex", ok: false },
  ])("isEvaluationMode($value) is $ok", ({ value, ok }) => {
    expect(isEvaluationMode(value)).toBe(ok);
  });
});
