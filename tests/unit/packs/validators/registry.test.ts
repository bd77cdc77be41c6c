import { describe, expect, it } from "vitest";
import {
  DETERMINISTIC_VALIDATOR_TYPES,
  SANDBOX_VALIDATOR_TYPES,
  VALIDATORS,
  isDeterministicValidatorType,
  runValidator,
} from "@/lib/packs/validators";

describe("validator registry", () => {
  it("has one validator per deterministic type, each named by its type", () => {
    expect(Object.keys(VALIDATORS).sort()).toEqual([...DETERMINISTIC_VALIDATOR_TYPES].sort());
    for (const type of DETERMINISTIC_VALIDATOR_TYPES) expect(VALIDATORS[type].type).toBe(type);
    expect(DETERMINISTIC_VALIDATOR_TYPES.length + SANDBOX_VALIDATOR_TYPES.length).toBe(21);
  });

  it("sandbox and unknown types are reported, not run", () => {
    expect(isDeterministicValidatorType("file_exists")).toBe(false);
    expect(runValidator("code_execution", { actual: "x", expected: "x", config: {} })).toEqual({
      passed: false,
      score: 0,
      evidence: "code_execution needs a sandbox provider and is not run on text",
    });
    expect(runValidator("nope", { actual: "x", expected: "x", config: {} }).evidence).toBe(
      'unknown validator type "nope"',
    );
    expect(runValidator("exact_match", { actual: "x", expected: "x", config: {} }).passed).toBe(true);
  });

  it("never throws and always answers a score in [0, 1], whatever the input", () => {
    const expectedValues: unknown[] = [
      undefined,
      null,
      "",
      "x",
      0,
      1.5,
      true,
      [],
      ["a", "b"],
      { a: 1 },
      [1, { b: 2 }],
    ];
    const configs: unknown[] = [
      {},
      null,
      [],
      { threshold: "high" },
      { pattern: 5 },
      { path: "$[" },
      { pipeline: "trim" },
    ];
    const actuals: unknown[] = ["", "yes", "42", '{"a":1}', undefined, 7];
    for (const type of DETERMINISTIC_VALIDATOR_TYPES) {
      for (const expected of expectedValues) {
        for (const config of configs) {
          for (const actual of actuals) {
            const input = { actual, expected, config } as unknown as Parameters<typeof runValidator>[1];
            const r = runValidator(type, input);
            expect(typeof r.passed, type).toBe("boolean");
            expect(r.score, type).toBeGreaterThanOrEqual(0);
            expect(r.score, type).toBeLessThanOrEqual(1);
            expect(r.evidence.length, type).toBeGreaterThan(0);
          }
        }
      }
    }
  });

  it("caps long inputs (100,000 characters per side) and stays well under a second per run", () => {
    const long = "lorem ipsum dolor sit amet ".repeat(8000); // 216,000 characters
    for (const type of DETERMINISTIC_VALIDATOR_TYPES) {
      const config = type === "json_path_match" ? { path: "$" } : {};
      const started = performance.now();
      const r = runValidator(type, { actual: long, expected: long, config });
      expect(performance.now() - started, type).toBeLessThan(1000);
      expect(r.score, type).toBeGreaterThanOrEqual(0);
    }
  });
});
