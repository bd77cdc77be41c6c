// `{{ name }}` / `{{ a.b }}` case templates: a code_execution validator's `test_command` and a
// scripted user-simulator turn's message must resolve in every case's context, which is the
// case's `payload` merged with its `inputs[].key → value` (inputs win).
import type { Bundle, CaseDefinition, Json, JsonObject } from "../types";
import { type Errors, isObject, objectsOf, text } from "./util";

const CASE_TEMPLATE = /\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}/g;
const CODE_EXECUTION_KEYS = new Set(["test_command", "timeout_ms", "scoring", "pass_threshold"]);

export function caseTemplateContext(item: CaseDefinition): JsonObject {
  const context: JsonObject = { ...(isObject(item.payload) ? item.payload : {}) };
  for (const input of objectsOf(item.inputs)) {
    const key = text(input.key);
    if (key !== "" && input.value !== undefined && input.value !== null) context[key] = input.value;
  }
  return context;
}

/** Placeholder paths in order of first appearance. */
export function templatePlaceholders(template: string): string[] {
  const seen = new Set<string>();
  for (const match of template.matchAll(CASE_TEMPLATE)) {
    const key = (match[1] ?? "").trim();
    if (key !== "") seen.add(key);
  }
  return [...seen];
}

function resolves(path: string, context: JsonObject): boolean | string {
  let current: Json = context;
  for (const raw of path.split(".")) {
    const segment = raw.trim();
    if (segment === "") return `invalid placeholder path ${JSON.stringify(path)}`;
    if (!isObject(current) || !Object.hasOwn(current, segment)) return false;
    current = current[segment] ?? null;
  }
  return true;
}

/** The first placeholder of the template that does not resolve, as one error. */
export function checkCaseTemplate(template: string, context: JsonObject, field: string, errs: Errors): void {
  for (const placeholder of templatePlaceholders(template)) {
    const result = resolves(placeholder, context);
    if (typeof result === "string") return errs.add(field, result);
    if (!result)
      return errs.add(field, `unresolved placeholder {{${placeholder}}} for case template context`);
  }
}

/** code_execution validators whose config decodes and whose test_command has placeholders. */
function templatedCommands(spec: Json | undefined): { field: string; command: string }[] {
  if (!isObject(spec) || !Array.isArray(spec.validators)) return [];
  const commands: { field: string; command: string }[] = [];
  spec.validators.forEach((validator, i) => {
    if (!isObject(validator) || validator.type !== "code_execution" || !isObject(validator.config)) return;
    const config = validator.config;
    if (!Object.keys(config).every((key) => CODE_EXECUTION_KEYS.has(key))) return;
    if (typeof config.test_command !== "string") return;
    if (templatePlaceholders(config.test_command).length === 0) return;
    commands.push({
      field: `version.evaluation_spec.validators[${i}].config.test_command`,
      command: config.test_command,
    });
  });
  return commands;
}

export function validateCaseTemplates(bundle: Bundle, errs: Errors): void {
  const commands = templatedCommands(bundle.version.evaluation_spec);
  if (commands.length === 0) return;
  bundle.input_sets.forEach((inputSet, a) => {
    inputSet.cases.forEach((item, b) => {
      const context = caseTemplateContext(item);
      for (const { field, command } of commands) {
        checkCaseTemplate(command, context, `${field} (input_sets[${a}].cases[${b}])`, errs);
      }
    });
  });
}
