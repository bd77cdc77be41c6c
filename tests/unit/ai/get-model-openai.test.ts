import { generateText, streamText, APICallError } from "ai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultModelRef, fromModelError, getModel, resetModelCacheForTests } from "@/lib/ai";
import { AppError } from "@/lib/errors";
import { resetEnvForTests } from "@/lib/env";
import {
  countTokens,
  defaultReply,
  startOpenAIServer,
  type OpenAITestServer,
} from "@/tests/helpers/openai-server";

const KEY = "sk-test-unit-0123456789";
let server: OpenAITestServer;

function setEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvForTests();
  resetModelCacheForTests();
}

beforeAll(async () => {
  server = await startOpenAIServer();
});
afterAll(async () => {
  setEnv({
    OPENAI_API_KEY: undefined,
    OPENAI_BASE_URL: undefined,
    OPENAI_API_MODE: undefined,
    OPENAI_MODEL: undefined,
  });
  await server.close();
});
beforeEach(() => {
  server.reset();
  setEnv({
    OPENAI_API_KEY: KEY,
    OPENAI_BASE_URL: server.url,
    OPENAI_API_MODE: undefined,
    OPENAI_MODEL: undefined,
  });
});

const modes = [
  {
    name: "chat completions (OPENAI_BASE_URL set)",
    apiMode: undefined,
    path: "/v1/chat/completions",
    api: "chat",
  },
  {
    name: "chat completions (OPENAI_API_MODE=chat)",
    apiMode: "chat",
    path: "/v1/chat/completions",
    api: "chat",
  },
  {
    name: "responses (OPENAI_API_MODE=responses)",
    apiMode: "responses",
    path: "/v1/responses",
    api: "responses",
  },
] as const;

const instructions = "You are terse.";
const prompt = "Say hello to the tests please";

describe.each(modes)("getModel('openai:…') over HTTP, $name", ({ apiMode, path, api }) => {
  beforeEach(() => setEnv({ OPENAI_API_MODE: apiMode }));

  const expectedText = defaultReply({
    api,
    model: "gpt-test",
    stream: false,
    messages: [
      { role: "system", text: instructions },
      { role: "user", text: prompt },
    ],
  });
  const inputTokens = countTokens(instructions) + countTokens(prompt);

  it("generateText returns the server's text and usage, sending the key", async () => {
    const model = await getModel("openai:gpt-test");
    const result = await generateText({ model, instructions, prompt, maxRetries: 0 });
    expect(result.text).toBe(expectedText);
    expect(result.usage.inputTokens).toBe(inputTokens);
    expect(result.usage.outputTokens).toBe(countTokens(expectedText));
    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe(path);
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.body).toMatchObject({ model: "gpt-test" });
    expect((req.body as { stream?: boolean }).stream).not.toBe(true);
  });

  it("streamText delivers the text in several chunks with usage", async () => {
    const model = await getModel("openai:gpt-test");
    const result = streamText({ model, instructions, prompt, maxRetries: 0 });
    const chunks: string[] = [];
    for await (const chunk of result.textStream) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    expect(chunks.join("")).toBe(expectedText);
    const usage = await result.usage;
    expect(usage.inputTokens).toBe(inputTokens);
    expect(usage.outputTokens).toBe(countTokens(expectedText));
    const req = server.requests[0]!;
    expect(req.path).toBe(path);
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.body).toMatchObject({ model: "gpt-test", stream: true });
  });

  it.each([500, 429])("an HTTP %i surfaces as an error", async (status) => {
    server.failNext(1, { status, message: `upstream says ${status}` });
    const model = await getModel("openai:gpt-test");
    const err: unknown = await generateText({ model, prompt, maxRetries: 0 }).catch((e: unknown) => e);
    expect(APICallError.isInstance(err)).toBe(true);
    expect((err as APICallError).statusCode).toBe(status);
    const appError = fromModelError(err);
    expect(appError.code).toBe("upstream_error");
    expect(appError.message).toContain(`HTTP ${status}`);
    expect(appError.message).toContain(`upstream says ${status}`);
    expect(appError.message).not.toContain(KEY);
  });

  it("an HTTP error while streaming reaches the caller", async () => {
    server.failNext(1, { status: 500 });
    const model = await getModel("openai:gpt-test");
    const errors: unknown[] = [];
    const result = streamText({
      model,
      prompt,
      maxRetries: 0,
      onError: ({ error }) => void errors.push(error),
    });
    await expect(result.text).rejects.toThrow();
    expect(errors.length).toBeGreaterThanOrEqual(1);
  });

  it("retries a 429 and succeeds when the SDK is allowed to retry", async () => {
    server.failNext(1, { status: 429 });
    const model = await getModel("openai:gpt-test");
    const result = await generateText({ model, instructions, prompt, maxRetries: 1 });
    expect(result.text).toBe(expectedText);
    expect(server.requests).toHaveLength(2);
  });
});

describe("openai configuration", () => {
  it("without OPENAI_API_KEY, openai: refs fail with a clear unavailable error", async () => {
    setEnv({ OPENAI_API_KEY: undefined });
    const err: unknown = await getModel("openai:gpt-4o-mini").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("unavailable");
    expect((err as AppError).message).toMatch(/OPENAI_API_KEY/);
    expect((err as AppError).message).toMatch(/offline/);
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    { key: KEY, model: undefined, expected: "openai:gpt-4o-mini" },
    { key: KEY, model: "gpt-4.1-nano", expected: "openai:gpt-4.1-nano" },
    { key: undefined, model: undefined, expected: "offline:level-1" },
    { key: "  ", model: undefined, expected: "offline:level-1" },
  ])("defaultModelRef() with key=$key model=$model is $expected", ({ key, model, expected }) => {
    setEnv({ OPENAI_API_KEY: key, OPENAI_MODEL: model });
    expect(defaultModelRef()).toBe(expected);
  });

  it("malformed refs are rejected before any request", async () => {
    await expect(getModel("openai")).rejects.toMatchObject({ code: "validation_failed" });
    await expect(getModel("offline:level-42")).rejects.toMatchObject({ code: "validation_failed" });
    expect(server.requests).toHaveLength(0);
  });

  it("provider: refs need a workspace", async () => {
    await expect(getModel("provider:local/llama3")).rejects.toMatchObject({ code: "validation_failed" });
  });

  it("a changed key reaches the server after the environment changes", async () => {
    setEnv({ OPENAI_API_KEY: "sk-second-key" });
    const model = await getModel("openai:gpt-test");
    await generateText({ model, prompt, maxRetries: 0 });
    expect(server.requests[0]?.headers.authorization).toBe("Bearer sk-second-key");
  });
});
