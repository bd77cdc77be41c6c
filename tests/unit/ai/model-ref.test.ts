import { describe, expect, it } from "vitest";
import {
  formatModelRef,
  isOfflineRef,
  modelRefSchema,
  modelRefStringSchema,
  parseModelRef,
  safeParseModelRef,
  type ModelRef,
} from "@/lib/ai/model-ref";
import { AppError } from "@/lib/errors";

describe("model references", () => {
  it.each<{ ref: string; expected: ModelRef }>([
    { ref: "offline:level-1", expected: { kind: "offline", name: "level-1" } },
    { ref: "offline:level-6", expected: { kind: "offline", name: "level-6" } },
    { ref: "offline:judge", expected: { kind: "offline", name: "judge" } },
    { ref: "offline:defender", expected: { kind: "offline", name: "defender" } },
    { ref: "openai:gpt-4o-mini", expected: { kind: "openai", modelId: "gpt-4o-mini" } },
    { ref: "openai:llama3.1:8b", expected: { kind: "openai", modelId: "llama3.1:8b" } },
    { ref: "  openai:gpt-4o  ", expected: { kind: "openai", modelId: "gpt-4o" } },
    {
      ref: "provider:Local Ollama/meta-llama/Llama-3-8B",
      expected: { kind: "provider", providerName: "Local Ollama", modelId: "meta-llama/Llama-3-8B" },
    },
  ])("parses $ref", ({ ref, expected }) => {
    expect(parseModelRef(ref)).toEqual(expected);
    expect(modelRefSchema.parse(ref)).toEqual(expected);
    expect(formatModelRef(expected)).toBe(ref.trim());
  });

  it.each([
    { ref: "", message: /empty/ },
    { ref: "gpt-4o", message: /no kind/ },
    { ref: ":gpt-4o", message: /no kind/ },
    { ref: "offline:level-9", message: /Unknown offline model "level-9".*level-1.*defender.*judge/ },
    { ref: "offline:", message: /Unknown offline model/ },
    { ref: "openai:", message: /model id is empty/ },
    { ref: "openai:gpt 4o", message: /must not contain spaces/ },
    { ref: "openai:-bad", message: /may only contain/ },
    { ref: "provider:ollama", message: /expected provider:<providerName>\/<modelId>/ },
    { ref: "provider:/llama3", message: /provider name is empty/ },
    { ref: "provider:ollama/", message: /model id is empty/ },
    { ref: "anthropic:claude", message: /Unknown model kind "anthropic"/ },
    { ref: `openai:${"a".repeat(400)}`, message: /longer than 300/ },
  ])("rejects $ref", ({ ref, message }) => {
    const parsed = safeParseModelRef(ref);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error).toMatch(message);
    expect(() => parseModelRef(ref)).toThrow(AppError);
    try {
      parseModelRef(ref);
    } catch (err) {
      expect((err as AppError).code).toBe("validation_failed");
      expect((err as AppError).message).toMatch(message);
    }
    const zod = modelRefStringSchema.safeParse(ref);
    expect(zod.success).toBe(false);
    expect(zod.error?.issues[0]?.message).toMatch(message);
  });

  it("rejects non-strings", () => {
    expect(safeParseModelRef(42)).toEqual({ success: false, error: "Model reference must be a string" });
  });

  it.each([
    ["offline:level-2", true],
    ["offline:judge", true],
    ["openai:gpt-4o", false],
    ["offline:nope", false],
  ] as const)("isOfflineRef(%s) is %s", (ref, expected) => {
    expect(isOfflineRef(ref)).toBe(expected);
  });
});
