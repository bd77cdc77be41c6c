// docs/packs.md §2 rows for the pack, modality, execution mode, challenges, input sets, cases and the security
// block: each row breaks one rule of the valid fixture and expects exactly that error.
import { describe, expect, it } from "vitest";
import { errorsOf, expectRule, validBundle, type RuleRow } from "./fixture";

const voice = {
  modality: "voice",
  interface_spec: { transports: ["webrtc"], channel_profile: "narrowband" },
  scenario: { persona: "caller", language: "en", max_turns: 4, max_duration_ms: 60000 },
};
const withVoice = (extra: Record<string, unknown>) => ({ ...voice, ...extra });

const packRows: RuleRow[] = [
  { rule: "slug required", set: { "pack.slug": "" }, field: "pack.slug", message: "is required" },
  { rule: "name required (blank)", set: { "pack.name": "   " }, field: "pack.name", message: "is required" },
  {
    rule: "family required",
    set: { "pack.family": undefined },
    field: "pack.family",
    message: "is required",
  },
  {
    rule: "number zero",
    set: { "version.number": 0 },
    field: "version.number",
    message: "must be greater than 0",
  },
  {
    rule: "number missing",
    set: { "version.number": undefined },
    field: "version.number",
    message: "must be greater than 0",
  },
  {
    rule: "number negative",
    set: { "version.number": -3 },
    field: "version.number",
    message: "must be greater than 0",
  },
];

const modalityRows: RuleRow[] = [
  {
    rule: "interface_spec without modality",
    set: { interface_spec: voice.interface_spec },
    field: "modality",
    message: "is required when interface_spec is set",
  },
  {
    rule: "scenario without modality",
    set: { scenario: voice.scenario },
    field: "modality",
    message: "is required when scenario is set",
  },
  {
    rule: "modality not voice",
    set: { modality: "video" },
    field: "modality",
    message: 'must be "voice" when specified',
  },
  {
    rule: "voice needs interface_spec",
    set: withVoice({ interface_spec: undefined }),
    field: "interface_spec",
    message: "is required when modality is voice",
  },
  {
    rule: "voice needs scenario",
    set: withVoice({ scenario: undefined }),
    field: "scenario",
    message: "is required when modality is voice",
  },
  {
    rule: "transports empty",
    set: withVoice({ "interface_spec.transports": [] }),
    field: "interface_spec.transports",
    message: "must contain at least one transport",
  },
  {
    rule: "transport unknown",
    set: withVoice({ "interface_spec.transports": ["pigeon"] }),
    field: "interface_spec.transports[0]",
    message: "must be one of text_sim, webrtc, sip, pstn, websocket",
  },
  {
    rule: "transport blank",
    set: withVoice({ "interface_spec.transports": ["sip", " "] }),
    field: "interface_spec.transports[1]",
    message: "must be one of text_sim, webrtc, sip, pstn, websocket",
  },
  {
    rule: "transport repeated",
    set: withVoice({ "interface_spec.transports": ["sip", "sip"] }),
    field: "interface_spec.transports[1]",
    message: "must be unique",
  },
  {
    rule: "channel_profile",
    set: withVoice({ "interface_spec.channel_profile": "" }),
    field: "interface_spec.channel_profile",
    message: "is required when modality is voice",
  },
  {
    rule: "persona",
    set: withVoice({ "scenario.persona": undefined }),
    field: "scenario.persona",
    message: "is required when modality is voice",
  },
  {
    rule: "language",
    set: withVoice({ "scenario.language": " " }),
    field: "scenario.language",
    message: "is required when modality is voice",
  },
  {
    rule: "max_turns",
    set: withVoice({ "scenario.max_turns": 0 }),
    field: "scenario.max_turns",
    message: "must be greater than 0 when modality is voice",
  },
  {
    rule: "max_duration_ms",
    set: withVoice({ "scenario.max_duration_ms": undefined }),
    field: "scenario.max_duration_ms",
    message: "must be greater than 0 when modality is voice",
  },
];

const tool = {
  name: "fetch",
  parameters: { type: "object", properties: { url: { type: "string" } } },
  implementation: { primitive: "http_get", args: { url: "${url}" } },
};

