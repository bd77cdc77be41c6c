import "server-only";
import { createHash } from "node:crypto";
import { createOpenAI, type OpenAIProvider } from "@ai-sdk/openai";
import { APICallError, type LanguageModelV4 } from "@ai-sdk/provider";
import { parseModelRef, type ModelRef } from "@/lib/ai/model-ref";
import { OFFLINE_PROVIDER_ID, type OfflineModelOptions } from "@/lib/ai/offline/base-model";
import { DefenderModel } from "@/lib/ai/offline/defender";
import { JudgeModel } from "@/lib/ai/offline/judge";
import type { OfflineModelName } from "@/lib/ai/offline/levels";
import { PracticeModel } from "@/lib/ai/offline/practice-model";
import { decryptSecret } from "@/lib/crypto";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { OutboundRefusedError, outboundFetch, trustEntryForUrl } from "@/lib/http/outbound";
import { log } from "@/lib/log";

// The one seam between the app and language models. Everything that calls a model gets it
// from getModel(ref): real providers over HTTP, or the offline practice model and judge.

export {
  formatModelRef,
  isOfflineRef,
  parseModelRef,
  safeParseModelRef,
  type ModelRef,
} from "@/lib/ai/model-ref";
export { fromModelError } from "@/lib/ai/errors";
export { OFFLINE_PROVIDER_ID };

const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

/** A workspace's LLM provider as a model needs it (the key still encrypted). */
export interface ProviderConnection {
  id: string;
  workspaceId: string;
  name: string;
  kind: string;
  baseUrl: string | null;
  apiKeyEncrypted: string | null;
}

/** Finds a workspace's provider by name (lib/services/llm-providers.ts); the AI seam reads no storage. */
export type ProviderLookup = (workspaceId: string, name: string) => Promise<ProviderConnection | null>;

export interface GetModelOptions {
  /** Required for provider: references; the provider is looked up in this workspace only. */
  workspaceId?: string;
  /** Required for provider: references (lib/services/llm-providers.ts getWorkspaceModel passes it). */
  findProvider?: ProviderLookup;
}

/** A small LRU, so rotating keys or many workspaces cannot grow it without bound. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
  }
  clear(): void {
    this.map.clear();
  }
}

// Cache keys hold a hash of the key material, never the key itself.
const providers = new Lru<OpenAIProvider>(64);
const fingerprint = (value: string) => createHash("sha256").update(value).digest("base64url").slice(0, 22);

/** Drops cached provider instances (tests change the environment between cases). */
export function resetModelCacheForTests(): void {
  providers.clear();
}

// Model calls go through the outbound guard (lib/http/outbound.ts). A refused target is a
// model failure that is not retried (retrying cannot change the verdict).
function guardedModelFetch(trust: string[], withoutAuthorization: boolean): typeof fetch {
  const guarded = outboundFetch({ trust });
  return async (input, init) => {
    let args = init;
    if (withoutAuthorization) {
      // Keyless OpenAI-compatible servers (Ollama, llama.cpp) get no Authorization header.
      const headers = new Headers(init?.headers);
      headers.delete("authorization");
      args = { ...init, headers };
    }
    try {
      return await guarded(input, args);
    } catch (err) {
      if (!(err instanceof OutboundRefusedError)) throw err;
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      throw new APICallError({ message: err.message, url, requestBodyValues: {}, isRetryable: false, cause: err });
    }
  };
}

function openAIProvider(
  cacheKey: string,
  baseURL: string,
  apiKey: () => string | undefined,
  trust: string[] = [],
): OpenAIProvider {
  const cached = providers.get(`${cacheKey}|${baseURL}`);
  if (cached) return cached;
  const key = apiKey();
  // baseURL and apiKey are always explicit: createOpenAI would otherwise fall back to
  // process.env and could send one workspace's key to the instance's own endpoint.
  const provider = createOpenAI({ baseURL, apiKey: key ?? "", fetch: guardedModelFetch(trust, !key) });
  providers.set(`${cacheKey}|${baseURL}`, provider);
  return provider;
}

function offlineModel(name: OfflineModelName): LanguageModelV4 {
  // A short pause between streamed chunks lets a page show the answer arriving; tests skip it.
  const opts: OfflineModelOptions = {
    chunkDelayMs: env.OFFLINE_CHUNK_DELAY_MS ?? (env.NODE_ENV === "test" ? 0 : 30),
  };
  if (name === "judge") return new JudgeModel(opts);
  if (name === "defender") return new DefenderModel(opts);
  return new PracticeModel(name, opts);
}

