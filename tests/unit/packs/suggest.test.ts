// "Did you mean": known aliases, the head or tail of an allowed word, edit distance ≤ 2 (≤ 1 for
// short words), and nothing for a word far from every allowed one.
import { describe, expect, it } from "vitest";
import { editDistance, suggestionHint, suggestWord, unknownFieldMessage } from "@/lib/packs/suggest";
import { VALIDATOR_TYPES } from "@/lib/packs/vocabulary";

const SPEC_KEYS = [
  "name",
  "version_number",
  "judge_mode",
  "validators",
  "metrics",
  "llm_judges",
  "scorecard",
];

describe("suggestWord", () => {
  it.each([
    ["judges", SPEC_KEYS, "llm_judges"],
    ["judge", SPEC_KEYS, "llm_judges"],
    ["validator", SPEC_KEYS, "validators"],
    ["judge_mdoe", SPEC_KEYS, "judge_mode"],
    ["Validators", SPEC_KEYS, "validators"],
    ["scorcard", SPEC_KEYS, "scorecard"],
    ["metric", SPEC_KEYS, "metrics"],
    ["dimensions", SPEC_KEYS, "scorecard"],
    ["regex", VALIDATOR_TYPES, "regex_match"],
    ["bleu", VALIDATOR_TYPES, "bleu_score"],
    ["exact_mach", VALIDATOR_TYPES, "exact_match"],
    ["contain", VALIDATOR_TYPES, "contains"],
  ])("%s → %s", (word, allowed, want) => {
    expect(suggestWord(word, allowed)).toBe(want);
  });

  it.each([
    ["banana", SPEC_KEYS],
    ["json", VALIDATOR_TYPES], // json_schema or json_path_match: no single answer
    ["nme", ["key"]], // short words get one edit at most
    ["x".repeat(100), SPEC_KEYS],
    ["constructor", SPEC_KEYS],
    ["__proto__", SPEC_KEYS],
    ["", SPEC_KEYS],
  ])("%s → nothing", (word, allowed) => {
    expect(suggestWord(word, allowed)).toBeUndefined();
  });

  it("an alias only answers where its target is allowed", () => {
    expect(suggestWord("judges", ["validators"])).toBeUndefined();
  });
});

describe("editDistance", () => {
  it.each([
    ["abc", "abc", 0],
    ["judge_mdoe", "judge_mode", 1],
    ["wieght", "weight", 1],
    ["kitten", "sitting", 3],
    ["a", "abcdef", 3],
  ])("%s ~ %s = %i (capped at 3)", (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
  });
});

describe("messages", () => {
  it("says the key meant, or lists the allowed keys", () => {
    expect(unknownFieldMessage("judges", SPEC_KEYS)).toBe(
      'unknown field "judges"; did you mean "llm_judges"?',
    );
    expect(unknownFieldMessage("zzz", ["a", "b"])).toBe(
      'unknown field "zzz"; the fields allowed here are a, b',
    );
    expect(suggestionHint("zzz", ["a", "b"])).toBe("expected one of a, b");
  });
});
