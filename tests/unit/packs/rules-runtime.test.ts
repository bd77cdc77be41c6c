// docs/packs.md §2 rows for tools, tool policy, sandbox, deployment defaults, case templates and the user
// simulator; and the hand-off of `version.evaluation_spec` to the §3 checker.
import { describe, expect, it } from "vitest";
import { validatePackYaml } from "@/lib/packs";
import type { PackError } from "@/lib/packs/types";
import { errorsOf, EVALUATION_SPEC, expectRule, mutated, toYaml, validBundle, type RuleRow } from "./fixture";

const native = { "version.execution_mode": "native" };
const params = { type: "object", properties: { url: { type: "string" }, query: { type: "string" } } };
const tool = (
  name: string,
  implementation: Record<string, unknown> | undefined,
  parameters: unknown = params,
) => ({
  name,
  parameters,
  implementation,
});
const custom = (...tools: unknown[]) => ({ ...native, tools: { custom: tools } });
const fetchArgs = (args: unknown) => custom(tool("fetch", { primitive: "http_get", args }));
const t0 = "tools.custom[0]";

const toolRows: RuleRow[] = [
  {
    rule: "implementation missing",
    set: custom(tool("fetch", undefined)),
    field: `${t0}.implementation`,
    message: "must be valid JSON: implementation is missing",
  },
  {
    rule: "implementation not an object",
    set: custom({ name: "fetch", implementation: "http_get" }),
    field: `${t0}.implementation`,
    message: "must be valid JSON: implementation must be a JSON object",
  },
  {
    rule: "primitive required",
    set: custom(tool("fetch", { args: {} })),
    field: `${t0}.implementation.primitive`,
    message: "is required",
  },
  {
    rule: "primitive is not the tool itself",
    set: custom(tool("fetch", { primitive: "fetch", args: {} })),
    field: `${t0}.implementation.primitive`,
    message: "cannot reference the tool's own name",
    withOthers: true,
  },
  {
    rule: "parameters not a schema",
    set: custom(tool("fetch", { primitive: "http_get", args: {} }, { type: 12 })),
    field: `${t0}.parameters`,
    message: /^must be a valid JSON Schema: /,
  },
  {
    rule: "parameters not an object",
    set: custom(tool("fetch", { primitive: "http_get", args: {} }, "object")),
    field: `${t0}.parameters`,
    message: /^must be a valid JSON Schema: /,
  },
  {
    rule: "parameters do not resolve",
    set: custom(tool("fetch", { primitive: "http_get", args: {} }, { $ref: "#/definitions/missing" })),
    field: `${t0}.parameters`,
    message: /^must resolve as a valid JSON Schema: /,
  },
  {
    rule: "parameters with a pattern past the creator-regex limits",
    set: custom(
      tool(
        "fetch",
        { primitive: "http_get", args: {} },
        { type: "string", pattern: `(a|b)${"x".repeat(3000)}` },
      ),
    ),
    field: `${t0}.parameters`,
    message: /^must resolve as a valid JSON Schema: The pattern is too long/,
  },
  {
    rule: "args required",
    set: custom(tool("fetch", { primitive: "http_get" })),
    field: `${t0}.implementation.args`,
    message: "is required",
  },
  {
    rule: "args an object",
    set: fetchArgs(["a"]),
    field: `${t0}.implementation.args`,
    message: /^must be a JSON object: /,
  },
  {
    rule: "unclosed placeholder",
    set: fetchArgs({ url: "https://x/${url" }),
    field: `${t0}.implementation.args.url`,
    message: 'contains an unclosed placeholder: "${url"',
  },
  {
    rule: "empty placeholder",
    set: fetchArgs({ headers: [{ v: "a ${ } b" }] }),
    field: `${t0}.implementation.args.headers[0].v`,
    message: 'contains an empty placeholder: "${ }"',
  },
  {
    rule: "unknown placeholder",
    set: fetchArgs({ url: "${url}", q: "${json:limit}" }),
    field: `${t0}.implementation.args.q`,
    message: 'contains unknown placeholder "${limit}"',
  },
  {
    rule: "delegation cycle",
    set: custom(tool("a", { primitive: "b", args: {} }), tool("b", { primitive: "a", args: {} })),
    field: "tools",
    message: 'tool "a" has a delegation cycle through "a"',
    withOthers: true,
  },
  {
    rule: "delegation depth",
    set: custom(...Array.from({ length: 10 }, (_, i) => tool(`t${i}`, { primitive: `t${i + 1}`, args: {} }))),
    field: "tools",
    message: 'tool "t0" exceeds maximum delegation depth of 8',
    withOthers: true,
  },
  {
    rule: "not JSON-serializable",
    set: { ...native, tools: { custom: [], limit: Infinity } },
    field: "tools",
    message: "must be JSON-serializable: json: unsupported value: +Inf",
  },
  {
    rule: "custom not a list",
    set: { ...native, tools: { custom: "fetch" } },
    field: "tools",
    message: "must be a valid tools object: custom must be a list",
  },
];

