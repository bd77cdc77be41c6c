// ValidateEvaluationSpec (docs/packs.md §3): every rule, in the reference's order,
// every error collected. This file: the top level, validators, post-execution checks, metrics,
// behavioral signals and pricing; judges and the scorecard have their own files.
import { suggestionHint } from "@/lib/packs/suggest";
import type { PackError } from "@/lib/packs/types";
import {
  VALIDATOR_TYPES as ALL_VALIDATOR_TYPES,
  FILE_VALIDATOR_TYPES,
  JUDGE_MODES as JUDGE_MODE_LIST,
  SANDBOX_VALIDATOR_TYPES,
  SCORECARD_STRATEGIES,
  STATE_VALIDATOR_TYPES,
} from "@/lib/packs/vocabulary";
import { Errors, between01, isEvidenceReference, trim } from "./common";
import type { EvaluationSpec } from "./types";
import { checkValidatorConfig } from "./validate-config";
import { checkJudges } from "./validate-judges";
import { checkScorecard } from "./validate-scorecard";

export const JUDGE_MODES: readonly string[] = JUDGE_MODE_LIST;
export const STRATEGIES: readonly string[] = SCORECARD_STRATEGIES;
export const VALIDATOR_TYPES: ReadonlySet<string> = new Set(ALL_VALIDATOR_TYPES);
const FILE_VALIDATORS: ReadonlySet<string> = new Set(FILE_VALIDATOR_TYPES);
/** Validators that read no expected value (every sandbox type but file_content_match). */
const NO_EXPECTED_FROM: ReadonlySet<string> = new Set(SANDBOX_VALIDATOR_TYPES.filter((t) => t !== "file_content_match"));
/** ...and those of them that must not declare one. */
const OMIT_EXPECTED_FROM: ReadonlySet<string> = new Set(STATE_VALIDATOR_TYPES);
const METRIC_TYPES = new Set(["numeric", "text", "boolean"]);
const UNSUPPORTED_COLLECTOR = "behavioral_confidence_calibration_score";
const SIGNAL_KEYS = [
  "recovery_behavior",
  "exploration_efficiency",
  "error_cascade",
  "scope_adherence",
  "confidence_calibration",
];
const CHECK_TYPES = new Set(["file_capture", "directory_listing"]);

function checkTopLevel(errs: Errors, spec: EvaluationSpec): void {
  if (trim(spec.name) === "") errs.add("name", "is required");
  if ((spec.version_number ?? 0) <= 0) errs.add("version_number", "must be greater than 0");
  if (!JUDGE_MODES.includes(trim(spec.judge_mode))) {
    errs.add("judge_mode", "must be one of deterministic, llm_judge, hybrid");
  }
  if ((spec.validators ?? []).length === 0) errs.add("validators", "must contain at least one validator");
  if ((spec.scorecard?.dimensions ?? []).length === 0) {
    errs.add("scorecard.dimensions", "must contain at least one dimension");
  }
  const strategy = trim(spec.scorecard?.strategy);
  if (strategy !== "" && !STRATEGIES.includes(strategy)) {
    errs.add("scorecard.strategy", "must be one of weighted, binary, hybrid");
  }
  const limits = spec.runtime_limits ?? {};
  for (const key of ["max_total_tokens", "max_cost_usd", "max_duration_ms"] as const) {
    const value = limits[key];
    if (value !== undefined && value <= 0) errs.add(`runtime_limits.${key}`, "must be greater than 0");
  }
  const iterations = limits.max_iterations;
  if (iterations !== undefined && (iterations < 1 || iterations > 1000)) {
    errs.add("runtime_limits.max_iterations", "must be between 1 and 1000");
  }
}

function checkTarget(errs: Errors, type: string, target: string, path: string, checks: Map<string, string>) {
  if (target === "") return errs.add(`${path}.target`, "is required");
  if (type === "tool_call_assertion") {
    if (target !== "tool_calls")
      errs.add(`${path}.target`, 'must be "tool_calls" for tool_call_assertion validators');
    return;
  }
  if (FILE_VALIDATORS.has(type) && !target.startsWith("file:")) {
    return errs.add(`${path}.target`, "must use file: prefix for file validators");
  }
  if (!isEvidenceReference(target))
    return errs.add(`${path}.target`, "must be a supported evidence reference");
  if (!target.startsWith("file:")) return;
  const key = target.slice("file:".length).trim();
  const checkType = checks.get(key);
  if (checkType === undefined && (type === "code_execution" || checks.size > 0)) {
    errs.add(`${path}.target`, `references unknown post_execution_check key ${JSON.stringify(key)}`);
  } else if (type === "code_execution" && checkType !== "file_capture") {
    errs.add(`${path}.target`, "must reference a file_capture post_execution_check");
  }
}

function checkExpectedFrom(errs: Errors, type: string, expected: string, path: string): void {
  if (OMIT_EXPECTED_FROM.has(type)) {
    if (expected !== "") errs.add(`${path}.expected_from`, `must be omitted for ${type} validators`);
    return;
  }
  if (expected === "") {
    if (!NO_EXPECTED_FROM.has(type)) errs.add(`${path}.expected_from`, "is required");
    return;
  }
  if (!isEvidenceReference(expected))
    errs.add(`${path}.expected_from`, "must be a supported evidence reference");
}

