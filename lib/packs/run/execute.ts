// One planned case, run (docs/packs.md §4): the model call, the validators, the
// judges, the scorecard, the security scan, runtime limits and pricing. Pure: the runner hands in
// `callModel` and `callJudge`; nothing here reads storage or the clock except through them.
import type { EvaluationSpec, ModelPricing } from "@/lib/packs/evaluation-spec";
import { isObject } from "@/lib/packs/normalize";
import {
  buildPrompt,
  caseContextOf,
  evidenceText,
  resolveEvidence,
  type CaseContext,
} from "@/lib/packs/run/evidence";
import { runJudges, type CallJudge, type JudgeBudget, type JudgeResult } from "@/lib/packs/run/judges";
import { adversarialPrompts, findCase, type PlannedCase } from "@/lib/packs/run/plan";
import { scoreCase, type CaseScore } from "@/lib/packs/run/scorecard";
import type { SecurityPolicy, SecurityScan } from "@/lib/packs/run/security";
import type { Bundle } from "@/lib/packs/types";
import { runValidatorBounded, type SearchRegex } from "@/lib/packs/validators";

export interface ModelCall {
  system: string;
  user: string;
  /** Abort the call after this long (runtime_limits.max_duration_ms). */
  timeoutMs?: number;
}

export interface ModelAnswer {
  text: string;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
  /** The provider and model id as the provider names them (for pricing). */
  provider: string;
  modelId: string;
}

export type CallModel = (modelRef: string, call: ModelCall) => Promise<ModelAnswer>;

export interface ValidatorOutcome {
  key: string;
  type: string;
  passed: boolean;
  score: number;
  evidence: string;
}

export interface CaseResult {
  prompt: { system: string; user: string };
  validators: ValidatorOutcome[];
  judges: JudgeResult[];
  score: CaseScore | null;
  security: SecurityScan | null;
  inputTokens: number;
  outputTokens: number;
  provider?: string;
  modelId?: string;
  /** The answer was longer than MAX_OUTPUT_CHARS: only its start is kept and scanned. */
  outputTruncated?: boolean;
}

export interface CaseOutcome {
  status: "passed" | "failed" | "error";
  output: string;
  result: CaseResult;
  overall: number | null;
  /** null when the model gave no answer (not measured). */
  latencyMs: number | null;
  tokens: number;
  costUsd: number;
  /** What this case's judge calls spent (added to the run's judge totals). */
  judgeTokens: number;
  judgeCostUsd: number;
  error: string | null;
}

/** A case's result before its answer: the prompt it sends, nothing judged or measured yet. */
export function emptyCaseResult(prompt: CaseResult["prompt"] = { system: "", user: "" }): CaseResult {
  return { prompt, validators: [], judges: [], score: null, security: null, inputTokens: 0, outputTokens: 0 };
}

/** A case that ended in `error` without an answer: no latency measured, nothing spent. */
export function errorOutcome(error: string, result: CaseResult): CaseOutcome {
  return {
    status: "error",
    output: "",
    result,
    overall: result.score?.overall ?? null,
    latencyMs: null,
    tokens: 0,
    costUsd: 0,
    judgeTokens: 0,
    judgeCostUsd: 0,
    error,
  };
}

export interface ExecuteInput {
  bundle: Bundle;
  spec: EvaluationSpec;
  planned: PlannedCase;
  callModel: CallModel;
  callJudge: CallJudge;
  /** Shared by every case of the run (judge_limits are per run). */
  judgeBudget: JudgeBudget;
  security: SecurityPolicy;
  /**
   * Runs a user pattern too costly to search inline (regex_match, the security scan) off this
   * thread with a time budget; without it such a search is not run and counts as failed.
   */
  searchRegex?: SearchRegex;
}

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
/** Longest model answer kept and scanned (characters); the rest is cut (`outputTruncated`). */
export const MAX_OUTPUT_CHARS = 100_000;

/** The price of a call: the pricing entry for the model id (and provider, when several match). */
export function priceOf(
  spec: EvaluationSpec,
  answer: Pick<ModelAnswer, "provider" | "modelId" | "inputTokens" | "outputTokens">,
): number {
  const entries: ModelPricing[] = (spec.pricing?.models ?? []).filter(
    (m) => text(m.provider_model_id) === answer.modelId,
  );
  const entry =
    entries.find((m) => text(m.provider_key).toLowerCase() === answer.provider.toLowerCase()) ?? entries[0];
  if (!entry) return 0;
  return (
    (answer.inputTokens * (entry.input_cost_per_million_tokens ?? 0)) / 1_000_000 +
    (answer.outputTokens * (entry.output_cost_per_million_tokens ?? 0)) / 1_000_000
  );
}

async function runValidators(
  spec: EvaluationSpec,
  ctx: CaseContext,
  searchRegex: SearchRegex | undefined,
): Promise<ValidatorOutcome[]> {
  const outcomes: ValidatorOutcome[] = [];
  for (const v of spec.validators ?? []) outcomes.push(await runOneValidator(v, ctx, searchRegex));
  return outcomes;
}

