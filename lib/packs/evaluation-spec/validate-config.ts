// `validators[i].config` checks per validator type (docs/packs.md §3). The config is
// raw JSON: the types listed here read the keys they know (refusing wrong JSON types, and unknown
// keys where the reference decodes strictly); other types' configs are not looked at.
import { unknownFieldMessage } from "@/lib/packs/suggest";
import type { Json } from "@/lib/packs/types";
import { describeValue } from "@/lib/packs/words.mjs";
import { type Errors, between01, trim } from "./common";
import type { ValidatorDeclaration } from "./types";

type FieldKind = "number" | "int" | "string" | "bool" | "strings" | "raw";
type Fields = Record<string, FieldKind>;
type Config = Record<string, Json>;

const THRESHOLD: Fields = { threshold: "number" };

/** What each checked type reads; `strict` types refuse other keys. */
const CONFIG_FIELDS: Record<string, { fields: Fields; strict: boolean }> = {
  fuzzy_match: { fields: THRESHOLD, strict: false },
  token_f1: { fields: THRESHOLD, strict: false },
  bleu_score: { fields: { ...THRESHOLD, max_ngram: "int", smoothing: "string" }, strict: false },
  rouge_score: { fields: { ...THRESHOLD, variant: "string", beta: "number" }, strict: false },
  chrf_score: { fields: { ...THRESHOLD, char_order: "int", beta: "number" }, strict: false },
  numeric_match: {
    fields: {
      absolute_tolerance: "number",
      relative_tolerance: "number",
      tolerance: "number",
      tolerance_mode: "string",
      significant_digits: "int",
    },
    strict: false,
  },
  normalized_match: { fields: { pipeline: "strings", normalizations: "strings" }, strict: true },
  math_equivalence: { fields: { comparison_mode: "string" }, strict: false },
  code_execution: {
    fields: { test_command: "string", timeout_ms: "int", scoring: "string", pass_threshold: "number" },
    strict: true,
  },
  tool_call_assertion: {
    fields: {
      tool_name: "string",
      must_call: "bool",
      count: "int",
      min_count: "int",
      max_count: "int",
      arguments_contain: "raw",
      ordered_tools: "strings",
      order_mode: "string",
    },
    strict: true,
  },
  postcondition: { fields: { condition: "string", value: "raw", json_path: "string" }, strict: true },
};

export const NORMALIZATION_STEPS = new Set([
  "trim",
  "lowercase",
  "collapse_whitespace",
  "strip_punctuation",
  "strip_currency",
  "strip_formatting",
  "normalize_unicode",
  "remove_articles",
  "sort_words",
  "sort_lines",
]);

const KIND_WORDS: Record<FieldKind, string> = {
  number: "a number",
  int: "a whole number",
  string: "text",
  bool: "true or false",
  strings: "a list of text values",
  raw: "a value",
};

function fits(value: Json, kind: FieldKind): boolean {
  switch (kind) {
    case "number":
      return typeof value === "number";
    case "int":
      return typeof value === "number" && Number.isSafeInteger(value);
    case "string":
      return typeof value === "string";
    case "bool":
      return typeof value === "boolean";
    case "strings":
      return Array.isArray(value) && value.every((item) => typeof item === "string" || item === null);
    case "raw":
      return true;
  }
}

/** Reads a config object: the known keys with their JSON types, or the parse error's message. */
function readConfig(config: Json, spec: { fields: Fields; strict: boolean }): Config | string {
  if (config === null || typeof config !== "object" || Array.isArray(config)) {
    return `invalid JSON: expected a mapping of settings, got ${describeValue(config)}`;
  }
  const out: Config = {};
  for (const [key, value] of Object.entries(config)) {
    const kind = Object.hasOwn(spec.fields, key) ? spec.fields[key] : undefined;
    if (!kind) {
      if (spec.strict) return `invalid JSON: ${unknownFieldMessage(key, Object.keys(spec.fields))}`;
      continue;
    }
    if (value === null) continue;
    if (!fits(value, kind))
      return `invalid JSON: config.${key}: expected ${KIND_WORDS[kind]}, got ${describeValue(value)}`;
    out[key] = kind === "strings" ? (value as Json[]).map((item) => item ?? "") : value;
  }
  return out;
}

