import { RE2JS } from "re2js";
import { describe, expect, it, vi } from "vitest";
import { jsonPathMatch } from "@/lib/packs/validators/json_path_match";
import { jsonSchema } from "@/lib/packs/validators/json_schema";

const schema = {
  type: "object",
  required: ["name", "age"],
  properties: {
    name: { type: "string", pattern: "^[A-Z]" },
    age: { type: "integer", minimum: 0 },
    email: { type: "string", format: "email" },
  },
};

describe("json_schema", () => {
  it("valid and invalid JSON against the schema from config or expected", () => {
    expect(
      jsonSchema.run({ actual: '{"name":"Ada","age":36}', expected: undefined, config: { schema } }).passed,
    ).toBe(true);
    expect(
      jsonSchema.run({ actual: '{"name":"Ada","age":36}', expected: JSON.stringify(schema), config: {} })
        .passed,
    ).toBe(true);
    const bad = jsonSchema.run({ actual: '{"name":"ada","age":-1}', expected: schema, config: {} });
    expect(bad.passed).toBe(false);
    expect(bad.evidence).toMatch(
      /output does not match the schema: \/name must match pattern .*\(\+1 more\)/,
    );
    expect(
      jsonSchema.run({ actual: '{"name":"Ada","age":1,"email":"nope"}', expected: schema, config: {} })
        .evidence,
    ).toMatch(/\/email must match format "email"/);
  });
  it("reads JSON from a fenced block unless extract_json is false", () => {
    const fenced = 'Here you go:\n```json\n{"name":"Ada","age":36}\n```';
    expect(jsonSchema.run({ actual: fenced, expected: schema, config: {} }).passed).toBe(true);
    expect(
      jsonSchema.run({ actual: fenced, expected: schema, config: { extract_json: false } }).evidence,
    ).toMatch(/output is not valid JSON/);
  });
  it("parse failures and bad schemas are failed results, never throws", () => {
    expect(jsonSchema.run({ actual: "{not json", expected: schema, config: {} })).toMatchObject({
      passed: false,
      score: 0,
    });
    expect(jsonSchema.run({ actual: "{}", expected: "{bad", config: {} }).evidence).toMatch(
      /schema is not valid JSON/,
    );
    expect(jsonSchema.run({ actual: "{}", expected: { type: "nonsense" }, config: {} }).evidence).toMatch(
      /invalid JSON Schema/,
    );
  });
  it("schema patterns run on RE2: inline flags work, lookaheads are refused", () => {
    const s = { type: "string", pattern: "(?i)^yes$" };
    expect(jsonSchema.run({ actual: '"YES"', expected: s, config: {} }).passed).toBe(true);
    expect(
      jsonSchema.run({ actual: '"x"', expected: { type: "string", pattern: "(?=x)x" }, config: {} }).evidence,
    ).toMatch(/invalid JSON Schema/);
    // Backtracking on 50,000 characters would never end: the value is matched by RE2.
    const slow = { type: "string", pattern: "^(a+)+$" };
    const search = vi.spyOn(RE2JS.prototype, "test");
    try {
      const hostile = `${"a".repeat(50_000)}!`;
      const result = jsonSchema.run({ actual: JSON.stringify(hostile), expected: slow, config: {} });
      expect(result.passed).toBe(false);
      expect(search).toHaveBeenCalledWith(hostile);
    } finally {
      search.mockRestore();
    }
  });
  it("draft 2020-12 schemas are understood", () => {
    const s = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "array",
      prefixItems: [{ type: "number" }],
      items: false,
    };
    expect(jsonSchema.run({ actual: "[1]", expected: s, config: {} }).passed).toBe(true);
    expect(jsonSchema.run({ actual: "[1, 2]", expected: s, config: {} }).passed).toBe(false);
  });
});

describe("json_path_match", () => {
  const doc = JSON.stringify({
    user: { name: "Ada", age: 36, tags: ["a", "b"] },
    items: [
      { id: 1, ok: true },
      { id: 2, ok: true },
    ],
  });
  it("compares the selected value with the expected one", () => {
    expect(jsonPathMatch.run({ actual: doc, expected: "Ada", config: { path: "$.user.name" } }).passed).toBe(
      true,
    );
    expect(jsonPathMatch.run({ actual: doc, expected: "36", config: { path: "$.user.age" } }).passed).toBe(
      true,
    );
    expect(
      jsonPathMatch.run({ actual: doc, expected: ["a", "b"], config: { path: "$.user.tags" } }).passed,
    ).toBe(true);
    expect(
      jsonPathMatch.run({ actual: doc, expected: '["a","b"]', config: { json_path: "$.user.tags" } }).passed,
    ).toBe(true);
    const miss = jsonPathMatch.run({ actual: doc, expected: "Bob", config: { path: "$.user.name" } });
    expect(miss).toMatchObject({ passed: false, evidence: '"$.user.name" is "Ada", expected "Bob"' });
  });
  it("any / all over several values, filters, exists", () => {
    expect(jsonPathMatch.run({ actual: doc, expected: 2, config: { path: "$.items[*].id" } }).passed).toBe(
      true,
    );
    const all = jsonPathMatch.run({
      actual: doc,
      expected: 2,
      config: { path: "$.items[*].id", match: "all" },
    });
    expect(all).toMatchObject({ passed: false, score: 0.5 });
    expect(
      jsonPathMatch.run({ actual: doc, expected: true, config: { path: "$.items[*].ok", match: "all" } })
        .passed,
    ).toBe(true);
    expect(
      jsonPathMatch.run({ actual: doc, expected: 2, config: { path: "$.items[?(@.ok && @.id > 1)].id" } })
        .passed,
    ).toBe(true);
    expect(
      jsonPathMatch.run({ actual: doc, expected: undefined, config: { path: "$.user.age", exists: true } })
        .passed,
    ).toBe(true);
    expect(jsonPathMatch.run({ actual: doc, expected: 1, config: { path: "$.nope" } }).evidence).toMatch(
      /selects nothing/,
    );
  });
  it("bad JSON, missing path and script injection attempts fail without throwing", () => {
    expect(jsonPathMatch.run({ actual: "nope", expected: 1, config: { path: "$.a" } }).evidence).toMatch(
      /not valid JSON/,
    );
    expect(jsonPathMatch.run({ actual: doc, expected: 1, config: {} }).evidence).toMatch(/path is required/);
    const evil = jsonPathMatch.run({
      actual: doc,
      expected: 1,
      config: { path: "$..[?(@.constructor.constructor('return process')().exit())]" },
    });
    expect(evil.passed).toBe(false);
  });
});
