import { RE2JS } from "re2js";
import { describe, expect, it, vi } from "vitest";
import { pluginContext, sanitiseVariables } from "@/lib/evaluation/plugins";
import { SIMPLE_EVALUATOR, WEIGHTED_SCORER } from "@/lib/evaluation/sandbox/examples";
import {
  compileConfigSchema,
  evaluatorOutputSchema,
  pluginCreateSchema,
  pluginTestRunSchema,
  scorerOutputSchema,
} from "@/lib/contracts/plugins";

describe("compileConfigSchema", () => {
  it.each([
    { name: "the SimpleEvaluator schema", schema: SIMPLE_EVALUATOR.configSchema },
    { name: "the WeightedScorer schema", schema: WEIGHTED_SCORER.configSchema },
    { name: "an empty schema", schema: {} },
    // dependentRequired only exists from 2019-09 on: strict draft-07 would refuse it.
    { name: "a 2020-12 schema", schema: { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", dependentRequired: { a: ["b"] } } },
    { name: "a 2019-09 schema", schema: { $schema: "https://json-schema.org/draft/2019-09/schema", type: "object", dependentRequired: { a: ["b"] } } },
    { name: "a schema with a format (not checked)", schema: { type: "object", properties: { e: { type: "string", format: "email" } } } },
  ])("compiles $name", ({ schema }) => {
    expect(compileConfigSchema(schema).ok).toBe(true);
  });

  it.each([
    { name: "a wrong type name", schema: { type: "strnig" }, message: /not a valid JSON Schema: schema is invalid/ },
    { name: "an unknown keyword", schema: { type: "object", requried: ["a"] }, message: /unknown keyword: "requried"/ },
    { name: "a 2019 keyword in a draft-07 schema", schema: { type: "object", dependentRequired: { a: ["b"] } }, message: /unknown keyword: "dependentRequired"/ },
    { name: "a remote $ref", schema: { $ref: "http://example.test/schema.json" }, message: /can't resolve reference/ },
    { name: "a lookahead pattern", schema: { type: "string", pattern: "(?=x)" }, message: /not a valid JSON Schema/ },
    { name: "an array", schema: [], message: /must be a JSON Schema object/ },
    { name: "null", schema: null, message: /must be a JSON Schema object/ },
  ])("refuses $name", ({ schema, message }) => {
    const compiled = compileConfigSchema(schema);
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.message).toMatch(message);
  });

  it.each([
    { config: { must_contain: ["a"], banned: [] }, result: { ok: true } },
    { config: { must_contain: "a" }, result: { ok: false, message: "config.must_contain must be array" } },
    { config: { must_contain: [1] }, result: { ok: false, message: "config.must_contain.0 must be string" } },
    { config: { extra: 1 }, result: { ok: false, message: "config must NOT have additional properties (extra)" } },
    { config: "text", result: { ok: false, message: "config must be object" } },
  ])("validates $config", ({ config, result }) => {
    const compiled = compileConfigSchema(SIMPLE_EVALUATOR.configSchema);
    if (!compiled.ok) throw new Error(compiled.message);
    expect(compiled.validate(config)).toEqual(result);
  });

  it("runs creator patterns on the linear engine", () => {
    const compiled = compileConfigSchema({ type: "string", pattern: "^(a+)+$" });
    if (!compiled.ok) throw new Error(compiled.message);
    // Backtracking on 5,000 characters would never end: each value is matched by RE2.
    const search = vi.spyOn(RE2JS.prototype, "test");
    try {
      expect(compiled.validate("aaa").ok).toBe(true);
      expect(search).toHaveBeenLastCalledWith("aaa");
      const hostile = `${"a".repeat(5000)}b`;
      expect(compiled.validate(hostile).ok).toBe(false);
      expect(search).toHaveBeenLastCalledWith(hostile);
    } finally {
      search.mockRestore();
    }
  });
});

describe("plugin output schemas", () => {
  it.each([
    { value: { passed: true }, ok: true },
    { value: { passed: false, rating: 0, feedback: "no", raw: { a: 1 } }, ok: true },
    { value: { passed: true, rating: null, feedback: null }, ok: true },
    { value: { passed: "true" }, ok: false },
    { value: { rating: 5 }, ok: false },
    { value: { passed: true, rating: 10.5 }, ok: false },
    { value: { passed: true, rating: -1 }, ok: false },
    { value: { passed: true, raw: [1] }, ok: false },
    { value: "passed", ok: false },
    { value: null, ok: false },
  ])("evaluator output $value → $ok", ({ value, ok }) => {
    expect(evaluatorOutputSchema.safeParse(value).success).toBe(ok);
  });

  it.each([
    { value: { score: 1.5 }, ok: true },
    { value: { score: -3, details: { why: "x" } }, ok: true },
    { value: { score: "1" }, ok: false },
    { value: { score: null }, ok: false },
    { value: {}, ok: false },
    { value: 7, ok: false },
  ])("scorer output $value → $ok", ({ value, ok }) => {
    expect(scorerOutputSchema.safeParse(value).success).toBe(ok);
  });
});

describe("plugin input schemas", () => {
  const base = { plugin_id: "my-plugin", name: "Mine", code: "function evaluate() {}" };

  it.each([
    { kind: "evaluator" as const, entrypoints: ["evaluate"] },
    { kind: "scorer" as const, entrypoints: ["score"] },
  ])("defaults the entrypoints of a $kind", ({ kind, entrypoints }) => {
    expect(pluginCreateSchema.parse({ ...base, kind }).entrypoints).toEqual(entrypoints);
  });

  it.each([
    { name: "100 KB of ASCII", code: "x".repeat(100 * 1024), ok: true },
    { name: "one byte over", code: "x".repeat(100 * 1024 + 1), ok: false },
    // 3 bytes each in UTF-8: under 100 K characters but over 100 KB.
    { name: "multi-byte characters over 100 KB", code: "€".repeat(40 * 1024), ok: false },
  ])("measures code size in bytes: $name", ({ code, ok }) => {
    expect(pluginCreateSchema.safeParse({ ...base, kind: "evaluator", code }).success).toBe(ok);
  });

  it.each([
    { slug: "ok-slug.v2_x", ok: true },
    { slug: "UPPER", ok: false },
    { slug: "-leading", ok: false },
    { slug: "double--dash", ok: false },
    { slug: "a".repeat(65), ok: false },
  ])("plugin_id $slug → $ok", ({ slug, ok }) => {
    expect(pluginCreateSchema.safeParse({ ...base, kind: "evaluator", plugin_id: slug }).success).toBe(ok);
  });

  it("fills test-run defaults", () => {
    expect(pluginTestRunSchema.parse({})).toEqual({ config: {}, goal: "", response: "" });
    expect(pluginTestRunSchema.parse({ metrics: { succeeded: true } }).metrics).toEqual({
      succeeded: true,
      tokens_total: null,
      elapsed_ms: null,
      rating: null,
      created_at: null,
    });
  });
});

describe("plugin context", () => {
  it("follows the plugin API's EvaluatorContext and ScoringContext", () => {
    const ctx = { appId: "app", workflowId: "wf", challengeId: "ch", endUserId: null, variables: { a: 1 } };
    expect(pluginContext("evaluator", "ws", ctx, 5000)).toEqual({
      tenant_id: "ws",
      app_id: "app",
      workflow_id: "wf",
      challenge_id: "ch",
      end_user_id: null,
      timeout_ms: 5000,
      variables: { a: 1 },
    });
    expect(pluginContext("scorer", "ws", ctx, 5000)).not.toHaveProperty("variables");
  });

  it("accepts the snake_case spellings but never a caller's tenant_id", () => {
    const seedStyle = { tenant_id: "other-ws", app_id: "app", challenge_id: "ch", end_user_id: "eu" } as Record<string, unknown>;
    expect(pluginContext("scorer", "ws", seedStyle, 100)).toEqual({
      tenant_id: "ws",
      app_id: "app",
      workflow_id: null,
      challenge_id: "ch",
      end_user_id: "eu",
      timeout_ms: 100,
    });
  });

  it.each([
    { name: "credential-looking keys at any depth", input: { q: 1, Password: "p", deep: [{ api_key: "k", ok: true }] }, output: { q: 1, deep: [{ ok: true }] } },
    { name: "non-JSON values", input: { f: () => 1, d: new Date(0), u: undefined }, output: { d: "1970-01-01T00:00:00.000Z" } },
    { name: "an oversized payload", input: { big: "x".repeat(70 * 1024) }, output: {} },
    { name: "nothing", input: null, output: {} },
  ])("drops $name", ({ input, output }) => {
    expect(sanitiseVariables(input as Record<string, unknown> | null)).toEqual(output);
  });
});