const num = (cfg: Config, key: string): number | undefined =>
  typeof cfg[key] === "number" ? cfg[key] : undefined;
const text = (cfg: Config, key: string): string => (typeof cfg[key] === "string" ? cfg[key].trim() : "");
const strings = (cfg: Config, key: string): string[] =>
  Array.isArray(cfg[key]) ? (cfg[key] as string[]) : [];

function nonNegative(errs: Errors, cfg: Config, path: string, keys: string[]): void {
  for (const key of keys) {
    const value = num(cfg, key);
    if (value !== undefined && value < 0) errs.add(`${path}.${key}`, "must be greater than or equal to 0");
  }
}

function positive(errs: Errors, cfg: Config, path: string, keys: string[]): void {
  for (const key of keys) {
    const value = num(cfg, key);
    if (value !== undefined && value <= 0) errs.add(`${path}.${key}`, "must be greater than 0");
  }
}

function threshold(errs: Errors, cfg: Config, path: string): void {
  const value = num(cfg, "threshold");
  if (value !== undefined && !between01(value)) errs.add(`${path}.threshold`, "must be between 0 and 1");
}

function oneOf(
  errs: Errors,
  cfg: Config,
  path: string,
  key: string,
  allowed: string[],
  message: string,
): void {
  const value = text(cfg, key);
  if (value !== "" && !allowed.includes(value)) errs.add(`${path}.${key}`, message);
}

function checkNumericMatch(errs: Errors, cfg: Config, path: string): void {
  const legacy = cfg.tolerance !== undefined || text(cfg, "tolerance_mode") !== "";
  const current = cfg.absolute_tolerance !== undefined || cfg.relative_tolerance !== undefined;
  if (legacy && current) {
    errs.add(path, "cannot mix tolerance_mode/tolerance with absolute_tolerance/relative_tolerance");
    return;
  }
  const mode = text(cfg, "tolerance_mode");
  if (mode !== "" && mode !== "absolute" && mode !== "relative") {
    errs.add(path, 'tolerance_mode must be either "absolute" or "relative"');
    return;
  }
  nonNegative(errs, cfg, path, ["absolute_tolerance", "relative_tolerance", "tolerance"]);
  positive(errs, cfg, path, ["significant_digits"]);
}

function checkNormalizedMatch(errs: Errors, cfg: Config, path: string): void {
  const pipeline = strings(cfg, "pipeline");
  const normalizations = strings(cfg, "normalizations");
  if (pipeline.length > 0 && normalizations.length > 0) {
    errs.add(path, "cannot mix pipeline with normalizations");
    return;
  }
  const [key, steps] = pipeline.length > 0 ? ["pipeline", pipeline] : ["normalizations", normalizations];
  steps.forEach((step, j) => {
    if (!NORMALIZATION_STEPS.has(step)) {
      errs.add(`${path}.${key}[${j}]`, `${JSON.stringify(step)} is not a supported normalization step`);
    }
  });
}

function checkCodeExecution(errs: Errors, cfg: Config, path: string): void {
  if (text(cfg, "test_command") === "") errs.add(`${path}.test_command`, "is required");
  positive(errs, cfg, path, ["timeout_ms"]);
  const scoring = text(cfg, "scoring");
  if (scoring === "pass_at_k") {
    errs.add(`${path}.scoring`, "pass_at_k requires multi-sample execution and is not supported yet");
  } else if (scoring !== "" && scoring !== "fraction_passed" && scoring !== "all_or_nothing") {
    errs.add(`${path}.scoring`, "must be one of fraction_passed, all_or_nothing, pass_at_k");
  }
  const passThreshold = num(cfg, "pass_threshold");
  if (passThreshold !== undefined && !between01(passThreshold)) {
    errs.add(`${path}.pass_threshold`, "must be between 0 and 1");
  }
}

