import { RE2JS } from "re2js";
import { describe, expect, it, vi } from "vitest";
import { booleanAssert } from "@/lib/packs/validators/boolean_assert";
import { contains } from "@/lib/packs/validators/contains";
import { exactMatch } from "@/lib/packs/validators/exact_match";
import { fuzzyMatch, MAX_FUZZY_CHARS } from "@/lib/packs/validators/fuzzy_match";
import { normalizedMatch } from "@/lib/packs/validators/normalized_match";
import { numericMatch } from "@/lib/packs/validators/numeric_match";
import { regexMatch } from "@/lib/packs/validators/regex_match";

const run = (
  v: { run: typeof exactMatch.run },
  actual: string,
  expected: unknown,
  config: Record<string, unknown> = {},
) => v.run({ actual, expected, config });

describe("exact_match", () => {
  it("trims by default and is case-sensitive", () => {
    expect(run(exactMatch, "  Paris\n", "Paris")).toMatchObject({ passed: true, score: 1 });
    expect(run(exactMatch, "paris", "Paris")).toMatchObject({ passed: false, score: 0 });
    expect(run(exactMatch, "paris", "Paris").evidence).toContain("character 1");
  });
  it("case_insensitive and trim: false", () => {
    expect(run(exactMatch, "paris", "Paris", { case_insensitive: true }).passed).toBe(true);
    expect(run(exactMatch, " Paris", "Paris", { trim: false }).passed).toBe(false);
    expect(run(exactMatch, "42", 42).passed).toBe(true);
  });
  it("a missing expected value or a bad config is a failed result", () => {
    expect(run(exactMatch, "x", undefined).evidence).toBe("invalid config: expected value is missing");
    expect(run(exactMatch, "x", "x", { trim: "yes" }).evidence).toMatch(/trim must be true or false/);
  });
});

describe("contains", () => {
  it("is case-sensitive unless case_insensitive", () => {
    expect(run(contains, "I cannot help with that", "cannot help").passed).toBe(true);
    expect(run(contains, "I CANNOT help", "cannot").passed).toBe(false);
    expect(run(contains, "I CANNOT help", "cannot", { case_insensitive: true }).passed).toBe(true);
  });
  it("lists: all (fraction score) or any; negate", () => {
    const all = run(contains, "alpha beta", ["alpha", "beta", "gamma"]);
    expect(all.passed).toBe(false);
    expect(all.score).toBeCloseTo(2 / 3, 10);
    expect(all.evidence).toContain('"gamma"');
    expect(run(contains, "alpha beta", ["gamma", "beta"], { mode: "any" }).passed).toBe(true);
    expect(run(contains, "no secrets here", "sk-live", { negate: true }).passed).toBe(true);
    expect(run(contains, "key sk-live-123", "sk-live", { negate: true }).passed).toBe(false);
  });
  it("an empty needle is a config error", () => {
    expect(run(contains, "x", "").evidence).toMatch(/invalid config/);
  });
});

