// docs/packs.md §2 rows for top-level `tools` (composed tools: primitive, parameter schema, `${…}` argument
// placeholders, delegation chains) and `version.tool_policy.allowed_tool_kinds`.
import Ajv, { type ErrorObject } from "ajv";
import { compileCreatorRegex } from "@/lib/evaluation/regex";
import type { Json, JsonObject } from "../types";
import { type Errors, isObject } from "./util";

const MAX_DELEGATION_DEPTH = 8;
const DEFAULT_PARAMETERS: JsonObject = { type: "object", additionalProperties: false };
// `terminal` is accepted although the reference's message does not list it.
const TOOL_KINDS = new Set(["browser", "build", "data", "file", "network", "terminal"]);

/** Where a value stops being JSON (Go's json.Marshal refuses ±Inf and NaN). */
function unserializable(value: Json): string | undefined {
  if (typeof value === "number") {
    if (Number.isNaN(value)) return "json: unsupported value: NaN";
    if (!Number.isFinite(value)) return `json: unsupported value: ${value > 0 ? "+Inf" : "-Inf"}`;
    return undefined;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = unserializable(item);
      if (found) return found;
    }
  } else if (isObject(value)) {
    for (const item of Object.values(value)) {
      const found = unserializable(item);
      if (found) return found;
    }
  }
  return undefined;
}

// Schema patterns compile on re2js with the creator-regex limits (pattern length, program size),
// as the run's json_schema validator does: a pack cannot make validation slow with a huge pattern.
const re2Engine = Object.assign(
  (pattern: string, flags: string) => {
    const re = compileCreatorRegex(pattern, flags.replace(/[^ims]/g, ""));
    return { test: (input: string) => re.test(input) };
  },
  { code: "re2js" },
);

function describe(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 3)
    .map((error) => `${error.instancePath || "/"} ${error.message ?? "is invalid"}`)
    .join("; ");
}

let sharedAjv: Ajv | undefined;

/** One validator instance (building one is costly); each schema is removed again after use. */
function ajv(): Ajv {
  sharedAjv ??= new Ajv({
    strict: false,
    allErrors: true,
    logger: false,
    validateFormats: false,
    code: { regExp: re2Engine },
  });
  return sharedAjv;
}

