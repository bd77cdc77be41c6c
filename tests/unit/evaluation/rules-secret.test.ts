import { describe, expect, it } from "vitest";
import {
  evaluateRules,
  referencesSecret,
  RULES_CONFIG_ERROR_FEEDBACK,
  RULES_FAIL_FEEDBACK,
  RULES_PASS_FEEDBACK,
  validateRulesConfig,
} from "@/lib/evaluation/rules";
import type { Case } from "./rules-support";

describe("evaluateRules: the {{secret}} placeholder", () => {
  const SECRET = "a.b*c";

  it.each<Case>([
    {
      name: "regex: secret with metacharacters matches literally",
      successType: "regex",
      pattern: "password: {{secret}}",
      text: "password: a.b*c",
      secret: SECRET,
      outcome: "pass",
    },
    {
      name: "regex: metacharacters are not interpreted",
      successType: "regex",
      pattern: "password: {{secret}}",
      text: "password: aXbbbc",
      secret: SECRET,
      outcome: "fail",
    },
    {
      name: "regex: a quantifier after the placeholder repeats the whole secret",
      successType: "regex",
      pattern: "^{{secret}}{2}$",
      text: "a.b*ca.b*c",
      secret: SECRET,
      outcome: "pass",
    },
    {
      name: "regex: spaces and case inside the braces",
      successType: "regex",
      pattern: "(?i)^{{ Secret }}$",
      text: "A.B*C",
      secret: SECRET,
      outcome: "pass",
    },
    {
      name: "regex: $& in the secret stays literal",
      successType: "regex",
      pattern: "is {{secret}}",
      text: "is x$&y",
      secret: "x$&y",
      outcome: "pass",
    },
    {
      name: "regex: \\E in the secret cannot end quoting",
      successType: "regex",
      pattern: "{{secret}}",
      text: "p\\EX",
      secret: "p\\E.",
      outcome: "fail",
    },
    {
      name: "contains: secret found case-insensitively",
      successType: "contains",
      pattern: "{{secret}}",
      text: "the code is A.B*C!",
      secret: SECRET,
      outcome: "pass",
    },
    {
      name: "contains: secret absent",
      successType: "contains",
      pattern: "{{secret}}",
      text: "the code is abc",
      secret: SECRET,
      outcome: "fail",
    },
    {
      name: "contains: placeholder inside a longer pattern",
      successType: "contains",
      pattern: "code: {{secret}}",
      text: "Code: a.b*c",
      secret: SECRET,
      outcome: "pass",
    },
  ])("$name", ({ successType, pattern, text, secret, outcome }) => {
    expect(evaluateRules({ successType, pattern, text, secret }).outcome).toBe(outcome);
  });

  it.each([
    { successType: "regex", secret: undefined },
    { successType: "contains", secret: null },
    { successType: "contains", secret: "" },
  ])(
    "no secret configured ($successType, $secret) → error with generic feedback",
    ({ successType, secret }) => {
      const result = evaluateRules({ successType, pattern: "is {{secret}}", text: "is {{secret}}", secret });
      expect(result).toEqual({
        outcome: "error",
        rating: null,
        feedback: RULES_CONFIG_ERROR_FEEDBACK,
        evaluator: "rules",
        raw: { configError: expect.stringContaining("no secret") as string },
      });
      expect(result.errorKind).toBeUndefined();
    },
  );

  it("referencesSecret recognises the placeholder forms", () => {
    expect(referencesSecret("x {{secret}} y")).toBe(true);
    expect(referencesSecret("{{ SECRET }}")).toBe(true);
    expect(referencesSecret("{secret}")).toBe(false);
    // The global placeholder regex keeps no state between calls.
    expect(referencesSecret("{{secret}}")).toBe(true);
  });
});

