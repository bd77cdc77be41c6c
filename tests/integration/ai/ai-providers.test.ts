import { generateText, streamText } from "ai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { startOpenAIServer, type OpenAITestServer } from "@/tests/helpers/openai-server";
import { getWorkspaceModel } from "@/lib/services/llm-providers";

const KEY = "sk-workspace-a-0123456789";
let server: OpenAITestServer;
let workspaceA: string;
let workspaceB: string;

beforeAll(async () => {
  server = await startOpenAIServer();
  const suffix = Date.now().toString(36);
  workspaceA = (await db.workspace.create({ data: { name: "A", slug: `ai-a-${suffix}` } })).id;
  workspaceB = (await db.workspace.create({ data: { name: "B", slug: `ai-b-${suffix}` } })).id;
  await db.llmProvider.create({
    data: {
      workspaceId: workspaceA,
      name: "local",
      kind: "openai-compatible",
      baseUrl: server.url,
      apiKeyEncrypted: encryptSecret(KEY),
      models: ["llama3.1:8b"],
    },
  });
  await db.llmProvider.create({
    data: {
      workspaceId: workspaceA,
      name: "keyless",
      kind: "openai-compatible",
      baseUrl: server.url,
      models: [],
    },
  });
  await db.llmProvider.create({
    data: {
      workspaceId: workspaceA,
      name: "hosted",
      kind: "openai",
      baseUrl: server.url,
      apiKeyEncrypted: encryptSecret(KEY),
      models: ["gpt-test"],
    },
  });
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => server.reset());

describe("workspace LLM providers", () => {
  it("provider:<name>/<model> reaches the provider's server with the decrypted key (chat completions)", async () => {
    const model = await getWorkspaceModel("provider:local/llama3.1:8b", workspaceA);
    const result = await generateText({ model, prompt: "Hello provider", maxRetries: 0 });
    expect(result.text).toContain("You said: Hello provider");
    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.path).toBe("/v1/chat/completions");
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.body).toMatchObject({ model: "llama3.1:8b" });
  });

  it("streams through a workspace provider", async () => {
    const model = await getWorkspaceModel("provider:local/llama3.1:8b", workspaceA);
    const result = streamText({ model, prompt: "Stream please", maxRetries: 0 });
    const chunks: string[] = [];
    for await (const chunk of result.textStream) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    expect(chunks.join("")).toContain("You said: Stream please");
  });

  it("an openai-kind provider uses the Responses API", async () => {
    const model = await getWorkspaceModel("provider:hosted/gpt-test", workspaceA);
    await generateText({ model, prompt: "hi", maxRetries: 0 });
    expect(server.requests[0]?.path).toBe("/v1/responses");
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it("a provider without a key sends no Authorization header", async () => {
    const model = await getWorkspaceModel("provider:keyless/llama3", workspaceA);
    await generateText({ model, prompt: "hi", maxRetries: 0 });
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it.each([
    { name: "from another workspace", ref: "provider:local/llama3.1:8b", workspace: () => workspaceB },
    { name: "with an unknown name", ref: "provider:nope/llama3", workspace: () => workspaceA },
  ])("is not found $name", async ({ ref, workspace }) => {
    const err: unknown = await getWorkspaceModel(ref, workspace()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("not_found");
    expect((err as AppError).message).toBe("LLM provider not found");
    expect(server.requests).toHaveLength(0);
  });

  it("picks up a changed key", async () => {
    const newKey = "sk-rotated-0123456789";
    await db.llmProvider.update({
      where: { workspaceId_name: { workspaceId: workspaceA, name: "local" } },
      data: { apiKeyEncrypted: encryptSecret(newKey) },
    });
    const model = await getWorkspaceModel("provider:local/llama3.1:8b", workspaceA);
    await generateText({ model, prompt: "hi", maxRetries: 0 });
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${newKey}`);
  });
});