/** The reference's two schema messages: not a schema at all, or a schema that does not resolve. */
function schemaError(schema: Json): string | undefined {
  if (typeof schema !== "boolean" && !isObject(schema)) {
    return `must be a valid JSON Schema: expected an object or a boolean, got ${Array.isArray(schema) ? "an array" : typeof schema}`;
  }
  const instance = ajv();
  if (!instance.validateSchema(schema)) return `must be a valid JSON Schema: ${describe(instance.errors)}`;
  try {
    instance.compile(schema);
  } catch (error) {
    return `must resolve as a valid JSON Schema: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    // Tools of other packs may reuse an $id.
    if (typeof schema === "object") instance.removeSchema(schema);
  }
  return undefined;
}

type Finding = { field: string; message: string } | undefined;

/** Visits each `${…}` in a text (`close` is -1 when unclosed) until `visit` returns a finding. */
function eachPlaceholder(
  value: string,
  visit: (rest: string, start: number, after: string, close: number) => Finding,
): Finding {
  let rest = value;
  for (;;) {
    const start = rest.indexOf("${");
    if (start === -1) return undefined;
    const after = rest.slice(start + 2);
    const close = after.indexOf("}");
    const finding = visit(rest, start, after, close);
    if (finding) return finding;
    rest = after.slice(close + 1);
  }
}

function placeholderSyntax(value: string, path: string): Finding {
  return eachPlaceholder(value, (rest, start, after, close) => {
    if (close === -1)
      return {
        field: path,
        message: `contains an unclosed placeholder: ${JSON.stringify(rest.slice(start))}`,
      };
    if (after.slice(0, close).trim() === "") {
      return {
        field: path,
        message: `contains an empty placeholder: ${JSON.stringify(rest.slice(start, start + close + 3))}`,
      };
    }
    return undefined;
  });
}

function placeholderReferences(value: string, path: string, declared: Set<string>): Finding {
  return eachPlaceholder(value, (_rest, _start, after, close) => {
    let expr = after.slice(0, close);
    for (const encoding of ["json:", "query:", "path:"]) {
      if (expr.startsWith(encoding)) {
        expr = expr.slice(encoding.length);
        break;
      }
    }
    const secret = expr.startsWith("secrets.") && expr.slice("secrets.".length).trim() !== "";
    if (expr !== "parameters" && !secret && !declared.has(expr.split(".")[0] ?? "")) {
      return { field: path, message: `contains unknown placeholder ${JSON.stringify("${" + expr + "}")}` };
    }
    return undefined;
  });
}

/** The first finding in a JSON value's strings, in document order. */
function firstInStrings(value: Json, path: string, check: (text: string, path: string) => Finding): Finding {
  if (typeof value === "string") return check(value, path);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = firstInStrings(value[i] ?? null, `${path}[${i}]`, check);
      if (found) return found;
    }
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const found = firstInStrings(item, `${path}.${key}`, check);
      if (found) return found;
    }
  }
  return undefined;
}

function str(value: Json | undefined): string | undefined {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value.trim() : undefined;
}

function validateComposedTool(path: string, tool: JsonObject, errs: Errors): void {
  // `implementation: null` decodes as an empty implementation, as in the reference.
  const implementation = tool.implementation === null ? {} : tool.implementation;
  if (!isObject(implementation)) {
    const reason =
      implementation === undefined ? "implementation is missing" : "implementation must be a JSON object";
    return errs.add(`${path}.implementation`, `must be valid JSON: ${reason}`);
  }
  const type = str(implementation.type);
  const primitive = str(implementation.primitive);
  if (type === undefined || primitive === undefined) {
    return errs.add(`${path}.implementation`, "must be valid JSON: type and primitive must be strings");
  }
  if (type.toLowerCase() === "mock") return;

  const name = typeof tool.name === "string" ? tool.name.trim() : "";
  if (primitive === "") errs.add(`${path}.implementation.primitive`, "is required");
  if (name !== "" && primitive === name) {
    errs.add(`${path}.implementation.primitive`, "cannot reference the tool's own name");
  }

  const parameters =
    tool.parameters === undefined || tool.parameters === null ? DEFAULT_PARAMETERS : tool.parameters;
  const invalid = schemaError(parameters);
  if (invalid) errs.add(`${path}.parameters`, invalid);
  const declared = new Set<string>();
  if (isObject(parameters) && isObject(parameters.properties)) {
    for (const key of Object.keys(parameters.properties)) declared.add(key.trim());
  }

  if (!("args" in implementation)) return errs.add(`${path}.implementation.args`, "is required");
  const args = implementation.args;
  if (args === null) return;
  if (!isObject(args)) {
    return errs.add(
      `${path}.implementation.args`,
      `must be a JSON object: got ${Array.isArray(args) ? "an array" : typeof args}`,
    );
  }
  const argsPath = `${path}.implementation.args`;
  const syntax = firstInStrings(args, argsPath, placeholderSyntax);
  if (syntax) errs.add(syntax.field, syntax.message);
  else {
    const unknown = firstInStrings(args, argsPath, (text, at) => placeholderReferences(text, at, declared));
    if (unknown) errs.add(unknown.field, unknown.message);
  }
}

function validateDelegation(tools: JsonObject[], errs: Errors): void {
  const delegates = new Map<string, string>();
  for (const tool of tools) {
    const implementation = tool.implementation;
    if (!isObject(implementation)) continue;
    const type = str(implementation.type);
    const primitive = str(implementation.primitive);
    if (type === undefined || primitive === undefined || type.toLowerCase() === "mock") continue;
    const name = typeof tool.name === "string" ? tool.name.trim() : "";
    if (name !== "" && primitive !== "") delegates.set(name, primitive);
  }
  for (const name of delegates.keys()) {
    const visited = new Set([name]);
    let current = delegates.get(name) ?? "";
    for (let depth = 1; ; depth++) {
      if (depth > MAX_DELEGATION_DEPTH) {
        errs.add(
          "tools",
          `tool ${JSON.stringify(name)} exceeds maximum delegation depth of ${MAX_DELEGATION_DEPTH}`,
        );
        break;
      }
      if (visited.has(current)) {
        errs.add(
          "tools",
          `tool ${JSON.stringify(name)} has a delegation cycle through ${JSON.stringify(current)}`,
        );
        break;
      }
      const next = delegates.get(current);
      if (next === undefined) break;
      visited.add(current);
      current = next;
    }
  }
}

export function validateTools(tools: Json | undefined, errs: Errors): void {
  if (!isObject(tools) || Object.keys(tools).length === 0) return;
  const notJson = unserializable(tools);
  if (notJson) return errs.add("tools", `must be JSON-serializable: ${notJson}`);
  const custom = tools.custom;
  if (custom !== undefined && custom !== null && !Array.isArray(custom)) {
    return errs.add("tools", "must be a valid tools object: custom must be a list");
  }
  const list = custom ?? [];
  for (let i = 0; i < list.length; i++) {
    const tool = list[i];
    if (tool !== null && !isObject(tool)) {
      return errs.add("tools", `must be a valid tools object: custom[${i}] must be an object`);
    }
    if (isObject(tool) && tool.name !== undefined && tool.name !== null && typeof tool.name !== "string") {
      return errs.add("tools", `must be a valid tools object: custom[${i}].name must be a string`);
    }
  }
  const customTools = list.map((tool) => (isObject(tool) ? tool : {}));
  customTools.forEach((tool, i) => validateComposedTool(`tools.custom[${i}]`, tool, errs));
  validateDelegation(customTools, errs);
}

export function validateToolPolicy(policy: Json | undefined, errs: Errors): void {
  if (!isObject(policy) || !("allowed_tool_kinds" in policy)) return;
  const kinds = policy.allowed_tool_kinds;
  const field = "version.tool_policy.allowed_tool_kinds";
  if (!Array.isArray(kinds)) return errs.add(field, "must be an array of supported tool kind strings");
  kinds.forEach((kind, i) => {
    if (typeof kind !== "string" || kind.trim() === "") {
      return errs.add(`${field}[${i}]`, "must be a supported tool kind string");
    }
    if (!TOOL_KINDS.has(kind.trim().toLowerCase())) {
      errs.add(`${field}[${i}]`, "must be one of browser, build, data, file, network");
    }
  });
}
