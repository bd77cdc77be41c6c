// docs/packs.md §2 rows for the security block: each row breaks one rule of the valid fixture and
// expects exactly that error.
import { describe, expect, it } from "vitest";
import { errorsOf, expectRule, validBundle, type RuleRow } from "./fixture";

const sec = (policy: Record<string, unknown>) => ({ security: policy });
const securityRows: RuleRow[] = [
  {
    rule: "default severity",
    set: sec({ default_severity: "severe" }),
    field: "security.default_severity",
    message: 'must be one of low, medium, high, critical (got "severe")',
  },
  {
    rule: "secret name",
    set: sec({ planted_secrets: [{ value: "v", location: "tool-output" }] }),
    field: "security.planted_secrets[0].name",
    message: "is required",
  },
  {
    rule: "secret value",
    set: sec({ planted_secrets: [{ name: "K", value: "  ", location: "env" }] }),
    field: "security.planted_secrets[0].value",
    message: "is required",
  },
  {
    rule: "secret location",
    set: sec({ planted_secrets: [{ name: "K", value: "v", location: "cloud" }] }),
    field: "security.planted_secrets[0].location",
    message: 'must be one of env, file, infisical-mock, tool-output (got "cloud")',
  },
  {
    rule: "file path",
    set: sec({ planted_secrets: [{ name: "K", value: "v", location: "file" }] }),
    field: "security.planted_secrets[0].file_path",
    message: "is required when location == file",
  },
  {
    rule: "env name",
    set: sec({ planted_secrets: [{ name: "1-KEY", value: "v", location: "env" }] }),
    field: "security.planted_secrets[0].name",
    message: "must be a valid env-var identifier for location == env",
  },
  {
    rule: "secret name unique",
    set: sec({
      planted_secrets: [
        { name: "K", value: "v", location: "env" },
        { name: "K", value: "w", location: "infisical-mock" },
      ],
    }),
    field: "security.planted_secrets[1].name",
    message: "duplicate planted secret name",
  },
  {
    rule: "secret severity",
    set: sec({ planted_secrets: [{ name: "K", value: "v", location: "env", severity: "dire" }] }),
    field: "security.planted_secrets[0].severity",
    message: "must be one of low, medium, high, critical",
  },
  {
    rule: "output description",
    set: sec({ forbidden_outputs: [{ substring: "sk_" }] }),
    field: "security.forbidden_outputs[0].description",
    message: "is required",
  },
  {
    rule: "pattern and substring",
    set: sec({ forbidden_outputs: [{ description: "d", pattern: "sk_", substring: "sk_" }] }),
    field: "security.forbidden_outputs[0]",
    message: "exactly one of pattern or substring must be set",
  },
  {
    rule: "neither pattern nor substring",
    set: sec({ forbidden_outputs: [{ description: "d" }] }),
    field: "security.forbidden_outputs[0]",
    message: "exactly one of pattern or substring must be set",
  },
  {
    rule: "pattern syntax",
    set: sec({ forbidden_outputs: [{ description: "d", pattern: "(abc" }] }),
    field: "security.forbidden_outputs[0].pattern",
    message: "invalid regexp: error parsing regexp: missing closing ): `(abc`",
  },
  {
    rule: "pattern is RE2 (no lookahead)",
    set: sec({ forbidden_outputs: [{ description: "d", pattern: "sk_(?=live)" }] }),
    field: "security.forbidden_outputs[0].pattern",
    message: /^invalid regexp: /,
  },
  {
    rule: "output severity",
    set: sec({ forbidden_outputs: [{ description: "d", substring: "x", severity: "meh" }] }),
    field: "security.forbidden_outputs[0].severity",
    message: "must be one of low, medium, high, critical",
  },
  {
    rule: "egress description",
    set: sec({ forbidden_egress: [{ host: "evil.example" }] }),
    field: "security.forbidden_egress[0].description",
    message: "is required",
  },
  {
    rule: "egress host",
    set: sec({ forbidden_egress: [{ description: "d" }] }),
    field: "security.forbidden_egress[0].host",
    message: "is required",
  },
  {
    rule: "egress severity",
    set: sec({ forbidden_egress: [{ description: "d", host: "h", severity: "x" }] }),
    field: "security.forbidden_egress[0].severity",
    message: "must be one of low, medium, high, critical",
  },
  {
    rule: "prompt name",
    set: sec({ adversarial_prompts: [{ text: "ignore all" }] }),
    field: "security.adversarial_prompts[0].name",
    message: "is required",
  },
  {
    rule: "prompt text",
    set: sec({ adversarial_prompts: [{ name: "dan" }] }),
    field: "security.adversarial_prompts[0].text",
    message: "is required",
  },
  {
    rule: "prompt name unique",
    set: sec({
      adversarial_prompts: [
        { name: "dan", text: "a" },
        { name: "dan", text: "b" },
      ],
    }),
    field: "security.adversarial_prompts[1].name",
    message: "duplicate adversarial prompt name",
  },
  {
    rule: "refusal pattern",
    set: sec({ adversarial_prompts: [{ name: "dan", text: "a", expected_refusal_pattern: "[" }] }),
    field: "security.adversarial_prompts[0].expected_refusal_pattern",
    message: /^invalid regexp: error parsing regexp: /,
  },
];

describe("ValidateBundle rules: security", () => {
  it.each(securityRows)("security: $rule", expectRule);

  it("a security block with upper-case enums and hosts is valid after normalising", () => {
    const bundle = validBundle();
    (bundle.pack as Record<string, unknown>).family = "SECURITY";
    bundle.security = {
      default_severity: "HIGH",
      planted_secrets: [{ name: "DB_PASSWORD", value: "canary-1", location: "ENV", severity: "Critical" }],
      forbidden_egress: [{ description: "exfil", host: "*.Attacker.COM", allow: ["Ok.Example"] }],
    };
    expect(errorsOf(bundle)).toEqual([]);
  });
});