const kinds = (value: unknown) => ({ ...native, "version.tool_policy": { allowed_tool_kinds: value } });
const sandbox = (value: Record<string, unknown>) => ({ ...native, "version.sandbox": value });
const policyRows: RuleRow[] = [
  {
    rule: "kinds an array",
    set: kinds("file"),
    field: "version.tool_policy.allowed_tool_kinds",
    message: "must be an array of supported tool kind strings",
  },
  {
    rule: "kind a string",
    set: kinds(["file", 3]),
    field: "version.tool_policy.allowed_tool_kinds[1]",
    message: "must be a supported tool kind string",
  },
  {
    rule: "kind not blank",
    set: kinds([" "]),
    field: "version.tool_policy.allowed_tool_kinds[0]",
    message: "must be a supported tool kind string",
  },
  {
    rule: "kind supported",
    set: kinds(["spaceship"]),
    field: "version.tool_policy.allowed_tool_kinds[0]",
    message: "must be one of browser, build, data, file, network",
  },
  {
    rule: "CIDR needs a prefix",
    set: sandbox({ network_allowlist: ["10.0.0.0"] }),
    field: "version.sandbox.network_allowlist[0]",
    message: "must be a valid CIDR (e.g. 10.0.0.0/8)",
  },
  {
    rule: "CIDR octet range",
    set: sandbox({ network_allowlist: ["10.0.0.0/8", "10.0.0.256/24"] }),
    field: "version.sandbox.network_allowlist[1]",
    message: "must be a valid CIDR (e.g. 10.0.0.0/8)",
  },
  {
    rule: "CIDR IPv4 prefix range",
    set: sandbox({ network_allowlist: ["10.0.0.0/33"] }),
    field: "version.sandbox.network_allowlist[0]",
    message: "must be a valid CIDR (e.g. 10.0.0.0/8)",
  },
  {
    rule: "CIDR IPv6 prefix range",
    set: sandbox({ network_allowlist: ["2001:db8::/129"] }),
    field: "version.sandbox.network_allowlist[0]",
    message: "must be a valid CIDR (e.g. 10.0.0.0/8)",
  },
  {
    rule: "CIDR host name",
    set: sandbox({ network_allowlist: ["example.com/32"] }),
    field: "version.sandbox.network_allowlist[0]",
    message: "must be a valid CIDR (e.g. 10.0.0.0/8)",
  },
  {
    rule: "env var key",
    set: sandbox({ env_vars: { GOOD_1: "x", "1BAD": "y" } }),
    field: "version.sandbox.env_vars[1BAD]",
    message: "key must match [A-Za-z_][A-Za-z0-9_]*",
  },
  {
    rule: "apt name case",
    set: sandbox({ additional_packages: ["curl", "Curl"] }),
    field: "version.sandbox.additional_packages[1]",
    message: "must be a valid apt package name",
  },
  {
    rule: "apt name length",
    set: sandbox({ additional_packages: ["a"] }),
    field: "version.sandbox.additional_packages[0]",
    message: "must be a valid apt package name",
  },
];

const dd = (value: Record<string, unknown>) => ({ "version.deployment_defaults": value });
const ddPath = "version.deployment_defaults";
const deploymentRows: RuleRow[] = [
  {
    rule: "alias key",
    set: dd({ aliases: { " ": "openai/gpt-4o" }, lineups: { default: ["x"] } }),
    field: `${ddPath}.aliases[" "]`,
    message: "key is required",
  },
  {
    rule: "alias key unique after trim",
    set: dd({ aliases: { fast: "a", " fast": "b" }, lineups: { default: ["x"] } }),
    field: `${ddPath}.aliases[" fast"]`,
    message: "key must be unique after trimming whitespace",
  },
  {
    rule: "alias selector",
    set: dd({ aliases: { fast: " " }, lineups: { default: ["x"] } }),
    field: `${ddPath}.aliases["fast"]`,
    message: "selector is required",
  },
  {
    rule: "lineups needed",
    set: dd({ aliases: { fast: "a" } }),
    field: `${ddPath}.lineups`,
    message: "must include at least a default lineup",
  },
  {
    rule: "default lineup",
    set: dd({ lineups: { quick: ["a"] } }),
    field: `${ddPath}.lineups.default`,
    message: "is required",
  },
  {
    rule: "lineup selectors",
    set: dd({ lineups: { default: [] } }),
    field: `${ddPath}.lineups["default"]`,
    message: "must include at least one deployment selector",
  },
  {
    rule: "lineup selector",
    set: dd({ lineups: { default: ["a", ""] } }),
    field: `${ddPath}.lineups["default"][1]`,
    message: "selector is required",
  },
];