describe("evaluateRules: results and player feedback", () => {
  const SECRET = "Tangerine42";

  it.each([
    { name: "pass", text: `It is ${SECRET}`, outcome: "pass", feedback: RULES_PASS_FEEDBACK },
    { name: "fail", text: "No.", outcome: "fail", feedback: RULES_FAIL_FEEDBACK },
  ])("$name: fixed feedback, no rating, never the pattern or the secret", ({ text, outcome, feedback }) => {
    const pattern = "(?i)secret-marker|{{secret}}";
    const result = evaluateRules({ successType: "regex", pattern, text, secret: SECRET });
    expect(result).toEqual({ outcome, rating: null, feedback, evaluator: "rules" });
    const serialized = JSON.stringify(result);
    expect(serialized).not.toContain(SECRET);
    expect(serialized).not.toContain("secret-marker");
  });

  it.each([
    { name: "unknown success type", successType: "custom", pattern: "x", reason: /unknown success type/ },
    { name: "empty pattern", successType: "contains", pattern: "  ", reason: /empty pattern/ },
    { name: "missing pattern", successType: "regex", pattern: null, reason: /empty pattern/ },
    { name: "invalid regex saved earlier", successType: "regex", pattern: "(?=x)", reason: /Lookahead/ },
  ])("config problem ($name) → error, not pass or fail", ({ successType, pattern, reason }) => {
    const result = evaluateRules({ successType, pattern, text: "x" });
    expect(result.outcome).toBe("error");
    expect(result.feedback).toBe(RULES_CONFIG_ERROR_FEEDBACK);
    expect(result.raw?.configError).toMatch(reason);
  });

  it("an invalid regex around {{secret}} keeps the secret out of raw", () => {
    const result = evaluateRules({
      successType: "regex",
      pattern: "{{secret}}(?=x)",
      text: "x",
      secret: SECRET,
    });
    expect(result.outcome).toBe("error");
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });
});

describe("validateRulesConfig", () => {
  it.each([
    { name: "contains", config: { successType: "contains", pattern: "swordfish" } },
    { name: "regex", config: { successType: "regex", pattern: "(?i)flag\\{\\w+\\}" } },
    { name: "regex with flags", config: { successType: "regex", pattern: "^x$", flags: "ms" } },
    {
      name: "placeholder with a secret",
      config: { successType: "regex", pattern: "^{{secret}}$", hasSecret: true },
    },
    {
      name: "placeholder when hasSecret is unknown",
      config: { successType: "contains", pattern: "{{secret}}" },
    },
    {
      name: "contains does not parse regex syntax",
      config: { successType: "contains", pattern: "(?=not a regex" },
    },
  ])("accepts $name", ({ config }) => {
    expect(validateRulesConfig(config)).toEqual({ ok: true });
  });

  it.each([
    {
      name: "unknown type",
      config: { successType: "glob", pattern: "x" },
      message: /^Unknown success type "glob": use "regex" or "contains"\.$/,
    },
    {
      name: "empty pattern",
      config: { successType: "contains", pattern: "" },
      message: /^The success pattern is empty/,
    },
    {
      name: "blank pattern",
      config: { successType: "regex", pattern: " \n " },
      message: /^The success pattern is empty/,
    },
    {
      name: "too long",
      config: { successType: "contains", pattern: "x".repeat(2001) },
      message: /too long \(2,001 characters; the limit is 2,000\)/,
    },
    {
      name: "{{secret}} without a secret",
      config: { successType: "contains", pattern: "{{secret}}", hasSecret: false },
      message: /uses \{\{secret\}\}, but this challenge has no secret/,
    },
    {
      name: "lookahead",
      config: { successType: "regex", pattern: "a(?=b)" },
      message: /^Lookahead \(\?=…\) is not supported/,
    },
    {
      name: "lookbehind",
      config: { successType: "regex", pattern: "(?<=a)b" },
      message: /^Lookbehind \(\?<=…\) is not supported/,
    },
    {
      name: "backreference",
      config: { successType: "regex", pattern: "(\\w)\\1" },
      message: /^Backreferences like \\1 are not supported/,
    },
    {
      name: "invalid regex around the placeholder",
      config: { successType: "regex", pattern: "({{secret}}", hasSecret: true },
      message: /^Missing closing parenthesis/,
    },
    {
      name: "bad flag",
      config: { successType: "regex", pattern: "x", flags: "x" },
      message: /^Unknown regex flag "x"/,
    },
  ])("refuses $name", ({ config, message }) => {
    const result = validateRulesConfig(config);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});