describe("regex_match (RE2 through re2js)", () => {
  it("supports the inline flags (?i) and (?im) that JS RegExp rejects", () => {
    expect(run(regexMatch, "Line one\nI CANNOT comply", "(?im)^i cannot comply$").passed).toBe(true);
    expect(run(regexMatch, "Line one\nI CANNOT comply", "(?i)^i cannot comply$").passed).toBe(false);
    expect(run(regexMatch, "ACCESS GRANTED", "(?i)access granted").passed).toBe(true);
  });
  it("pattern from config, flags, full_match, negate", () => {
    expect(run(regexMatch, "order 12345", undefined, { pattern: "\\d{5}" }).passed).toBe(true);
    expect(run(regexMatch, "order 12345", undefined, { pattern: "\\d{5}", full_match: true }).passed).toBe(
      false,
    );
    expect(run(regexMatch, "12345", undefined, { pattern: "\\d{5}", full_match: true }).passed).toBe(true);
    expect(run(regexMatch, "HELLO", "hello", { flags: "i" }).passed).toBe(true);
    expect(run(regexMatch, "HELLO", "hello", { case_insensitive: true }).passed).toBe(true);
    expect(run(regexMatch, "the password is hunter2", "password", { negate: true }).passed).toBe(false);
  });
  it("an invalid or unsupported pattern is a failed result with the reason", () => {
    const r = run(regexMatch, "abc", "(?=a)b");
    expect(r.passed).toBe(false);
    expect(r.evidence).toMatch(/invalid config: pattern .*Lookahead/);
    expect(run(regexMatch, "abc", "a(b").evidence).toMatch(/Missing closing parenthesis/);
  });
  it("a catastrophic-backtracking pattern on a long text runs on the linear engine", () => {
    // Backtracking on 90,000 characters would never end: a short text first shows the search is
    // RE2's, then the hostile one must get RE2's answer.
    const search = vi.spyOn(RE2JS.prototype, "test");
    try {
      expect(run(regexMatch, "aaa", "(a+)+$").passed).toBe(true);
      expect(search).toHaveBeenLastCalledWith("aaa");
      const text = `${"a".repeat(90_000)}!`;
      expect(run(regexMatch, text, "(a+)+$").passed).toBe(false);
      expect(search).toHaveBeenLastCalledWith(text);
    } finally {
      search.mockRestore();
    }
  });
});

describe("boolean_assert", () => {
  it("parses true/false/yes/no, case and punctuation aside", () => {
    expect(run(booleanAssert, "Yes.", true).passed).toBe(true);
    expect(run(booleanAssert, " TRUE ", "yes").passed).toBe(true);
    expect(run(booleanAssert, "no", false).passed).toBe(true);
    expect(run(booleanAssert, "`false`", "false").passed).toBe(true);
    expect(run(booleanAssert, "yes", undefined).passed).toBe(true);
  });
  it("fails on the wrong answer or a non-boolean output", () => {
    expect(run(booleanAssert, "no", true)).toMatchObject({
      passed: false,
      evidence: "output asserts false, expected true",
    });
    expect(run(booleanAssert, "maybe", true).evidence).toMatch(/not one of true, false, yes, no/);
    expect(run(booleanAssert, "yes", "perhaps").evidence).toMatch(/invalid config/);
  });
});

describe("normalized_match", () => {
  it("default pipeline: NFKC, lowercase, trim, collapse whitespace", () => {
    expect(run(normalizedMatch, "  Hello   WORLD ", "hello world").passed).toBe(true);
    expect(run(normalizedMatch, "ﬁne", "fine").passed).toBe(true); // NFKC folds the ligature
    expect(run(normalizedMatch, "Hello, world", "hello world").passed).toBe(false);
  });
  it("explicit pipeline steps", () => {
    const config = {
      pipeline: ["lowercase", "strip_punctuation", "remove_articles", "collapse_whitespace", "trim"],
    };
    expect(run(normalizedMatch, "The answer: Paris!", "answer paris", config).passed).toBe(true);
    expect(run(normalizedMatch, "Café", "cafe", { pipeline: ["strip_accents", "lowercase"] }).passed).toBe(
      true,
    );
    expect(run(normalizedMatch, "a b", "ab", { normalizations: ["remove_whitespace"] }).passed).toBe(true);
    expect(run(normalizedMatch, "A", "a", { pipeline: [] }).passed).toBe(false);
  });
  it("unknown steps and mixing pipeline with normalizations are config errors", () => {
    expect(run(normalizedMatch, "a", "a", { pipeline: ["stem"] }).evidence).toMatch(
      /"stem" is not a supported normalization step/,
    );
    expect(run(normalizedMatch, "a", "a", { pipeline: ["trim"], normalizations: ["trim"] }).evidence).toMatch(
      /cannot mix pipeline with normalizations/,
    );
  });
});

