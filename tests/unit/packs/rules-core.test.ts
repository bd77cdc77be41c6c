// docs/packs.md §2 rows for the pack, modality, execution mode and challenges: each row breaks one
// rule of the valid fixture and expects exactly that error. Input sets and the security block have
// their own tables (rules-input-sets, rules-security). Also: the hand-off of `version.evaluation_spec`
// to the §3 checker, and the order of every error.
import { describe, expect, it } from "vitest";
import { validatePackYaml } from "@/lib/packs";
import type { PackError } from "@/lib/packs/types";
import { errorsOf, EVALUATION_SPEC, expectRule, mutated, toYaml, validBundle, type RuleRow } from "./fixture";

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

describe("ValidateBundle rules: pack, modality, mode, challenges", () => {
  it("the fixture is valid", () => {
    expect(errorsOf(validBundle())).toEqual([]);
  });
  it.each(packRows)("pack/version: $rule", expectRule);
  it.each(modalityRows)("modality: $rule", expectRule);
  it.each(modeRows)("execution mode: $rule", expectRule);
  it.each(challengeRows)("challenges: $rule", expectRule);

  it("a complete voice block is valid", () => {
    const bundle = { ...validBundle(), ...voice };
    expect(errorsOf(bundle)).toEqual([]);
  });

  it("hands version.evaluation_spec to the §3 checker, raw, with its prefix, in order", () => {
    const calls: { raw: unknown; prefix: string }[] = [];
    const checkEvaluationSpec = (raw: unknown, prefix: string): PackError[] => {
      calls.push({ raw, prefix });
      return [{ field: `${prefix}.judge_mode`, message: "must be one of deterministic, llm_judge, hybrid" }];
    };
    const bundle = mutated({ "version.assets[1]": { key: "x" }, "pack.slug": "" });
    const result = validatePackYaml(toYaml(bundle), { checkEvaluationSpec });
    expect(calls).toEqual([{ raw: EVALUATION_SPEC, prefix: "version.evaluation_spec" }]);
    expect(result.errors).toEqual([
      { field: "pack.slug", message: "is required" },
      {
        field: "version.evaluation_spec.judge_mode",
        message: "must be one of deterministic, llm_judge, hybrid",
      },
      { field: "version.assets[1].path", message: "is required" },
    ]);
    expect(result.valid).toBe(false);
  });

  it("passes a missing evaluation_spec to the checker as undefined", () => {
    const calls: unknown[] = [];
    validatePackYaml(toYaml(mutated({ "version.evaluation_spec": undefined })), {
      checkEvaluationSpec: (raw) => {
        calls.push(raw);
        return [];
      },
    });
    expect(calls).toEqual([undefined]);
  });

  it("collects every error in the reference's order", () => {
    const bundle = validBundle();
    const errors = errorsOf(
      mutated({
        "pack.name": "",
        "version.number": 0,
        "version.execution_mode": "batch",
        "challenges[0].difficulty": "x",
        "input_sets[0].cases[1].case_key": undefined,
        "version.assets[0].path": undefined,
      }),
    );
    expect(bundle).toBeDefined();
    expect(errors.map((e) => e.field)).toEqual([
      "pack.name",
      "version.number",
      "version.execution_mode",
      "challenges[0].difficulty",
      "input_sets[0].cases[1].case_key",
      "version.assets[0].path",
    ]);
  });
});