function checkValidators(errs: Errors, spec: EvaluationSpec, checks: Map<string, string>): Set<string> {
  const keys = new Set<string>();
  (spec.validators ?? []).forEach((validator, i) => {
    const path = `validators[${i}]`;
    const key = trim(validator.key);
    if (key === "") errs.add(`${path}.key`, "is required");
    else if (keys.has(key)) errs.add(`${path}.key`, "must be unique");
    keys.add(key);
    const type = trim(validator.type);
    if (!VALIDATOR_TYPES.has(type)) {
      errs.add(`${path}.type`, `is not a supported validator type; ${suggestionHint(type, ALL_VALIDATOR_TYPES, "supported:")}`);
    }
    checkValidatorConfig(errs, validator, path);
    checkTarget(errs, type, trim(validator.target), path, checks);
    checkExpectedFrom(errs, type, trim(validator.expected_from), path);
  });
  keys.delete("");
  return keys;
}

function checkPostExecution(errs: Errors, spec: EvaluationSpec): void {
  const keys = new Set<string>();
  (spec.post_execution_checks ?? []).forEach((check, i) => {
    const path = `post_execution_checks[${i}]`;
    const key = trim(check.key);
    if (key === "") errs.add(`${path}.key`, "is required");
    else if (keys.has(key)) errs.add(`${path}.key`, "must be unique");
    keys.add(key);
    if (!CHECK_TYPES.has(trim(check.type)))
      errs.add(`${path}.type`, "must be file_capture or directory_listing");
    if (trim(check.path) === "") errs.add(`${path}.path`, "is required");
    if ((check.max_size_bytes ?? 0) < 0)
      errs.add(`${path}.max_size_bytes`, "must be greater than or equal to 0");
  });
}

function checkMetrics(errs: Errors, spec: EvaluationSpec): Set<string> {
  const keys = new Set<string>();
  (spec.metrics ?? []).forEach((metric, i) => {
    const path = `metrics[${i}]`;
    const key = trim(metric.key);
    if (key === "") errs.add(`${path}.key`, "is required");
    else if (keys.has(key)) errs.add(`${path}.key`, "must be unique");
    keys.add(key);
    if (!METRIC_TYPES.has(trim(metric.type))) errs.add(`${path}.type`, "is not a supported metric type");
    const collector = trim(metric.collector);
    if (collector === "") errs.add(`${path}.collector`, "is required");
    else if (collector === UNSUPPORTED_COLLECTOR) {
      errs.add(`${path}.collector`, "is not supported until confidence reporting lands");
    }
  });
  keys.delete("");
  return keys;
}

function checkBehavioral(errs: Errors, spec: EvaluationSpec): void {
  if (spec.behavioral === undefined) return;
  const signals = spec.behavioral.signals ?? [];
  if (signals.length === 0) errs.add("behavioral.signals", "must contain at least one signal");
  const keys = new Set<string>();
  signals.forEach((signal, i) => {
    const path = `behavioral.signals[${i}]`;
    const key = trim(signal.key);
    if (!SIGNAL_KEYS.includes(key)) errs.add(`${path}.key`, `must be one of ${SIGNAL_KEYS.join(", ")}`);
    else if (keys.has(key)) errs.add(`${path}.key`, "must be unique");
    else if (key === "confidence_calibration") {
      errs.add(`${path}.key`, "is not supported until confidence reporting lands");
    }
    keys.add(key);
    if (signal.weight !== undefined && signal.weight <= 0)
      errs.add(`${path}.weight`, "must be greater than 0");
    if (signal.pass_threshold === undefined) {
      if (signal.gate === true) errs.add(`${path}.pass_threshold`, "is required when the signal is gated");
    } else if (!between01(signal.pass_threshold)) {
      errs.add(`${path}.pass_threshold`, "must be between 0 and 1");
    }
  });
}

function checkPricing(errs: Errors, spec: EvaluationSpec): void {
  const seen = new Set<string>();
  (spec.pricing?.models ?? []).forEach((model, i) => {
    const path = `pricing.models[${i}]`;
    const providerKey = trim(model.provider_key);
    const modelId = trim(model.provider_model_id);
    if (providerKey === "") errs.add(`${path}.provider_key`, "is required");
    if (modelId === "") errs.add(`${path}.provider_model_id`, "is required");
    for (const key of ["input_cost_per_million_tokens", "output_cost_per_million_tokens"] as const) {
      if ((model[key] ?? 0) < 0) errs.add(`${path}.${key}`, "must be greater than or equal to 0");
    }
    if (providerKey !== "" && modelId !== "") {
      const id = `${providerKey}\u0000${modelId}`;
      if (seen.has(id)) errs.add(path, "must be unique by provider_key and provider_model_id");
      seen.add(id);
    }
  });
}

/** Validates a decoded spec; fields are `<prefix>.<path>`. */
export function validateEvaluationSpec(
  spec: EvaluationSpec,
  prefix = "version.evaluation_spec",
): PackError[] {
  const errs = new Errors(prefix);
  checkTopLevel(errs, spec);
  const checks = new Map<string, string>();
  for (const check of spec.post_execution_checks ?? []) {
    const key = trim(check.key);
    if (key !== "" && !checks.has(key)) checks.set(key, trim(check.type));
  }
  const validatorKeys = checkValidators(errs, spec, checks);
  checkPostExecution(errs, spec);
  const metricKeys = checkMetrics(errs, spec);
  checkBehavioral(errs, spec);
  checkPricing(errs, spec);
  const judgeModes = checkJudges(errs, spec, validatorKeys, metricKeys);
  checkScorecard(errs, spec, { validatorKeys, metricKeys, judgeModes });
  const judges = spec.llm_judges ?? [];
  const mode = trim(spec.judge_mode);
  if (mode === "deterministic" && judges.length > 0) {
    errs.add("llm_judges", "must be empty when judge_mode is deterministic");
  } else if ((mode === "llm_judge" || mode === "hybrid") && judges.length === 0) {
    errs.add("llm_judges", `must contain at least one judge when judge_mode is ${mode}`);
  }
  return errs.list;
}