describe("fuzzy_match", () => {
  it("similarity = 1 − distance / max length, threshold 0.8 by default", () => {
    // kitten → sitting: distance 3, max length 7.
    const r = run(fuzzyMatch, "kitten", "sitting");
    expect(r.score).toBeCloseTo(1 - 3 / 7, 10);
    expect(r.passed).toBe(false);
    expect(run(fuzzyMatch, "kitten", "sitting", { threshold: 0.5 }).passed).toBe(true);
    expect(run(fuzzyMatch, "colour", "color").passed).toBe(true); // 1 − 1/6 ≈ 0.83
  });
  it("case_insensitive, several references, limits", () => {
    expect(run(fuzzyMatch, "PARIS", "paris").score).toBe(0);
    expect(run(fuzzyMatch, "PARIS", "paris", { case_insensitive: true }).score).toBe(1);
    expect(run(fuzzyMatch, "paris", ["london", "pariss"]).passed).toBe(true);
    expect(run(fuzzyMatch, "x".repeat(MAX_FUZZY_CHARS + 1), "x").evidence).toMatch(/longer than/);
    expect(run(fuzzyMatch, "x", "x", { threshold: -1 }).evidence).toMatch(/threshold must be at least 0/);
  });
});

describe("numeric_match", () => {
  it("reads the whole output, else the last number; exact by default", () => {
    expect(run(numericMatch, "42", 42).passed).toBe(true);
    expect(run(numericMatch, "The answer is 1,234.5.", "1234.5").passed).toBe(true);
    expect(run(numericMatch, "Between 3 and 7, the answer is 7", 7).passed).toBe(true);
    expect(run(numericMatch, "Between 3 and 7", 3, { extract: "first" }).passed).toBe(true);
    expect(run(numericMatch, "about 42", 42, { extract: "strict" }).evidence).toMatch(/no number found/);
    expect(run(numericMatch, "42.0001", 42).passed).toBe(false);
  });
  it("absolute, relative and significant-digit tolerances", () => {
    expect(run(numericMatch, "3.14", 3.14159, { tolerance_mode: "absolute", tolerance: 0.01 }).passed).toBe(
      true,
    );
    expect(run(numericMatch, "3.1", 3.14159, { tolerance_mode: "absolute", tolerance: 0.01 }).passed).toBe(
      false,
    );
    expect(run(numericMatch, "105", 100, { tolerance_mode: "relative", tolerance: 0.05 }).passed).toBe(true);
    expect(run(numericMatch, "106", 100, { tolerance_mode: "relative", tolerance: 0.05 }).passed).toBe(false);
    expect(
      run(numericMatch, "3.1416", Math.PI, { tolerance_mode: "significant_digits", significant_digits: 4 })
        .passed,
    ).toBe(true);
    expect(run(numericMatch, "3.15", Math.PI, { significant_digits: 3 }).passed).toBe(false);
    expect(run(numericMatch, "100.4", 100, { absolute_tolerance: 0.5 }).passed).toBe(true);
    expect(run(numericMatch, "110", 100, { absolute_tolerance: 0.5, relative_tolerance: 0.1 }).passed).toBe(
      true,
    );
  });
  it("config errors: mixing forms, negative tolerance, missing digits, non-numeric expected", () => {
    expect(run(numericMatch, "1", 1, { tolerance: 0.1, absolute_tolerance: 0.1 }).evidence).toMatch(
      /cannot mix/,
    );
    expect(run(numericMatch, "1", 1, { tolerance: -1 }).evidence).toMatch(/tolerance must be at least 0/);
    expect(run(numericMatch, "1", 1, { tolerance_mode: "significant_digits" }).evidence).toMatch(
      /significant_digits is required/,
    );
    expect(run(numericMatch, "1", 1, { significant_digits: 0 }).evidence).toMatch(/greater than 0/);
    expect(run(numericMatch, "1", "one").evidence).toMatch(/expected value must be a number/);
  });
});
