import "server-only";
import type { LanguageModelV4, LanguageModelV4Prompt } from "@ai-sdk/provider";

// One streamed model call at the LanguageModelV4 level (what streamText wraps). streamText builds
// a chain of web TransformStreams per call, which costs ~1.5 ms on Node 20 even with an instant
// model, more than the engine's whole per-run budget; the llm node needs none of its extras
// (tools, steps, output parsing) and does its own retries, so it reads the provider stream itself.

export interface StreamModelInput {
  model: LanguageModelV4;
  system?: string;
  prompt: string;
  temperature?: number;
  maxOutputTokens?: number;
  abortSignal?: AbortSignal;
  /** Longest answer kept: past it the stream is stopped and finishReason is "length". */
  maxOutputChars?: number;
  onText: (delta: string) => void;
}

export interface StreamModelOutput {
  text: string;
  inputTokens: number;
  outputTokens: number;
  finishReason: string;
}

function promptOf(input: { system?: string; prompt: string }): LanguageModelV4Prompt {
  const prompt: LanguageModelV4Prompt = [];
  if (input.system) prompt.push({ role: "system", content: input.system });
  prompt.push({ role: "user", content: [{ type: "text", text: input.prompt }] });
  return prompt;
}

/**
 * The same call without streaming, for when nobody reads the deltas (a JSON attempt, a judge):
 * one response to parse instead of a stream of chunks, each parsed and validated on its own.
 */
export async function generateModelText(input: Omit<StreamModelInput, "onText">): Promise<StreamModelOutput> {
  const res = await input.model.doGenerate({
    prompt: promptOf(input),
    temperature: input.temperature,
    maxOutputTokens: input.maxOutputTokens,
    abortSignal: input.abortSignal,
  });
  let text = "";
  for (const part of res.content) if (part.type === "text") text += part.text;
  const cap = input.maxOutputChars ?? Number.POSITIVE_INFINITY;
  return {
    text: text.length > cap ? text.slice(0, cap) : text,
    inputTokens: res.usage.inputTokens.total ?? 0,
    outputTokens: res.usage.outputTokens.total ?? 0,
    finishReason: text.length > cap ? "length" : res.finishReason.unified,
  };
}

export async function streamModelText(input: StreamModelInput): Promise<StreamModelOutput> {
  const prompt = promptOf(input);

  const { stream } = await input.model.doStream({
    prompt,
    temperature: input.temperature,
    maxOutputTokens: input.maxOutputTokens,
    abortSignal: input.abortSignal,
  });
  const reader = stream.getReader();
  const out: StreamModelOutput = { text: "", inputTokens: 0, outputTokens: 0, finishReason: "unknown" };
  let finished = false;
  const cap = input.maxOutputChars ?? Number.POSITIVE_INFINITY;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      switch (value.type) {
        case "text-delta":
          if (value.delta !== "") {
            // A model that ignores max tokens cannot flood the run: keep up to the cap, then stop.
            const delta = out.text.length + value.delta.length > cap ? value.delta.slice(0, cap - out.text.length) : value.delta;
            out.text += delta;
            if (delta !== "") input.onText(delta);
            if (out.text.length >= cap && delta !== value.delta) {
              out.finishReason = "length";
              // No usage arrives from a stopped stream: estimate it so run token budgets still hold.
              out.outputTokens = Math.ceil(out.text.length / 4);
              await reader.cancel().catch(() => undefined);
              return out;
            }
          }
          break;
        case "error":
          throw value.error;
        case "finish":
          finished = true;
          out.finishReason = value.finishReason.unified;
          out.inputTokens = value.usage.inputTokens.total ?? 0;
          out.outputTokens = value.usage.outputTokens.total ?? 0;
          break;
        default:
          break;
      }
    }
  } catch (err) {
    // Stops the underlying request; its own error is irrelevant next to the one being thrown.
    await reader.cancel().catch(() => undefined);
    throw err;
  } finally {
    reader.releaseLock();
  }
  if (!finished && input.abortSignal?.aborted) throw input.abortSignal.reason as Error;
  return out;
}