const codeValidator = (command: string) => ({
  "version.evaluation_spec.validators[1]": {
    key: "tests",
    type: "code_execution",
    target: "file:out",
    config: { test_command: command },
  },
});
const templateRows: RuleRow[] = [
  {
    rule: "placeholder missing in one case",
    set: { ...codeValidator("pytest {{ prompt }} {{question}}") },
    field: "version.evaluation_spec.validators[1].config.test_command (input_sets[0].cases[1])",
    message: "unresolved placeholder {{question}} for case template context",
  },
  {
    rule: "dotted placeholder",
    set: { ...codeValidator("run {{ meta.file }}"), "input_sets[0].cases[0].payload.meta": { file: "a.py" } },
    field: "version.evaluation_spec.validators[1].config.test_command (input_sets[0].cases[1])",
    message: "unresolved placeholder {{meta.file}} for case template context",
  },
];

const mt = { "version.execution_mode": "multi_turn" };
const sim = (phases: unknown[], extra: Record<string, unknown> = {}) => ({
  schema_version: 1,
  kind: "hybrid",
  phases,
  ...extra,
});
const scripted = { id: "open", actor: "scripted", turns: [{ message: "Hi, {{ prompt }}" }] };
const bothCases = (spec: unknown) => ({
  ...mt,
  "input_sets[0].cases[0].user_simulator": spec,
  "input_sets[0].cases[1].user_simulator": sim([scripted]),
});
const us = "input_sets[0].cases[0].user_simulator";
const simulatorRows: RuleRow[] = [
  {
    rule: "required when multi_turn",
    set: { ...mt, "input_sets[0].cases[1].user_simulator": sim([scripted]) },
    field: us,
    message: "is required when version.execution_mode is multi_turn",
  },
  {
    rule: "only when multi_turn",
    set: { "input_sets[0].cases[0].user_simulator": sim([scripted]) },
    field: us,
    message: "is only allowed when version.execution_mode is multi_turn",
  },
  {
    rule: "schema_version",
    set: bothCases(sim([scripted], { schema_version: 2 })),
    field: `${us}.schema_version`,
    message: "must be 1",
  },
  {
    rule: "kind",
    set: bothCases(sim([scripted], { kind: "llm" })),
    field: `${us}.kind`,
    message: 'must be "hybrid"',
  },
  {
    rule: "max_turns",
    set: bothCases(sim([scripted], { max_turns: -1 })),
    field: `${us}.max_turns`,
    message: "must be greater than or equal to 0",
  },
  {
    rule: "phases",
    set: bothCases(sim([])),
    field: `${us}.phases`,
    message: "must contain at least one phase",
  },
  {
    rule: "phase id",
    set: bothCases(sim([{ ...scripted, id: "" }])),
    field: `${us}.phases[0].id`,
    message: "is required",
  },
  {
    rule: "phase id unique",
    set: bothCases(sim([scripted, { ...scripted, trigger: "manual" }])),
    field: `${us}.phases[1].id`,
    message: "must be unique",
  },
  {
    rule: "actor",
    set: bothCases(sim([{ id: "a" }])),
    field: `${us}.phases[0].actor`,
    message: "is required",
  },
  {
    rule: "actor supported",
    set: bothCases(sim([{ id: "a", actor: "robot" }])),
    field: `${us}.phases[0].actor`,
    message: "must be one of scripted, llm, human",
  },
  {
    rule: "trigger supported",
    set: bothCases(sim([scripted, { id: "b", actor: "human", trigger: "sometimes" }])),
    field: `${us}.phases[1].trigger`,
    message: "must be a supported trigger expression",
  },
  {
    rule: "first trigger",
    set: bothCases(sim([{ ...scripted, trigger: "on_validator_fail" }])),
    field: `${us}.phases[0].trigger`,
    message: 'first phase trigger must be empty or "always"',
  },
  {
    rule: "always only first",
    set: bothCases(sim([scripted, { id: "b", actor: "human", trigger: "always" }])),
    field: `${us}.phases[1].trigger`,
    message: 'only the first phase may use "always"',
  },
  {
    rule: "scripted turns",
    set: bothCases(sim([{ id: "a", actor: "scripted" }])),
    field: `${us}.phases[0].turns`,
    message: "must contain at least one turn for scripted actor",
  },
  {
    rule: "turn message",
    set: bothCases(sim([{ id: "a", actor: "scripted", turns: [{ message: "" }] }])),
    field: `${us}.phases[0].turns[0].message`,
    message: "is required for scripted turns",
  },
  {
    rule: "turn expects",
    set: bothCases(
      sim([
        {
          id: "a",
          actor: "scripted",
          turns: [{ message: "m", expects: [{ key: "e", kind: "text", source: "input:ghost" }] }],
        },
      ]),
    ),
    field: `${us}.phases[0].turns[0].expects[0].source`,
    message: "must reference a declared case input",
  },
  {
    rule: "turn template",
    set: bothCases(sim([{ id: "a", actor: "scripted", turns: [{ message: "About {{ order_id }}" }] }])),
    field: `${us}.phases[0].turns[0].message`,
    message: "unresolved placeholder {{order_id}} for case template context",
  },
  {
    rule: "llm persona",
    set: bothCases(sim([{ id: "a", actor: "llm" }])),
    field: `${us}.phases[0].persona`,
    message: "is required for llm actor",
  },
  {
    rule: "llm max_turns",
    set: bothCases(sim([{ id: "a", actor: "llm", persona: "p", max_turns: -2 }])),
    field: `${us}.phases[0].max_turns`,
    message: "must be greater than or equal to 0",
  },
  {
    rule: "llm until",
    set: bothCases(sim([{ id: "a", actor: "llm", persona: "p", until: ["resolved", " "] }])),
    field: `${us}.phases[0].until[1]`,
    message: "must be a non-empty condition expression",
  },
  {
    rule: "human timeout",
    set: bothCases(sim([{ id: "a", actor: "human", timeout_ms: -1 }])),
    field: `${us}.phases[0].timeout_ms`,
    message: "must be greater than or equal to 0",
  },
  {
    rule: "model only on llm",
    set: bothCases(sim([{ ...scripted, model: "gpt-4o" }])),
    field: `${us}.phases[0].model`,
    message: "is only valid on phases with actor: llm",
  },
  {
    rule: "calibration rate",
    set: bothCases(sim([scripted], { calibration: { enabled: true, sample_rate: 0 } })),
    field: `${us}.calibration.sample_rate`,
    message: "must be greater than 0 and at most 1 when calibration is enabled",
  },
  {
    rule: "arena comparison",
    set: bothCases(sim([scripted], { post_run: { arena: { enabled: true, comparison: "elo" } } })),
    field: `${us}.post_run.arena.comparison`,
    message: 'must be one of "pairwise"',
  },
];