const modeRows: RuleRow[] = [
  {
    rule: "unknown mode",
    set: { "version.execution_mode": "batch" },
    field: "version.execution_mode",
    message: 'must be one of "native", "prompt_eval", "responses", "multi_turn"',
  },
  {
    rule: "prompt_eval tools",
    set: { tools: { custom: [tool] } },
    field: "tools",
    message: "must be empty when version.execution_mode is prompt_eval",
  },
  {
    rule: "prompt_eval sandbox (even empty)",
    set: { "version.sandbox": {} },
    field: "version.sandbox",
    message: "must be omitted when version.execution_mode is prompt_eval",
  },
  {
    rule: "prompt_eval tool_policy",
    set: { "version.tool_policy": { allowed_tool_kinds: ["file"] } },
    field: "version.tool_policy",
    message: "must be empty when version.execution_mode is prompt_eval",
  },
  {
    rule: "responses tools",
    set: { "version.execution_mode": "responses", tools: { custom: [tool] } },
    field: "tools",
    message:
      "must be empty when version.execution_mode is responses (use OpenAI Responses tools, not pack-defined tools)",
  },
  {
    rule: "no challenges",
    set: { challenges: [] },
    field: "challenges",
    message: "must contain at least one challenge",
    withOthers: true,
  },
  {
    rule: "security family needs a block",
    set: { "pack.family": " Security " },
    field: "security",
    message: 'is required when pack.family == "security"',
  },
];

const challengeRows: RuleRow[] = [
  {
    rule: "key required",
    set: { "challenges[0].key": "" },
    field: "challenges[0].key",
    message: "is required",
    withOthers: true,
  },
  {
    rule: "key unique",
    set: { "challenges[1]": { key: "refuse", title: "t", category: "c", difficulty: "hard" } },
    field: "challenges[1].key",
    message: "must be unique",
  },
  {
    rule: "title",
    set: { "challenges[0].title": undefined },
    field: "challenges[0].title",
    message: "is required",
  },
  {
    rule: "category",
    set: { "challenges[0].category": "" },
    field: "challenges[0].category",
    message: "is required",
  },
  {
    rule: "difficulty",
    set: { "challenges[0].difficulty": "trivial" },
    field: "challenges[0].difficulty",
    message: "must be one of easy, medium, hard, expert",
  },
  {
    rule: "asset key",
    set: { "challenges[0].assets": [{ path: "a.txt" }] },
    field: "challenges[0].assets[0].key",
    message: "is required",
  },
  {
    rule: "asset path",
    set: { "challenges[0].assets": [{ key: "a" }] },
    field: "challenges[0].assets[0].path",
    message: "is required",
  },
  {
    rule: "asset key unique",
    set: {
      "challenges[0].assets": [
        { key: "a", path: "x" },
        { key: "a", path: "y" },
      ],
    },
    field: "challenges[0].assets[1].key",
    message: "must be unique",
  },
  {
    rule: "artifact ref key",
    set: { "challenges[0].artifact_refs": [{ key: " " }] },
    field: "challenges[0].artifact_refs[0].key",
    message: "is required",
  },
  {
    rule: "artifact ref declared",
    set: { "challenges[0].artifact_refs": [{ key: "nope" }] },
    field: "challenges[0].artifact_refs[0].key",
    message: "must reference a declared version asset",
  },
  {
    rule: "artifact ref unique",
    set: { "challenges[0].artifact_refs": [{ key: "policy" }, { key: "policy" }] },
    field: "challenges[0].artifact_refs[1].key",
    message: "must be unique",
  },
];

