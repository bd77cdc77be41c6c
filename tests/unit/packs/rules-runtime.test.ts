// docs/packs.md §2 rows for tools, tool policy, sandbox, deployment defaults and case templates. The
// user simulator has its own table (rules-simulator).
import { describe, expect, it } from "vitest";
import { errorsOf, expectRule, mutated, type RuleRow } from "./fixture";

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

describe("ValidateBundle rules: tools, policy, sandbox, deployment defaults, templates", () => {
  it.each(toolRows)("tools: $rule", expectRule);
  it.each(policyRows)("tool policy / sandbox: $rule", expectRule);
  it.each(deploymentRows)("deployment defaults: $rule", expectRule);
  it.each(templateRows)("case templates: $rule", expectRule);

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
});
