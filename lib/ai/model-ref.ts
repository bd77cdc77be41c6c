import { z } from "zod";
import { AppError } from "@/lib/errors";
import { OFFLINE_MODEL_NAMES, type OfflineModelName } from "@/lib/ai/offline/levels";

// Client-safe: the editor validates model references with the same schema the server uses.
//
//   offline:<name>                   built-in offline model: level-1 … level-6, defender, or judge
//   openai:<modelId>                 the instance-wide OpenAI(-compatible) endpoint from env
//   provider:<providerName>/<modelId>  a provider registered in the caller's workspace

export type ModelRef =
  | { kind: "offline"; name: OfflineModelName }
  | { kind: "openai"; modelId: string }
  | { kind: "provider"; providerName: string; modelId: string };

const MAX_REF_LENGTH = 300;
// Model ids may contain "/", ":" and "." (e.g. "meta-llama/Llama-3-8B", "llama3.1:8b").
const MODEL_ID = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/;
const PROVIDER_NAME = /^[^/\s](?:[^/]*[^/\s])?$/;

const offlineNames = OFFLINE_MODEL_NAMES as readonly string[];

function describeModelIdProblem(modelId: string): string | undefined {
  if (modelId === "") return "the model id is empty";
  if (/\s/.test(modelId)) return "the model id must not contain spaces";
  if (!MODEL_ID.test(modelId)) {
    return "the model id may only contain letters, digits and . _ : / @ + - (starting with a letter or digit)";
  }
  return undefined;
}

/** Parses a model reference, returning a message that says what is wrong instead of throwing. */
export function safeParseModelRef(
  input: unknown,
): { success: true; data: ModelRef } | { success: false; error: string } {
  const fail = (error: string) => ({ success: false as const, error });
  if (typeof input !== "string") return fail("Model reference must be a string");
  const ref = input.trim();
  if (ref === "") return fail("Model reference is empty");
  if (ref.length > MAX_REF_LENGTH) return fail(`Model reference is longer than ${MAX_REF_LENGTH} characters`);
  const colon = ref.indexOf(":");
  if (colon <= 0) {
    return fail(
      `Model reference "${ref}" has no kind: use offline:<level>, openai:<model> or provider:<name>/<model>`,
    );
  }
  const kind = ref.slice(0, colon);
  const rest = ref.slice(colon + 1);
  switch (kind) {
    case "offline": {
      if (!offlineNames.includes(rest)) {
        return fail(`Unknown offline model "${rest}": expected one of ${offlineNames.join(", ")}`);
      }
      return { success: true, data: { kind: "offline", name: rest as OfflineModelName } };
    }
    case "openai": {
      const problem = describeModelIdProblem(rest);
      if (problem) return fail(`Invalid model reference "${ref}": ${problem} (expected openai:<model>)`);
      return { success: true, data: { kind: "openai", modelId: rest } };
    }
    case "provider": {
      const slash = rest.indexOf("/");
      if (slash < 0)
        return fail(`Invalid model reference "${ref}": expected provider:<providerName>/<modelId>`);
      const providerName = rest.slice(0, slash);
      const modelId = rest.slice(slash + 1);
      if (providerName === "") return fail(`Invalid model reference "${ref}": the provider name is empty`);
      if (!PROVIDER_NAME.test(providerName)) {
        return fail(`Invalid model reference "${ref}": the provider name must not start or end with a space`);
      }
      const problem = describeModelIdProblem(modelId);
      if (problem) return fail(`Invalid model reference "${ref}": ${problem}`);
      return { success: true, data: { kind: "provider", providerName, modelId } };
    }
    default:
      return fail(`Unknown model kind "${kind}" in "${ref}": expected offline, openai or provider`);
  }
}

/** A model reference string, validated and kept as a string (for configs and forms). */
export const modelRefStringSchema = z.string().superRefine((value, ctx) => {
  const parsed = safeParseModelRef(value);
  if (!parsed.success) ctx.addIssue({ code: "custom", message: parsed.error });
});

/** A model reference string parsed into its parts. */
export const modelRefSchema = z.string().transform((value, ctx): ModelRef => {
  const parsed = safeParseModelRef(value);
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: "custom", message: parsed.error });
  return z.NEVER;
});

/** Parses a model reference; throws AppError("validation_failed") with a clear message. */
export function parseModelRef(input: string): ModelRef {
  const parsed = safeParseModelRef(input);
  if (!parsed.success) throw new AppError("validation_failed", parsed.error);
  return parsed.data;
}

export function formatModelRef(ref: ModelRef): string {
  switch (ref.kind) {
    case "offline":
      return `offline:${ref.name}`;
    case "openai":
      return `openai:${ref.modelId}`;
    case "provider":
      return `provider:${ref.providerName}/${ref.modelId}`;
  }
}

export function isOfflineRef(ref: string): boolean {
  const parsed = safeParseModelRef(ref);
  return parsed.success && parsed.data.kind === "offline";
}