const c0 = "input_sets[0].cases[0]";
const c1 = "input_sets[0].cases[1]";
const inputSetRows: RuleRow[] = [
  { rule: "set key", set: { "input_sets[0].key": "" }, field: "input_sets[0].key", message: "is required" },
  {
    rule: "set key unique",
    set: {
      "input_sets[1]": { key: "default", name: "Again", cases: [{ challenge_key: "refuse", case_key: "x" }] },
    },
    field: "input_sets[1].key",
    message: "must be unique",
  },
  {
    rule: "set name",
    set: { "input_sets[0].name": undefined },
    field: "input_sets[0].name",
    message: "is required",
  },
  {
    rule: "cases",
    set: { "input_sets[0].cases": [] },
    field: "input_sets[0].cases",
    message: "must contain at least one case",
  },
  {
    rule: "challenge_key",
    set: { [`${c1}.challenge_key`]: "" },
    field: `${c1}.challenge_key`,
    message: "is required",
  },
  {
    rule: "one challenge per set",
    set: {
      "challenges[1]": { key: "other", title: "t", category: "c", difficulty: "medium" },
      [`${c1}.challenge_key`]: "other",
    },
    field: `${c1}.challenge_key`,
    message: "must reference the same challenge as the other cases in this input set",
  },
  {
    rule: "declared challenge",
    set: { [`${c0}.challenge_key`]: "ghost", [`${c1}.challenge_key`]: "ghost" },
    field: `${c0}.challenge_key`,
    message: "must reference a declared challenge",
    withOthers: true,
  },
  {
    rule: "case_key",
    set: { [`${c1}.case_key`]: undefined },
    field: `${c1}.case_key`,
    message: "is required",
  },
  {
    rule: "case_key unique",
    set: { [`${c1}.case_key`]: "direct" },
    field: `${c1}.case_key`,
    message: "must be unique per challenge in the input set",
  },
  {
    rule: "item_key counts as case_key",
    set: { [`${c1}.case_key`]: undefined, [`${c1}.item_key`]: "direct" },
    field: `${c1}.case_key`,
    message: "must be unique per challenge in the input set",
  },
  {
    rule: "case asset path",
    set: { [`${c0}.assets`]: [{ key: "a" }] },
    field: `${c0}.assets[0].path`,
    message: "is required",
  },
  {
    rule: "case artifact declared",
    set: { [`${c0}.artifacts`]: [{ key: "ghost" }] },
    field: `${c0}.artifacts[0].key`,
    message: "must reference a declared version asset",
  },
  {
    rule: "case artifact unique",
    set: { [`${c0}.artifacts`]: [{ key: "policy" }, { key: "policy" }] },
    field: `${c0}.artifacts[1].key`,
    message: "must be unique",
  },
  {
    rule: "input key",
    set: { [`${c1}.inputs`]: [{ kind: "text" }] },
    field: `${c1}.inputs[0].key`,
    message: "is required",
  },
  {
    rule: "input key unique",
    set: {
      [`${c1}.inputs`]: [
        { key: "a", kind: "text" },
        { key: "a", kind: "text" },
      ],
    },
    field: `${c1}.inputs[1].key`,
    message: "must be unique",
  },
  {
    rule: "input kind",
    set: { [`${c1}.inputs`]: [{ key: "a" }] },
    field: `${c1}.inputs[0].kind`,
    message: "is required",
  },
  {
    rule: "input artifact",
    set: { [`${c1}.inputs`]: [{ key: "a", kind: "file", artifact_key: "ghost" }] },
    field: `${c1}.inputs[0].artifact_key`,
    message: "must reference a declared version asset",
  },
  {
    rule: "expectation key",
    set: { [`${c0}.expectations[0].key`]: "" },
    field: `${c0}.expectations[0].key`,
    message: "is required",
  },
  {
    rule: "expectation kind",
    set: { [`${c0}.expectations[0].kind`]: undefined },
    field: `${c0}.expectations[0].kind`,
    message: "is required",
  },
  {
    rule: "expectation artifact",
    set: { [`${c0}.expectations[0].artifact_key`]: "ghost" },
    field: `${c0}.expectations[0].artifact_key`,
    message: "must reference a declared version asset",
  },
  {
    rule: "source prefix",
    set: { [`${c0}.expectations[0].source`]: "output:x" },
    field: `${c0}.expectations[0].source`,
    message: "must start with input: or artifact:",
  },
  {
    rule: "source input empty",
    set: { [`${c0}.expectations[0].source`]: "input: " },
    field: `${c0}.expectations[0].source`,
    message: "must reference a non-empty input key",
  },
  {
    rule: "source input declared",
    set: { [`${c0}.expectations[0].source`]: "input:nope" },
    field: `${c0}.expectations[0].source`,
    message: "must reference a declared case input",
  },
  {
    rule: "source artifact empty",
    set: { [`${c0}.expectations[0].source`]: "artifact:" },
    field: `${c0}.expectations[0].source`,
    message: "must reference a non-empty artifact key",
  },
  {
    rule: "source artifact declared",
    set: { [`${c0}.expectations[0].source`]: "artifact:ghost" },
    field: `${c0}.expectations[0].source`,
    message: "must reference a declared version asset",
  },
  {
    rule: "version asset path",
    set: { "version.assets[1]": { key: "more" } },
    field: "version.assets[1].path",
    message: "is required",
  },
  {
    rule: "version asset key unique",
    set: { "version.assets[1]": { key: "policy", path: "p2" } },
    field: "version.assets[1].key",
    message: "must be unique",
  },
];

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

describe("ValidateBundle rules: pack, modality, mode, challenges, input sets, security", () => {
  it("the fixture is valid", () => {
    expect(errorsOf(validBundle())).toEqual([]);
  });
  it.each(packRows)("pack/version: $rule", expectRule);
  it.each(modalityRows)("modality: $rule", expectRule);
  it.each(modeRows)("execution mode: $rule", expectRule);
  it.each(challengeRows)("challenges: $rule", expectRule);
  it.each(inputSetRows)("input sets: $rule", expectRule);
  it.each(securityRows)("security: $rule", expectRule);

  it("a complete voice block is valid", () => {
    const bundle = { ...validBundle(), ...voice };
    expect(errorsOf(bundle)).toEqual([]);
  });

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
