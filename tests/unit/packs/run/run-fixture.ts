// Helpers for the pack-run unit tests: packs built as objects and checked by the real validator
// (so every test bundle is one a creator could publish), and scripted judge and model callers —
// the pure functions the runner hands in, not mocks of a remote API.
import { stringify } from "yaml";
import { validatePackYaml } from "@/lib/packs";
import { checkEvaluationSpec, type EvaluationSpec } from "@/lib/packs/evaluation-spec";
import type { CallModel, ModelAnswer, ModelCall } from "@/lib/packs/run/execute";
import type { CallJudge, JudgeCallRequest, JudgeCallResult } from "@/lib/packs/run/judges";
import type { Bundle } from "@/lib/packs/types";

/** A pack from its parts; throws with the validator's errors when a creator could not publish it. */
export function packOf(raw: Record<string, unknown>): Bundle {
  const validation = validatePackYaml(stringify(raw));
  if (!validation.valid || !validation.bundle) {
    throw new Error(`invalid test pack: ${JSON.stringify(validation.errors)}`);
  }
  return validation.bundle;
}

/** The spec as written; throws when the pack validator would refuse it. */
export function checkedSpec(spec: EvaluationSpec): EvaluationSpec {
  const errors = checkEvaluationSpec(spec);
  if (errors.length > 0) throw new Error(`invalid test spec: ${JSON.stringify(errors)}`);
  return spec;
}

/** A judge answer: rating 0..10 and verdict, tokens and cost 0 unless given. */
export function verdict(
  rating: number | null,
  passed: boolean | null,
  extra: Partial<JudgeCallResult> = {},
): JudgeCallResult {
  return { rating, passed, tokens: 0, costUsd: 0, ...extra };
}

export interface ScriptedJudge {
  call: CallJudge;
  calls: { model: string; request: JudgeCallRequest }[];
}

/**
 * A judge caller that answers each model from its script, in order (the last answer repeats);
 * records every call. A model without a script is a test error.
 */
export function scriptedJudge(script: Record<string, JudgeCallResult[]>): ScriptedJudge {
  const calls: ScriptedJudge["calls"] = [];
  const asked = new Map<string, number>();
  const call: CallJudge = (model, request) => {
    calls.push({ model, request });
    const answers = script[model];
    if (!answers || answers.length === 0) throw new Error(`no script for judge model ${model}`);
    const n = asked.get(model) ?? 0;
    asked.set(model, n + 1);
    return Promise.resolve(answers[Math.min(n, answers.length - 1)] as JudgeCallResult);
  };
  return { call, calls };
}

export interface ScriptedModel {
  call: CallModel;
  calls: { modelRef: string; call: ModelCall }[];
}

/** A case-model caller giving one answer (or throwing `fail`); records every call. */
export function scriptedModel(answer: Partial<ModelAnswer> | { fail: Error }): ScriptedModel {
  const calls: ScriptedModel["calls"] = [];
  const call: CallModel = (modelRef, modelCall) => {
    calls.push({ modelRef, call: modelCall });
    if ("fail" in answer) return Promise.reject(answer.fail);
    return Promise.resolve({
      text: "",
      inputTokens: 0,
      outputTokens: 0,
      latencyMs: 0,
      provider: "openai",
      modelId: "gpt-case",
      ...answer,
    });
  };
  return { call, calls };
}