function checkToolCallAssertion(errs: Errors, cfg: Config, path: string): void {
  const count = num(cfg, "count");
  const min = num(cfg, "min_count");
  const max = num(cfg, "max_count");
  nonNegative(errs, cfg, path, ["count", "min_count", "max_count"]);
  if (count !== undefined && (min !== undefined || max !== undefined)) {
    errs.add(`${path}.count`, "cannot be combined with min_count or max_count");
  }
  if (min !== undefined && max !== undefined && min > max) {
    errs.add(`${path}.min_count`, "must be less than or equal to max_count");
  }
  const mustCall = typeof cfg.must_call === "boolean" ? cfg.must_call : undefined;
  if (mustCall === true && count === 0) errs.add(`${path}.must_call`, "cannot be true when count is 0");
  if (mustCall === true && max === 0) errs.add(`${path}.must_call`, "cannot be true when max_count is 0");
  if (mustCall === false && count !== undefined && count > 0) {
    errs.add(`${path}.must_call`, "cannot be false when count is greater than 0");
  }
  if (mustCall === false && min !== undefined && min > 0) {
    errs.add(`${path}.must_call`, "cannot be false when min_count is greater than 0");
  }
  const args = cfg.arguments_contain;
  if (args !== undefined && (typeof args !== "object" || Array.isArray(args))) {
    errs.add(`${path}.arguments_contain`, "must be a JSON object");
  }
  const ordered = strings(cfg, "ordered_tools").map((tool) => tool.trim());
  ordered.forEach((tool, j) => {
    if (tool === "") errs.add(`${path}.ordered_tools[${j}]`, "must not be empty");
  });
  const orderMode = text(cfg, "order_mode");
  if (orderMode !== "") {
    if (orderMode !== "subsequence" && orderMode !== "exact") {
      errs.add(`${path}.order_mode`, 'must be "subsequence" or "exact"');
    }
    if (ordered.length === 0) errs.add(`${path}.ordered_tools`, "is required when order_mode is set");
  }
  const argsSet =
    args !== undefined && !(typeof args === "object" && Object.keys(args as object).length === 0);
  const any =
    text(cfg, "tool_name") !== "" ||
    mustCall !== undefined ||
    count !== undefined ||
    min !== undefined ||
    max !== undefined ||
    argsSet ||
    ordered.length > 0;
  if (!any) errs.add(path, "must declare at least one tool call assertion");
}

/** Checks one validator's config; `path` is `validators[i]`. */
export function checkValidatorConfig(errs: Errors, validator: ValidatorDeclaration, path: string): void {
  const type = trim(validator.type);
  const spec = CONFIG_FIELDS[type];
  if (!spec) return;
  const configPath = `${path}.config`;
  let config = validator.config;
  if (config === undefined || config === null) {
    if (type === "tool_call_assertion") return errs.add(configPath, "tool_call_assertion config is required");
    if (type === "postcondition") return errs.add(configPath, "is required");
    if (type !== "code_execution") return;
    config = {};
  }
  const cfg = readConfig(config, spec);
  if (typeof cfg === "string") return errs.add(configPath, cfg);
  switch (type) {
    case "fuzzy_match":
    case "token_f1":
      return threshold(errs, cfg, configPath);
    case "bleu_score":
      threshold(errs, cfg, configPath);
      positive(errs, cfg, configPath, ["max_ngram"]);
      return oneOf(errs, cfg, configPath, "smoothing", ["none", "method1"], 'must be "none" or "method1"');
    case "rouge_score":
      threshold(errs, cfg, configPath);
      oneOf(
        errs,
        cfg,
        configPath,
        "variant",
        ["rouge-1", "rouge-2", "rouge-l"],
        'must be "rouge-1", "rouge-2", or "rouge-l"',
      );
      return positive(errs, cfg, configPath, ["beta"]);
    case "chrf_score":
      threshold(errs, cfg, configPath);
      return positive(errs, cfg, configPath, ["char_order", "beta"]);
    case "numeric_match":
      return checkNumericMatch(errs, cfg, configPath);
    case "normalized_match":
      return checkNormalizedMatch(errs, cfg, configPath);
    case "math_equivalence":
      return oneOf(
        errs,
        cfg,
        configPath,
        "comparison_mode",
        ["symbolic", "numeric"],
        'must be "symbolic" or "numeric"',
      );
    case "code_execution":
      return checkCodeExecution(errs, cfg, configPath);
    case "tool_call_assertion":
      return checkToolCallAssertion(errs, cfg, configPath);
  }
}
