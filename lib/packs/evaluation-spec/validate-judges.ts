// `llm_judges[]` and `scorecard.judge_limits` (docs/packs.md §3).
import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020";
import type { Json } from "@/lib/packs/types";
import { CONSENSUS_AGGREGATIONS, JUDGE_METHOD_MODES as JUDGE_METHOD_MODE_LIST } from "@/lib/packs/vocabulary";
import { type Errors, between01, isEvidenceReference, trim } from "./common";
import type { EvaluationSpec, JudgeConsensus, LlmJudgeDeclaration } from "./types";

export const JUDGE_METHOD_MODES: readonly string[] = JUDGE_METHOD_MODE_LIST;
/**
 * Modes whose result can feed a scorecard dimension: every mode of today (rubric and reference give
 * their score, assertion its majority verdict as 0 or 1, n_wise its normalised rank). The
 * scorecard's "does not produce a numeric score" rule guards modes added later.
 */
export const NUMERIC_JUDGE_MODES = new Set(["rubric", "reference", "assertion", "n_wise"]);
export const MAX_JUDGE_SAMPLES = 10;
const AGGREGATIONS: readonly string[] = CONSENSUS_AGGREGATIONS;
const OPENAI_PREFIXES = ["gpt-", "o1", "o3", "o4", "text-embedding"];
const SECRET_REFERENCE = /\$\{\s*secrets\s*\./;

/** The judge provider a model id implies, or undefined (openrouter for any `vendor/model` slug). */
export function inferJudgeProvider(model: string): string | undefined {
  const id = model.trim().toLowerCase();
  if (id.includes("/")) return "openrouter";
  if (id.startsWith("claude-")) return "anthropic";
  if (OPENAI_PREFIXES.some((prefix) => id.startsWith(prefix))) return "openai";
  if (id.startsWith("gemini-")) return "gemini";
  if (id.startsWith("grok-")) return "xai";
  if (id.startsWith("mistral-")) return "mistral";
  return undefined;
}

/** Why `schema` is not a usable JSON Schema (draft-07, or 2020-12 when it says so), or undefined. */
export function jsonSchemaProblem(schema: Json): string | undefined {
  if (
    typeof schema !== "boolean" &&
    (schema === null || typeof schema !== "object" || Array.isArray(schema))
  ) {
    return "a schema must be an object or a boolean";
  }
  const draft = typeof schema === "object" ? schema.$schema : undefined;
  const options = { strict: false, allErrors: false, validateFormats: false };
  const ajv =
    typeof draft === "string" && draft.includes("2020-12") ? new Ajv2020(options) : new Ajv(options);
  try {
    ajv.compile(schema);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

function checkModeFields(errs: Errors, judge: LlmJudgeDeclaration, mode: string, path: string): void {
  if (mode === "rubric" && trim(judge.rubric) === "")
    errs.add(`${path}.rubric`, "is required for rubric mode");
  if (mode === "reference") {
    if (trim(judge.rubric) === "") errs.add(`${path}.rubric`, "is required for reference mode");
    const from = trim(judge.reference_from);
    if (from === "") errs.add(`${path}.reference_from`, "is required for reference mode");
    else if (!isEvidenceReference(from))
      errs.add(`${path}.reference_from`, "must be a supported evidence reference");
  }
  if (mode === "assertion" && trim(judge.assertion) === "") {
    errs.add(`${path}.assertion`, "is required for assertion mode");
  }
  if (mode === "n_wise" && trim(judge.prompt) === "")
    errs.add(`${path}.prompt`, "is required for n_wise mode");
}

const PROVIDER_MESSAGE =
  "must be inferable to a known judge provider (claude-*, gpt-*, gemini-*, grok-*, mistral-*, openrouter/* slugs)";

function checkModels(errs: Errors, judge: LlmJudgeDeclaration, path: string): void {
  const single = trim(judge.model);
  const models = judge.models ?? [];
  if (single === "" && models.length === 0) {
    errs.add(`${path}.model`, "must set exactly one of model or models");
  } else if (single !== "" && models.length > 0) {
    errs.add(`${path}.models`, "must set exactly one of model or models, not both");
  } else if (single !== "") {
    if (!inferJudgeProvider(single)) errs.add(`${path}.model`, PROVIDER_MESSAGE);
  } else {
    models.forEach((model, j) => {
      if (model.trim() === "") errs.add(`${path}.models[${j}]`, "must be a non-empty model identifier");
      else if (!inferJudgeProvider(model)) errs.add(`${path}.models[${j}]`, PROVIDER_MESSAGE);
    });
  }
}

function checkConsensus(errs: Errors, mode: string, consensus: JudgeConsensus, path: string): void {
  const aggregation = trim(consensus.aggregation);
  if (!AGGREGATIONS.includes(aggregation)) {
    errs.add(`${path}.aggregation`, "must be one of median, mean, majority_vote, unanimous");
    return;
  }
  if ((aggregation === "median" || aggregation === "mean") && mode === "assertion") {
    errs.add(
      `${path}.aggregation`,
      `${JSON.stringify(aggregation)} aggregation is only valid for numeric modes (rubric, reference, n_wise)`,
    );
  }
  if (aggregation === "majority_vote" && mode !== "assertion") {
    errs.add(`${path}.aggregation`, "majority_vote aggregation is only valid for assertion mode");
  }
  if (!between01(consensus.min_agreement_threshold ?? 0)) {
    errs.add(`${path}.min_agreement_threshold`, "must be between 0 and 1");
  }
}

function checkJudge(errs: Errors, judge: LlmJudgeDeclaration, mode: string, path: string): void {
  checkModeFields(errs, judge, mode, path);
  checkModels(errs, judge, path);
  const samples = judge.samples ?? 0;
  if (samples < 0) errs.add(`${path}.samples`, "must be greater than or equal to 0");
  else if (samples > MAX_JUDGE_SAMPLES) errs.add(`${path}.samples`, `must be at most ${MAX_JUDGE_SAMPLES}`);
  const multi = trim(judge.model) === "" && (judge.models ?? []).length > 1;
  if (multi) {
    if (judge.consensus === undefined)
      errs.add(`${path}.consensus`, "is required when multiple models are declared");
    else checkConsensus(errs, mode, judge.consensus, `${path}.consensus`);
  } else if (judge.consensus !== undefined) {
    errs.add(`${path}.consensus`, "is only valid when multiple models are declared");
  }
  (judge.context_from ?? []).forEach((ref, j) => {
    if (!isEvidenceReference(ref.trim())) {
      errs.add(`${path}.context_from[${j}]`, "must be a supported evidence reference");
    }
  });
  if (judge.output_schema !== undefined) {
    const problem = jsonSchemaProblem(judge.output_schema);
    if (problem) errs.add(`${path}.output_schema`, `must be valid JSON Schema: ${problem}`);
  }
  for (const field of ["rubric", "assertion", "prompt"] as const) {
    if (SECRET_REFERENCE.test(judge[field] ?? "")) {
      errs.add(
        `${path}.${field}`,
        "must not contain ${secrets.*} references; secrets are not allowed in judge prompt text",
      );
    }
  }
  if (judge.score_scale !== undefined && (judge.score_scale.min ?? 0) >= (judge.score_scale.max ?? 0)) {
    errs.add(`${path}.score_scale`, "min must be strictly less than max");
  }
  if (judge.timeout_ms !== undefined && judge.timeout_ms <= 0) {
    errs.add(`${path}.timeout_ms`, "must be greater than 0");
  }
}

/**
 * Checks every judge and the judge limits; gives the mode of each judge whose key was accepted
 * (for the scorecard's `judge_key` checks).
 */
export function checkJudges(
  errs: Errors,
  spec: EvaluationSpec,
  validatorKeys: Set<string>,
  metricKeys: Set<string>,
): Map<string, string> {
  const modes = new Map<string, string>();
  (spec.llm_judges ?? []).forEach((judge, i) => {
    const path = `llm_judges[${i}]`;
    const key = trim(judge.key);
    // As the reference: a judge whose key is refused is not checked further.
    if (key === "") return errs.add(`${path}.key`, "is required");
    if (modes.has(key)) return errs.add(`${path}.key`, "must be unique");
    if (validatorKeys.has(key))
      return errs.add(`${path}.key`, `collides with validator key ${JSON.stringify(key)}`);
    if (metricKeys.has(key))
      return errs.add(`${path}.key`, `collides with metric key ${JSON.stringify(key)}`);
    const mode = trim(judge.mode);
    modes.set(key, mode);
    if (!JUDGE_METHOD_MODES.includes(mode)) {
      return errs.add(`${path}.mode`, "must be one of rubric, assertion, n_wise, reference");
    }
    checkJudge(errs, judge, mode, path);
  });
  const limits = spec.scorecard?.judge_limits;
  if (limits !== undefined) {
    const samples = limits.max_samples_per_judge ?? 0;
    if (samples < 0 || samples > MAX_JUDGE_SAMPLES) {
      errs.add("scorecard.judge_limits.max_samples_per_judge", `must be between 0 and ${MAX_JUDGE_SAMPLES}`);
    }
    if ((limits.max_calls_usd ?? 0) < 0) {
      errs.add("scorecard.judge_limits.max_calls_usd", "must be greater than or equal to 0");
    }
    if ((limits.max_tokens ?? 0) < 0)
      errs.add("scorecard.judge_limits.max_tokens", "must be greater than or equal to 0");
  }
  return modes;
}
