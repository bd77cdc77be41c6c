import "server-only";
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4FinishReason,
  LanguageModelV4GenerateResult,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
  SharedV4ProviderMetadata,
} from "@ai-sdk/provider";
import { sleep } from "@/lib/sleep";

export const OFFLINE_PROVIDER_ID = "gauntlet-offline";

export interface PromptText {
  /** All system messages, joined by blank lines. */
  system: string;
  /** The text of each user message, oldest first. */
  user: string[];
  /** Characters of text in the whole prompt (for the token estimate). */
  chars: number;
}

export function readPrompt(prompt: LanguageModelV4Prompt): PromptText {
  const system: string[] = [];
  const user: string[] = [];
  let chars = 0;
  for (const message of prompt) {
    if (message.role === "system") {
      system.push(message.content);
      chars += message.content.length;
      continue;
    }
    const texts: string[] = [];
    for (const part of message.content) {
      if (part.type === "text" || part.type === "reasoning") texts.push(part.text);
    }
    const text = texts.join("\n");
    chars += text.length;
    if (message.role === "user") user.push(text);
  }
  return { system: system.join("\n\n"), user, chars };
}

/** Roughly four characters per token, as OpenAI's rule of thumb; deterministic. */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

export function usageFor(inputChars: number, outputText: string): LanguageModelV4Usage {
  const input = estimateTokens(inputChars);
  const output = estimateTokens(outputText.length);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

/**
 * Splits a text into stream deltas of a few words each; joining them gives the text back.
 * Any text of two or more characters gives at least two deltas.
 */
export function chunkText(text: string, wordsPerChunk = 3): string[] {
  const words = text.split(/(?<=\s)(?=\S)/);
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerChunk)
    chunks.push(words.slice(i, i + wordsPerChunk).join(""));
  if (chunks.length < 2 && text.length >= 2) {
    const mid = Math.ceil(text.length / 2);
    return [text.slice(0, mid), text.slice(mid)];
  }
  return chunks;
}

export interface OfflineReply {
  text: string;
  finishReason?: LanguageModelV4FinishReason;
  /** Shown under providerMetadata["gauntlet-offline"]; never contains the secret. */
  metadata?: Record<string, string | number | boolean | string[]>;
}

export interface OfflineModelOptions {
  /** Pause between streamed deltas, so a UI shows the answer arriving. 0 in tests. */
  chunkDelayMs?: number;
}

/**
 * A deterministic LanguageModelV4: subclasses compute one reply from the call options; this
 * class serves it through doGenerate and, in several text deltas, through doStream.
 */
export abstract class OfflineLanguageModel implements LanguageModelV4 {
  readonly specificationVersion = "v4" as const;
  readonly provider = OFFLINE_PROVIDER_ID;
  readonly supportedUrls: Record<string, RegExp[]> = {};
  abstract readonly modelId: string;
  private readonly chunkDelayMs: number;

  constructor(opts: OfflineModelOptions = {}) {
    this.chunkDelayMs = opts.chunkDelayMs ?? 0;
  }

  protected abstract reply(options: LanguageModelV4CallOptions, prompt: PromptText): OfflineReply;

  private run(options: LanguageModelV4CallOptions) {
    const prompt = readPrompt(options.prompt);
    const reply = this.reply(options, prompt);
    const finishReason = reply.finishReason ?? { unified: "stop" as const, raw: "stop" };
    const providerMetadata: SharedV4ProviderMetadata | undefined = reply.metadata
      ? { [OFFLINE_PROVIDER_ID]: reply.metadata }
      : undefined;
    return { reply, finishReason, usage: usageFor(prompt.chars, reply.text), providerMetadata };
  }

  doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    options.abortSignal?.throwIfAborted();
    const { reply, finishReason, usage, providerMetadata } = this.run(options);
    return Promise.resolve({
      content: [{ type: "text", text: reply.text }],
      finishReason,
      usage,
      ...(providerMetadata ? { providerMetadata } : {}),
      response: { modelId: this.modelId },
      warnings: [],
    });
  }

  doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    options.abortSignal?.throwIfAborted();
    const { reply, finishReason, usage, providerMetadata } = this.run(options);
    const parts: LanguageModelV4StreamPart[] = [
      { type: "stream-start", warnings: [] },
      { type: "response-metadata", modelId: this.modelId },
      { type: "text-start", id: "0" },
      ...chunkText(reply.text).map((delta): LanguageModelV4StreamPart => ({
        type: "text-delta",
        id: "0",
        delta,
      })),
      { type: "text-end", id: "0" },
      { type: "finish", finishReason, usage, ...(providerMetadata ? { providerMetadata } : {}) },
    ];
    const delay = this.chunkDelayMs;
    const signal = options.abortSignal;
    let index = 0;
    const stream = new ReadableStream<LanguageModelV4StreamPart>({
      async pull(controller) {
        const part = parts[index++];
        if (!part) return controller.close();
        if (delay > 0 && part.type === "text-delta" && index > 4) {
          try {
            await sleep(delay, signal);
          } catch (err) {
            return controller.error(err);
          }
        }
        controller.enqueue(part);
      },
    });
    return Promise.resolve({ stream });
  }
}
