import "server-only";
import { APICallError } from "@ai-sdk/provider";
import { env } from "@/lib/env";
import { judgeResponse } from "@/lib/evaluation/judge";
import { fromModelError, parseModelRef, safeParseModelRef } from "@/lib/ai";
import type { EvaluationSpec } from "@/lib/packs/evaluation-spec";
import type { CallModel } from "@/lib/packs/run/execute";
import { priceOf } from "@/lib/packs/run/execute";
import { JUDGE_RATING_SCALE, type CallJudge } from "@/lib/packs/run/judges";
import { getWorkspaceModel } from "@/lib/services/llm-providers";
import { sleep } from "@/lib/sleep";
import { generateModelText } from "@/lib/workflow/nodes/llm/stream-model";

// The model seam of a pack run: the case model and the judges, called for one workspace through
// lib/ai (providers behind the SSRF guard, the instance's OpenAI endpoint, the offline models).

/** Longest answer kept from a case model (characters) and most tokens asked for. */
export const RUN_MAX_OUTPUT_CHARS = 100_000;
export const RUN_MAX_OUTPUT_TOKENS = 4_096;
const DEFAULT_CALL_TIMEOUT_MS = 120_000;
const RETRY_DELAY_MS = 500;

/** What bounds concurrency: one provider (the offline models, the instance's OpenAI, a workspace provider). */
export function providerKeyOf(ref: string): string {
  const parsed = safeParseModelRef(ref);
  if (!parsed.success) return ref;
  const m = parsed.data;
  return m.kind === "provider" ? `provider:${m.providerName}` : m.kind;
}

function providerAndModel(ref: string): { provider: string; modelId: string } {
  const m = parseModelRef(ref);
  if (m.kind === "offline") return { provider: "gauntlet-offline", modelId: m.name };
  if (m.kind === "openai") return { provider: "openai", modelId: m.modelId };
  return { provider: m.providerName, modelId: m.modelId };
}

/** Calls a case model for a workspace: one retry for a retryable provider error. */
export function caseModelCaller(workspaceId: string, signal: AbortSignal): CallModel {
  return async (ref, call) => {
    const model = await getWorkspaceModel(ref, workspaceId);
    const { provider, modelId } = providerAndModel(ref);
    const started = performance.now();
    for (let attempt = 1; ; attempt++) {
      const timeout = AbortSignal.timeout(call.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS);
      try {
        const out = await generateModelText({
          model,
          system: call.system,
          prompt: call.user,
          temperature: 0,
          maxOutputTokens: RUN_MAX_OUTPUT_TOKENS,
          maxOutputChars: RUN_MAX_OUTPUT_CHARS,
          abortSignal: AbortSignal.any([signal, timeout]),
        });
        return {
          text: out.text,
          inputTokens: out.inputTokens,
          outputTokens: out.outputTokens,
          latencyMs: Math.round(performance.now() - started),
          provider,
          modelId,
        };
      } catch (err) {
        if (signal.aborted) throw new Error("the run was stopped");
        if (timeout.aborted)
          throw new Error(`the model did not answer within ${call.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS} ms`);
        if (attempt < 2 && APICallError.isInstance(err) && err.isRetryable) {
          await sleep(RETRY_DELAY_MS, signal).catch(() => undefined);
          continue;
        }
        throw new Error(fromModelError(err).message);
      }
    }
  };
}

/**
 * The Gauntlet model a judge named by the pack runs on: the run's `judge_models` entry; else the
 * name itself when it is a Gauntlet model reference (`offline:judge`, `openai:gpt-4o`,
 * `provider:x/y`); else `openai:<name>` when the instance has an OpenAI endpoint; else the offline
 * judge (reported as standing in).
 */
export function resolveJudgeRef(name: string, judgeModels: Record<string, string> = {}): string {
  const mapped = judgeModels[name];
  if (mapped) return mapped;
  if (/^(offline|openai|provider):/.test(name) && safeParseModelRef(name).success) return name;
  if (env.OPENAI_API_KEY || env.OPENAI_BASE_URL) {
    const ref = `openai:${name}`;
    if (safeParseModelRef(ref).success) return ref;
  }
  return "offline:judge";
}

/** Calls a judge model for a workspace through lib/evaluation's judge protocol (0..10 + verdict). */
export function judgeCaller(
  workspaceId: string,
  spec: EvaluationSpec,
  judgeModels: Record<string, string>,
  signal: AbortSignal,
): CallJudge {
  return async (name, request) => {
    const ref = resolveJudgeRef(name, judgeModels);
    try {
      const verdict = await judgeResponse({
        workspaceId,
        modelRef: ref,
        getModel: (r) => getWorkspaceModel(r, workspaceId),
        goal: request.goal,
        response: request.response,
        ratingScale: JUDGE_RATING_SCALE,
        signal: request.timeoutMs
          ? AbortSignal.any([signal, AbortSignal.timeout(request.timeoutMs)])
          : signal,
      });
      const usage = verdict.judge;
      const tokens = (usage?.inputTokens ?? 0) + (usage?.outputTokens ?? 0);
      const costUsd = usage
        ? priceOf(spec, {
            ...providerAndModel(ref),
            inputTokens: usage.inputTokens,
            outputTokens: usage.outputTokens,
          })
        : 0;
      const failed = verdict.outcome === "error";
      return {
        rating: failed ? null : verdict.rating,
        passed: failed ? null : verdict.outcome === "pass",
        tokens,
        costUsd,
        ...(verdict.feedback ? { feedback: verdict.feedback } : {}),
        ...(failed ? { error: verdict.feedback ?? "the judge gave no verdict" } : {}),
        resolvedModel: ref,
      };
    } catch (err) {
      if (signal.aborted) throw err;
      return {
        rating: null,
        passed: null,
        tokens: 0,
        costUsd: 0,
        error: fromModelError(err).message,
        resolvedModel: ref,
      };
    }
  };
}
