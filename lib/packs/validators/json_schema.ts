import Ajv, { type Options, type ValidateFunction } from "ajv";
import Ajv2019 from "ajv/dist/2019";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { compileCreatorRegex, INLINE_REGEX_COST } from "@/lib/evaluation/regex";
import { parseJsonOutput } from "./json";
import { ConfigError, defineValidator, fail, MAX_TEXT, pass, readBool } from "./shared";

// json_schema: the output parses as JSON (the whole output, else its first ``` fenced block
// unless `extract_json: false`) and validates against the schema (`config.schema`, else the
// expected evidence as an object or JSON text). Ajv with all errors and ajv-formats; draft-07 by
// default, 2019-09 / 2020-12 when `$schema` names them. Schema `pattern`s run on RE2 (re2js),
// never on a JS RegExp, within one step budget per validation; remote `$ref`s are never fetched.

/**
 * RE2 steps (program size × characters) the schema's patterns may take in one validation, all
 * together: many strings or a long one cannot make them a long stall. Past it the validator fails.
 */
let patternBudget = INLINE_REGEX_COST;

class PatternBudgetError extends Error {}

/** Ajv's regExp hook: schema patterns are compiled by re2js with the creator-regex limits. */
const re2Engine = Object.assign(
  (pattern: string, flags: string) => {
    const re = compileCreatorRegex(pattern, flags.replace(/[^ims]/g, ""));
    return {
      test: (s: string) => {
        patternBudget -= re.programSize() * Math.max(1, s.length);
        if (patternBudget < 0) throw new PatternBudgetError();
        return re.test(s);
      },
    };
  },
  { code: "re2js" },
);

const OPTIONS: Options = { allErrors: true, strict: false, logger: false, code: { regExp: re2Engine } };

type Compiled = { ok: true; validate: ValidateFunction } | { ok: false; message: string };
const CACHE_MAX = 128;
const cache = new Map<string, Compiled>();

function newAjv(schema: Record<string, unknown>): Ajv {
  const draft = typeof schema.$schema === "string" ? schema.$schema : "";
  const ajv = draft.includes("2020-12")
    ? new Ajv2020(OPTIONS)
    : draft.includes("2019-09")
      ? new Ajv2019(OPTIONS)
      : new Ajv(OPTIONS);
  addFormats(ajv);
  return ajv;
}

/** Compiles (or reuses) a schema; each uncached schema gets its own Ajv, so ids never clash. */
function compileSchema(schema: Record<string, unknown> | boolean, key: string): Compiled {
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  let entry: Compiled;
  try {
    const ajv = newAjv(typeof schema === "object" ? schema : {});
    entry = { ok: true, validate: ajv.compile(schema) };
  } catch (err) {
    entry = { ok: false, message: err instanceof Error ? err.message.slice(0, 200) : "invalid schema" };
  }
  cache.set(key, entry);
  if (cache.size > CACHE_MAX) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  return entry;
}

function readSchema(config: Record<string, unknown>, expected: unknown): Record<string, unknown> | boolean {
  let schema: unknown = config.schema ?? expected;
  if (typeof schema === "string") {
    if (schema.length > MAX_TEXT) throw new ConfigError("schema is too large");
    try {
      schema = JSON.parse(schema);
    } catch {
      throw new ConfigError("schema is not valid JSON");
    }
  }
  if (typeof schema === "boolean") return schema;
  if (!schema || typeof schema !== "object" || Array.isArray(schema)) {
    throw new ConfigError("schema must be a JSON Schema object (config.schema or expected value)");
  }
  return schema as Record<string, unknown>;
}

export const jsonSchema = defineValidator("json_schema", ({ actual, expected, config }) => {
  const schema = readSchema(config, expected);
  const key = JSON.stringify(schema);
  if (key.length > MAX_TEXT) throw new ConfigError("schema is too large");
  const compiled = compileSchema(schema, key);
  if (!compiled.ok) throw new ConfigError(`invalid JSON Schema: ${compiled.message}`);

  const parsed = parseJsonOutput(actual, readBool(config, "extract_json", true));
  if (!parsed.ok) return fail(`output is not valid JSON: ${parsed.message.slice(0, 120)}`);
  patternBudget = INLINE_REGEX_COST;
  let valid: boolean;
  try {
    valid = compiled.validate(parsed.value);
  } catch (err) {
    if (!(err instanceof PatternBudgetError)) throw err;
    return fail(
      `the schema's patterns are too costly for this output (over ${INLINE_REGEX_COST.toLocaleString("en-US")} RE2 steps)`,
    );
  }
  if (valid) return pass("output is valid JSON matching the schema");
  const errors = compiled.validate.errors ?? [];
  const first = errors[0];
  const where = first ? `${first.instancePath || "/"} ${first.message ?? "is invalid"}` : "does not match";
  return fail(
    `output does not match the schema: ${where}${errors.length > 1 ? ` (+${errors.length - 1} more)` : ""}`,
  );
});