describe("ValidateBundle rules: tools, policy, sandbox, deployment defaults, templates, user simulator", () => {
  it.each(toolRows)("tools: $rule", expectRule);
  it.each(policyRows)("tool policy / sandbox: $rule", expectRule);
  it.each(deploymentRows)("deployment defaults: $rule", expectRule);
  it.each(templateRows)("case templates: $rule", expectRule);
  it.each(simulatorRows)("user simulator: $rule", expectRule);

  it("a tool schema may reuse an $id across tools and packs", () => {
    const withId = { $id: "https://example.com/fetch.json", ...params };
    const bundle = custom(
      tool("a", { primitive: "x", args: {} }, withId),
      tool("b", { primitive: "y", args: {} }, withId),
    );
    expect(errorsOf(mutated(bundle))).toEqual([]);
    expect(errorsOf(mutated(bundle))).toEqual([]);
  });

  it("accepts well-formed native tools, kinds (terminal too), sandbox and deployment defaults", () => {
    const bundle = mutated({
      ...native,
      tools: {
        custom: [
          tool("fetch", {
            primitive: "http_get",
            args: { url: "${url}", q: "${query:query}", auth: "${secrets.TOKEN}", all: "${parameters}" },
          }),
          tool("search", { primitive: "fetch", args: { url: "${json:url}" } }),
          { name: "stub", implementation: { type: "MOCK" } },
        ],
      },
      "version.tool_policy": { allowed_tool_kinds: ["file", "Terminal", " network "] },
      "version.sandbox": {
        network_access: true,
        network_allowlist: ["10.0.0.0/8", "2001:db8::/32", "::/0", "::ffff:10.0.0.1/128", "0.0.0.0/0"],
        env_vars: { API_BASE: "https://x", _private: "1" },
        additional_packages: ["curl", "libssl3", "g++", "python3.11"],
      },
      "version.deployment_defaults": {
        aliases: { fast: "openai/gpt-4o-mini" },
        lineups: { default: ["fast"] },
      },
      ...codeValidator("pytest -k {{ prompt }}"),
    });
    expect(errorsOf(bundle)).toEqual([]);
  });

  it("reports the first placeholder error of args once (syntax before references)", () => {
    const errors = errorsOf(mutated(fetchArgs({ a: "${nope}", b: "${open" })));
    expect(errors).toEqual([
      { field: `${t0}.implementation.args.b`, message: 'contains an unclosed placeholder: "${open"' },
    ]);
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