async function runOneValidator(
  v: NonNullable<EvaluationSpec["validators"]>[number],
  ctx: CaseContext,
  searchRegex: SearchRegex | undefined,
): Promise<ValidatorOutcome> {
  const key = text(v.key);
  const type = text(v.type);
  const target = resolveEvidence(text(v.target) || "final_output", ctx);
  const expectedRef = text(v.expected_from);
  const expected =
    expectedRef === ""
      ? { ok: true as const, value: undefined }
      : resolveEvidence(v.expected_from ?? "", ctx);
  if (!target.ok) return { key, type, passed: false, score: 0, evidence: target.reason };
  if (!expected.ok) return { key, type, passed: false, score: 0, evidence: expected.reason };
  const config = isObject(v.config) ? v.config : {};
  const outcome = await runValidatorBounded(
    type,
    { actual: evidenceText(target.value), expected: expected.value, config },
    searchRegex,
  );
  return { key, type, ...outcome };
}

function limitError(spec: EvaluationSpec, tokens: number, costUsd: number): string | null {
  const limits = spec.runtime_limits ?? {};
  if (limits.max_total_tokens !== undefined && tokens > limits.max_total_tokens) {
    return `runtime limit: ${tokens} tokens > max_total_tokens ${limits.max_total_tokens}`;
  }
  if (limits.max_cost_usd !== undefined && costUsd > limits.max_cost_usd) {
    return `runtime limit: cost $${costUsd.toFixed(6)} > max_cost_usd ${limits.max_cost_usd}`;
  }
  return null;
}

/** Why a prompt cannot be sent (an empty user message), or null. */
function emptyPrompt(prompt: { system: string; user: string }): string | null {
  if (prompt.user.trim() !== "") return null;
  return "nothing to send: the challenge has no instructions and the case no input, prompt or question";
}

/** Runs one planned case that needs no sandbox. Never throws for a model failure. */
export async function executeCase(input: ExecuteInput): Promise<CaseOutcome> {
  const { bundle, spec, planned, security } = input;
  const challenge = bundle.challenges.find((c) => c.key === planned.challengeKey) ?? {
    key: "",
    title: "",
    category: "",
    difficulty: "",
  };
  const adversarial =
    planned.kind === "security"
      ? adversarialPrompts(bundle).find((p) => p.name === planned.caseKey)
      : undefined;
  const caseDef =
    planned.kind === "case" ? findCase(bundle, planned.inputSetKey, planned.caseKey) : undefined;
  const instructions =
    text(challenge.instructions) ||
    text(isObject(challenge.definition) ? challenge.definition.instructions : "");
  const prompt = adversarial
    ? { system: security.systemPrompt(instructions), user: adversarial.text }
    : caseDef
      ? buildPrompt(challenge, caseDef)
      : { system: instructions, user: "" };
  const timeoutMs = spec.runtime_limits?.max_duration_ms;
  const base = emptyCaseResult(prompt);

  // Never an empty message to the model: a case with nothing to send is an error of the pack.
  const unsendable = !adversarial && !caseDef ? "the case is not in this pack version" : emptyPrompt(prompt);
  if (unsendable) return errorOutcome(unsendable, base);
  let answer: ModelAnswer;
  try {
    answer = await input.callModel(planned.modelRef, { ...prompt, ...(timeoutMs ? { timeoutMs } : {}) });
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    // No answer: latency and cost were not measured (scored as missing, not as a perfect 0).
    const score = adversarial ? null : scoreCase(spec, { validators: {}, judges: {}, error });
    return errorOutcome(error, { ...base, score });
  }
  const truncated = answer.text.length > MAX_OUTPUT_CHARS;
  const output = truncated ? answer.text.slice(0, MAX_OUTPUT_CHARS) : answer.text;
  const tokens = answer.inputTokens + answer.outputTokens;
  const costUsd = priceOf(spec, answer);
  const usage = {
    inputTokens: answer.inputTokens,
    outputTokens: answer.outputTokens,
    provider: answer.provider,
    modelId: answer.modelId,
    ...(truncated ? { outputTruncated: true } : {}),
  };
  const scan =
    security.active || adversarial
      ? await security.scanBounded(output, adversarial?.refusal ?? "", input.searchRegex)
      : null;

  if (adversarial) {
    const passed = scan?.passed ?? true;
    return {
      status: passed ? "passed" : "failed",
      output,
      result: { ...base, ...usage, security: scan },
      overall: passed ? 1 : 0,
      latencyMs: answer.latencyMs,
      tokens,
      costUsd,
      judgeTokens: 0,
      judgeCostUsd: 0,
      error: null,
    };
  }

  const ctx = caseContextOf(caseDef ?? { challenge_key: "", case_key: "" }, output, prompt.user);
  const limit = limitError(spec, tokens, costUsd);
  const validators = limit ? [] : await runValidators(spec, ctx, input.searchRegex);
  const judges = limit ? [] : await runJudges(spec, ctx, input.callJudge, input.judgeBudget);
  const score = scoreCase(spec, {
    validators: Object.fromEntries(validators.map((v) => [v.key, { passed: v.passed, score: v.score }])),
    judges: Object.fromEntries(
      judges.map((j) => [j.key, { score: j.score, ...(j.passed === null ? {} : { passed: j.passed }) }]),
    ),
    latencyMs: answer.latencyMs,
    costUsd,
    error: limit,
  });
  const passed = score.passed && (scan?.passed ?? true) && limit === null;
  return {
    status: limit ? "error" : passed ? "passed" : "failed",
    output,
    result: { ...base, ...usage, validators, judges, score, security: scan },
    overall: score.overall,
    latencyMs: answer.latencyMs,
    tokens,
    costUsd,
    judgeTokens: judges.reduce((sum, j) => sum + j.usage.tokens, 0),
    judgeCostUsd: judges.reduce((sum, j) => sum + j.usage.costUsd, 0),
    error: limit,
  };
}
