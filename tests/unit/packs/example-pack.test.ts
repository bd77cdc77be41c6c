// The example pack (lib/packs/examples/prompt-eval-example.yaml) validates with no error, and the
// errors docs/packs-guide.md shows under "Common errors" are what Validate says for the mistake
// each row describes, made in the example: the guide quotes the validator, not a paraphrase.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validatePackYaml } from "@/lib/packs";

const root = join(import.meta.dirname, "../../..");
const EXAMPLE = readFileSync(join(root, "lib/packs/examples/prompt-eval-example.yaml"), "utf8");
const GUIDE = readFileSync(join(root, "docs/packs-guide.md"), "utf8");

/** The example with `from` replaced by `to` (which must occur). */
function broken(from: string | RegExp, to: string): string {
  const out = EXAMPLE.replace(from, to);
  expect(out, String(from)).not.toBe(EXAMPLE);
  return out;
}

const said = (yaml: string) => validatePackYaml(yaml).errors.map((e) => `${e.field} ${e.message}`);

describe("the example pack", () => {
  it("validates with no error", () => {
    expect(validatePackYaml(EXAMPLE)).toMatchObject({ valid: true, errors: [] });
  });

  it("is a prompt_eval pack using validators, an LLM judge and a weighted scorecard", () => {
    const bundle = validatePackYaml(EXAMPLE).bundle!;
    expect(bundle.version.execution_mode).toBe("prompt_eval");
    const spec = bundle.version.evaluation_spec as Record<string, unknown[]>;
    expect(spec.validators).toHaveLength(2);
    expect(spec.llm_judges).toHaveLength(1);
  });
});

describe("docs/packs-guide.md: common errors", () => {
  const rows: [string, string][] = [
    [
      broken("    llm_judges:\n", "    judges:\n"),
      'version.evaluation_spec unknown field "judges"; did you mean "llm_judges"?',
    ],
    [
      broken(
        / {4}cases:\n {6}- challenge_key: capitals\n[\s\S]*?\n {2}- key: attacks/,
        "    cases:\n      challenge_key: capitals\n      case_key: france\n  - key: attacks",
      ),
      "",
    ],
    [broken("  number: 1\n", "  number: one\n"), ""],
    [broken("type: regex_match", "type: regex"), ""],
    [
      broken(/ {4}llm_judges:[\s\S]*?score_scale: \{ min: 1, max: 5 \}\n/, ""),
      "version.evaluation_spec.llm_judges must contain at least one judge when judge_mode is hybrid",
    ],
    [
      broken("expected_from: case.expectations.pattern", "expected_from: expectations.pattern"),
      "version.evaluation_spec.validators[0].expected_from must be a supported evidence reference",
    ],
    [
      broken(
        "challenge_key: capitals\n        case_key: japan",
        "challenge_key: vault\n        case_key: japan",
      ),
      "input_sets[0].cases[1].challenge_key must reference the same challenge as the other cases in this input set",
    ],
    [
      broken(
        "challenge_key: capitals\n        case_key: france",
        "challenge_key: capitols\n        case_key: france",
      ),
      "input_sets[0].cases[0].challenge_key must reference a declared challenge",
    ],
    [
      broken("difficulty: easy", "difficulty: trivial"),
      "challenges[0].difficulty must be one of easy, medium, hard, expert",
    ],
    [
      broken("      - { key: message, kind: text,", "      - { key: message,"),
      "input_sets[1].cases[0].inputs[0].kind is required",
    ],
    [
      broken(
        /\nversion:\n {2}number: 1\n {2}execution_mode: prompt_eval\n {2}evaluation_spec:[\s\S]*?\n# 3\./,
        "\nversion:\n  number: 1\n  execution_mode: prompt_eval\n# 3.",
      ),
      "version.evaluation_spec.name is required",
    ],
  ];
  const filled = rows.map(([yaml, want]): [string, string] => {
    if (want !== "") return [yaml, want];
    // Rows whose message carries a line number: the first error, as Validate says it.
    return [yaml, said(yaml)[0] ?? ""];
  });

  it.each(filled)("the guide quotes Validate's error (%#)", (yaml, want) => {
    expect(said(yaml)).toContain(want);
    // A decode error's line is the example's; the guide may show another line.
    const quoted = want.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\(line \d+\\\)/, "\\(line \\d+\\)");
    expect(GUIDE).toMatch(new RegExp(`\`${quoted}\``));
  });

  it("quotes the decode errors with their line as Validate words them for the example", () => {
    expect(filled[1]![1]).toMatch(
      /^input_sets\[0\]\.cases expected a list of cases, got a mapping \(line \d+\)$/,
    );
    expect(filled[2]![1]).toMatch(
      /^version\.number expected a whole number, got the text "one" \(line \d+\)$/,
    );
    expect(filled[3]![1]).toBe(
      'version.evaluation_spec.validators[0].type is not a supported validator type; did you mean "regex_match"?',
    );
  });
});
