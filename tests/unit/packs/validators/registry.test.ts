import { describe, expect, it } from "vitest";
import {
  DETERMINISTIC_VALIDATOR_TYPES,
  SANDBOX_VALIDATOR_TYPES,
  VALIDATORS,
  isDeterministicValidatorType,
  runValidator,
} from "@/lib/packs/validators";
import { MAX_TEXT } from "@/lib/packs/validators/shared";

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

  it("caps long inputs at 100,000 characters per side before any work", () => {
    // Whatever lies past the cap cannot change a verdict: the work is bounded by the cap, not the input.
    const long = "lorem ipsum dolor sit amet ".repeat(8000); // 216,000 characters
    const capped = long.slice(0, MAX_TEXT);
    for (const type of DETERMINISTIC_VALIDATOR_TYPES) {
      const config = type === "json_path_match" ? { path: "$" } : {};
      const r = runValidator(type, { actual: long, expected: long, config });
      expect(r.score, type).toBeGreaterThanOrEqual(0);
      // A config past the cap (json_schema's schema) is refused as too large, before any work.
      if (!/too large/.test(r.evidence))
        expect(r, type).toEqual(runValidator(type, { actual: capped, expected: capped, config }));
      const tail = runValidator(type, {
        actual: `${capped}XYZ`.padEnd(200_000, "q"),
        expected: capped,
        config,
      });
      expect(tail, type).toEqual(runValidator(type, { actual: capped, expected: capped, config }));
    }
  });
});
