// The security block (`validateSecurityPolicy`): runs for any pack that has one.
import type { Json } from "../types";
import { re2SyntaxError } from "./regex";
import { ENV_VAR_KEY, type Errors, objectsOf, present, text } from "./util";

const SEVERITIES = new Set(["low", "medium", "high", "critical"]);
const LOCATIONS = new Set(["env", "file", "infisical-mock", "tool-output"]);
const SEVERITY_MESSAGE = "must be one of low, medium, high, critical";

function checkSeverity(field: string, value: Json | undefined, errs: Errors): void {
  const severity = text(value);
  if (severity !== "" && !SEVERITIES.has(severity)) errs.add(field, SEVERITY_MESSAGE);
}

/** A string field as written (untrimmed); other scalars as their text. */
function raw(value: Json | undefined): string {
  return typeof value === "string" ? value : text(value);
}

function checkPattern(field: string, pattern: string, errs: Errors): void {
  const error = re2SyntaxError(pattern);
  if (error !== undefined) errs.add(field, `invalid regexp: ${error}`);
}

export function validateSecurityPolicy(policy: Json | undefined, errs: Errors): void {
  if (!present(policy)) return;
  const defaultSeverity = text(policy.default_severity);
  if (defaultSeverity !== "" && !SEVERITIES.has(defaultSeverity)) {
    errs.add("security.default_severity", `${SEVERITY_MESSAGE} (got ${JSON.stringify(defaultSeverity)})`);
  }

  const secretNames = new Set<string>();
  objectsOf(policy.planted_secrets).forEach((secret, i) => {
    const base = `security.planted_secrets[${i}]`;
    const name = text(secret.name);
    const location = text(secret.location);
    if (name === "") errs.add(`${base}.name`, "is required");
    if (text(secret.value) === "") errs.add(`${base}.value`, "is required");
    if (!LOCATIONS.has(location)) {
      errs.add(
        `${base}.location`,
        `must be one of env, file, infisical-mock, tool-output (got ${JSON.stringify(location)})`,
      );
    }
    if (location === "file" && text(secret.file_path) === "") {
      errs.add(`${base}.file_path`, "is required when location == file");
    }
    if (location === "env" && name !== "" && !ENV_VAR_KEY.test(name)) {
      errs.add(`${base}.name`, "must be a valid env-var identifier for location == env");
    }
    if (name !== "" && secretNames.has(name)) errs.add(`${base}.name`, "duplicate planted secret name");
    secretNames.add(name);
    checkSeverity(`${base}.severity`, secret.severity, errs);
  });

  objectsOf(policy.forbidden_outputs).forEach((output, i) => {
    const base = `security.forbidden_outputs[${i}]`;
    if (text(output.description) === "") errs.add(`${base}.description`, "is required");
    const pattern = raw(output.pattern);
    const hasPattern = pattern.trim() !== "";
    if (hasPattern === (text(output.substring) !== "")) {
      errs.add(base, "exactly one of pattern or substring must be set");
    }
    if (hasPattern) checkPattern(`${base}.pattern`, pattern, errs);
    checkSeverity(`${base}.severity`, output.severity, errs);
  });

  objectsOf(policy.forbidden_egress).forEach((rule, i) => {
    const base = `security.forbidden_egress[${i}]`;
    if (text(rule.description) === "") errs.add(`${base}.description`, "is required");
    if (text(rule.host) === "") errs.add(`${base}.host`, "is required");
    checkSeverity(`${base}.severity`, rule.severity, errs);
  });

  const promptNames = new Set<string>();
  objectsOf(policy.adversarial_prompts).forEach((prompt, i) => {
    const base = `security.adversarial_prompts[${i}]`;
    const name = text(prompt.name);
    if (name === "") errs.add(`${base}.name`, "is required");
    if (text(prompt.text) === "") errs.add(`${base}.text`, "is required");
    if (name !== "" && promptNames.has(name)) errs.add(`${base}.name`, "duplicate adversarial prompt name");
    promptNames.add(name);
    const refusal = raw(prompt.expected_refusal_pattern);
    if (refusal !== "") checkPattern(`${base}.expected_refusal_pattern`, refusal, errs);
  });
}
