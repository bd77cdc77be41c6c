import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { generateText } from "ai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as providersCreate } from "@/app/console/api/llm-providers/route";
import { getModel, resetModelCacheForTests } from "@/lib/ai";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { outboundFetch } from "@/lib/http/outbound";
import { consoleActors, expect422, ORIGIN, type ConsoleActors } from "@/tests/helpers/console";
import { startOpenAIServer, type OpenAITestServer } from "@/tests/helpers/openai-server";
import { call } from "@/tests/helpers/route";
import { unique } from "@/tests/helpers/factories";
import { getWorkspaceModel } from "@/lib/services/llm-providers";

// A workspace provider must not make the server call loopback, private,
// link-local or metadata addresses (blind SSRF) unless the operator allows them.

const KEY = "sk-ssrf-probe-0123456789";
let server: OpenAITestServer;
let port: number;
let actors: ConsoleActors;

const withAllow = (value: string | undefined) => {
  if (value === undefined) delete process.env.OUTBOUND_ALLOW;
  else process.env.OUTBOUND_ALLOW = value;
  resetEnvForTests();
  resetModelCacheForTests();
};

beforeAll(async () => {
  // Not on the allow-list: the guard must keep every request away from it.
  server = await startOpenAIServer({ allowOutbound: false });
  port = Number(new URL(server.url).port);
  actors = await consoleActors();
});

afterAll(async () => {
  withAllow(undefined);
  await server.close();
});

afterEach(() => {
  withAllow(undefined);
  server.reset();
});

/** A provider row as it may exist from before the guard (saving now refuses these URLs). */
async function storedProvider(baseUrl: string): Promise<string> {
  const name = unique("p");
  await db.llmProvider.create({
    data: {
      workspaceId: actors.wsA.id,
      name,
      kind: "openai-compatible",
      baseUrl,
      apiKeyEncrypted: encryptSecret(KEY),
      models: ["m"],
    },
  });
  return name;
}

async function callProvider(name: string) {
  const model = await getWorkspaceModel(`provider:${name}/m`, actors.wsA.id);
  return generateText({ model, prompt: "ping", maxRetries: 0 });
}

const targets = () => [
  { label: "127.0.0.1", url: `http://127.0.0.1:${port}/v1` },
  { label: "10.x", url: "http://10.11.12.13:8080/v1" },
  { label: "169.254.169.254", url: "http://169.254.169.254/latest/v1" },
  { label: "[::1]", url: `http://[::1]:${port}/v1` },
  { label: "::ffff:127.0.0.1", url: `http://[::ffff:127.0.0.1]:${port}/v1` },
  { label: "0x7f.1 (decimal/hex forms)", url: `http://0x7f.1:${port}/v1` },
  { label: "localhost (a name resolving to loopback)", url: `http://localhost:${port}/v1` },
];

describe("outbound guard: model providers", () => {
  it("refuses to save a provider whose base_url is a forbidden literal address or localhost (422)", async () => {
    for (const { label, url } of targets()) {
      const res = await call(providersCreate, {
        body: { name: unique("p"), kind: "openai-compatible", base_url: url, api_key: KEY, models: ["m"] },
        cookie: actors.ownerA.cookie,
        headers: ORIGIN,
      });
      expect422(res, "OUTBOUND_ALLOW");
      expect(res.json.error.message, label).toMatch(/base_url: .* is not an allowed outbound target/);
    }
    expect(await db.llmProvider.count({ where: { workspaceId: actors.wsA.id } })).toBe(0);
  });

  it("refuses at request time, before any connection: the local server receives nothing", async () => {
    for (const { label, url } of targets()) {
      const name = await storedProvider(url);
      const err = await callProvider(name).then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(err, label).not.toBeNull();
      expect(err!.message, label).toMatch(/refused: it (is|resolves to) /);
      expect(err!.message).not.toContain(KEY);
    }
    expect(server.requests).toHaveLength(0);
  });

  it("works once OUTBOUND_ALLOW names the test server (host:port), and only that port", async () => {
    withAllow(`127.0.0.1:${port}`);
    const saved = await call(providersCreate, {
      body: { name: unique("ok"), kind: "openai-compatible", base_url: server.url, api_key: KEY, models: ["m"] },
      cookie: actors.ownerA.cookie,
      headers: ORIGIN,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(201);
    const result = await callProvider(String(saved.json.provider.name));
    expect(result.text).toContain("You said: ping");
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);

    // Another port on the same address stays refused.
    const other = await storedProvider(`http://127.0.0.1:${port + 1}/v1`);
    await expect(callProvider(other)).rejects.toThrow(/refused/);
    expect(server.requests).toHaveLength(1);
  });

  it("a host-name entry allows that name (localhost:<port>)", async () => {
    withAllow(`localhost:${port}`);
    const name = await storedProvider(`http://localhost:${port}/v1`);
    const result = await callProvider(name);
    expect(result.text).toContain("You said: ping");
  });
});

describe("outbound guard: the operator's OPENAI_BASE_URL", () => {
  afterEach(() => {
    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
    withAllow(undefined);
  });

  it("is trusted for the instance-wide model without OUTBOUND_ALLOW, but not lent to workspace providers", async () => {
    process.env.OPENAI_API_KEY = "sk-operator-0123456789";
    process.env.OPENAI_BASE_URL = server.url;
    withAllow(undefined);
    const model = await getModel("openai:gpt-test");
    const result = await generateText({ model, prompt: "ping", maxRetries: 0 });
    expect(result.text).toContain("You said: ping");
    expect(server.requests).toHaveLength(1);

    const name = await storedProvider(server.url);
    await expect(callProvider(name)).rejects.toThrow(/refused: it is a loopback address/);
    expect(server.requests).toHaveLength(1);
  });
});

describe("outbound guard: redirects", () => {
  let redirector: Server;
  let redirectorPort: number;

  beforeAll(async () => {
    // An allowed server that redirects to the (not allowed) model server.
    redirector = createServer((req, res) => {
      res.writeHead(307, { location: `http://127.0.0.1:${port}${req.url ?? "/"}` });
      res.end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve));
    redirectorPort = (redirector.address() as AddressInfo).port;
  });

  afterAll(async () => {
    redirector.closeAllConnections();
    await new Promise<void>((resolve) => redirector.close(() => resolve()));
  });

  it("a redirect to a forbidden target is refused and never reaches it", async () => {
    withAllow(`127.0.0.1:${redirectorPort}`);
    const guarded = outboundFetch();
    await expect(
      guarded(`http://127.0.0.1:${redirectorPort}/v1/chat/completions`, { method: "POST", body: "{}" }),
    ).rejects.toThrow(/127\.0\.0\.1 refused: it is a loopback address/);
    const name = await storedProvider(`http://127.0.0.1:${redirectorPort}/v1`);
    await expect(callProvider(name)).rejects.toThrow(/refused/);
    expect(server.requests).toHaveLength(0);

    // Allowing the target too makes the same redirect work.
    withAllow(`127.0.0.1:${redirectorPort},127.0.0.1:${port}`);
    const res = await guarded(`http://127.0.0.1:${redirectorPort}/v1/nothing`, { method: "GET" });
    expect(res.status).toBe(404);
    expect(server.requests).toHaveLength(1);
  });
});