function envModel(modelId: string): LanguageModelV4 {
  const apiKey = env.OPENAI_API_KEY;
  if (!apiKey) {
    throw new AppError(
      "unavailable",
      "OpenAI models are not configured: set OPENAI_API_KEY (and OPENAI_BASE_URL for an " +
        "OpenAI-compatible server), or use the offline practice model (offline:level-1).",
    );
  }
  const baseURL = env.OPENAI_BASE_URL ?? OPENAI_DEFAULT_BASE_URL;
  // OPENAI_BASE_URL is operator configuration: its own host:port is trusted for this endpoint
  // (not for workspace providers, which need OUTBOUND_ALLOW for internal targets).
  const provider = openAIProvider(`env:${fingerprint(apiKey)}`, baseURL, () => apiKey, [trustEntryForUrl(baseURL)]);
  // OpenAI-compatible servers speak chat completions; OpenAI itself gets the Responses API.
  const chat = env.OPENAI_API_MODE ? env.OPENAI_API_MODE === "chat" : env.OPENAI_BASE_URL !== undefined;
  return chat ? provider.chat(modelId) : provider.responses(modelId);
}

/**
 * The model of a workspace provider, from its row as loaded by lib/services/llm-providers.ts.
 * Throws AppError validation_failed (unsupported kind, openai without a key) or secret_unreadable
 * (the stored key cannot be decrypted: another ENCRYPTION_KEY encrypted it).
 */
export function providerModel(provider: ProviderConnection, modelId: string): LanguageModelV4 {
  if (provider.kind !== "openai" && provider.kind !== "openai-compatible") {
    throw new AppError(
      "validation_failed",
      `LLM provider "${provider.name}" has an unsupported kind "${provider.kind}"`,
    );
  }
  const cipher = provider.apiKeyEncrypted;
  if (!cipher && provider.kind === "openai") {
    throw new AppError("validation_failed", `LLM provider "${provider.name}" has no API key`);
  }
  const baseURL = provider.baseUrl?.trim() || OPENAI_DEFAULT_BASE_URL;
  // The ciphertext changes with every key change, so an edited provider gets a fresh instance;
  // the key is decrypted only when an instance is made.
  const cacheKey = `ws:${provider.id}:${provider.kind}:${fingerprint(cipher ?? "")}`;
  const instance = openAIProvider(cacheKey, baseURL, () => {
    if (!cipher) return undefined;
    try {
      return decryptSecret(cipher);
    } catch (err) {
      const { id: providerId, workspaceId } = provider;
      log.error("llm provider key could not be decrypted", { providerId, workspaceId });
      throw new AppError(
        "secret_unreadable",
        `The API key of LLM provider "${provider.name}" cannot be decrypted: this server's ENCRYPTION_KEY ` +
          "differs from the key that encrypted it. Give every instance the same ENCRYPTION_KEY, or enter the key again in the console.",
        { cause: err },
      );
    }
  });
  return provider.kind === "openai-compatible" ? instance.chat(modelId) : instance.responses(modelId);
}

async function workspaceModel(
  ref: Extract<ModelRef, { kind: "provider" }>,
  { workspaceId, findProvider }: GetModelOptions,
): Promise<LanguageModelV4> {
  if (!workspaceId || !findProvider) {
    throw new AppError("validation_failed", "provider: model references need a workspace");
  }
  const provider = await findProvider(workspaceId, ref.providerName);
  if (!provider) throw new AppError("not_found", "LLM provider not found");
  return providerModel(provider, ref.modelId);
}

/**
 * Resolves a model reference (see model-ref.ts) to an AI SDK language model.
 * Throws AppError: validation_failed (malformed ref), unavailable (openai: without a key),
 * not_found (provider: unknown in this workspace).
 */
export async function getModel(ref: string, opts: GetModelOptions = {}): Promise<LanguageModelV4> {
  const parsed = parseModelRef(ref);
  switch (parsed.kind) {
    case "offline":
      return offlineModel(parsed.name);
    case "openai":
      return envModel(parsed.modelId);
    case "provider":
      return workspaceModel(parsed, opts);
  }
}

/** The model used when a challenge names none: OpenAI when a key is set, else offline level 1. */
export function defaultModelRef(): string {
  return env.OPENAI_API_KEY ? `openai:${env.OPENAI_MODEL}` : "offline:level-1";
}

/** True for the built-in offline models, so pages can label them as simulators. */
export function isOfflineModel(model: LanguageModelV4): boolean {
  return model.provider === OFFLINE_PROVIDER_ID;
}
