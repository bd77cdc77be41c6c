import "server-only";
import { fromModelError } from "@/lib/ai";
import { modelOutputCharCap } from "@/lib/evaluation/limits";
import type { AppError } from "@/lib/errors";
import { NodeFailure, type NodeExecutor } from "@/lib/workflow/executor-types";
import type { LlmConfig } from "@/lib/workflow/nodes/llm/definition";
import { generateModelText, streamModelText } from "@/lib/workflow/nodes/llm/stream-model";
import { sleep } from "@/lib/sleep";

// Streams the model's answer as text deltas (see stream-model.ts) when someone listens, else asks
// for the whole answer at once. Model failures (timeouts, 429, 5xx, network) are
// retried with backoff while nothing has been streamed yet; a retry after text went out would
// show the player the answer twice. Then the node fails as a model failure.

const RETRY_FACTOR = 4;

/** Retry on provider trouble (408/409/429/5xx, network, timeouts); not on 4xx or configuration. */
function isRetryable(error: AppError): boolean {
  if (error.code !== "upstream_error") return false;
  const details = error.details as { retryable?: boolean } | undefined;
  return details?.retryable ?? true;
}

export const llmExecutor: NodeExecutor<LlmConfig> = {
  callsModel: true,
  async execute(ctx) {
    const config = ctx.node.config;
    const system = ctx.render("system_template");
    const user = ctx.render("user_template");
    const trace = { system, user, model: config.model };
    // Calibration measures the evaluation: the answer is given, no model is asked.
    if (ctx.run.fixedAnswer !== undefined) {
      return { outputs: { text: ctx.run.fixedAnswer, tokens: 0, finish_reason: "stop" }, tokens: 0, trace };
    }
    if (user.trim() === "") throw new NodeFailure("The user message is empty");
    const budget = ctx.tokensLeft();
    if (budget <= 0) throw new NodeFailure("No tokens are left in this run's budget");

    let model;
    try {
      model = await ctx.getModel(config.model);
    } catch (err) {
      const error = fromModelError(err);
      throw new NodeFailure(error.message, { modelFailure: error.code === "unavailable", cause: err });
    }

    const { retries, baseDelayMs } = ctx.modelRetry;
    for (let attempt = 0; ; attempt++) {
      let streamed = false;
      try {
        const call = {
          model,
          system: system.trim() === "" ? undefined : system,
          prompt: user,
          temperature: config.temperature,
          maxOutputTokens: Math.max(1, Math.min(config.max_tokens, budget)),
          maxOutputChars: modelOutputCharCap(Math.min(config.max_tokens, budget)),
          abortSignal: ctx.signal,
        };
        const out = ctx.streaming
          ? await streamModelText({
              ...call,
              onText: (delta) => {
                streamed = true;
                ctx.emitText(delta);
              },
            })
          : await generateModelText(call);
        const tokens = out.inputTokens + out.outputTokens;
        return {
          outputs: { text: out.text, tokens, finish_reason: out.finishReason },
          tokens,
          trace: { ...trace, attempts: attempt + 1 },
        };
      } catch (err) {
        if (ctx.signal.aborted) throw ctx.signal.reason as Error;
        const error = fromModelError(err);
        if (streamed || attempt >= retries || !isRetryable(error)) {
          const tries = attempt + 1;
          throw new NodeFailure(tries > 1 ? `${error.message} (after ${tries} attempts)` : error.message, {
            modelFailure: true,
            cause: err,
          });
        }
        await sleep(baseDelayMs * RETRY_FACTOR ** attempt, ctx.signal);
      }
    }
  },
};
