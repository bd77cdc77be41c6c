import { afterAll, beforeAll, beforeEach } from "vitest";
import { startOpenAIServer, type OpenAIServerOptions, type OpenAITestServer } from "./openai-server";

/**
 * A local OpenAI-compatible server for the suite it is called in: started before its tests, reset
 * before each, closed after them. The object returned is the server once the suite has started.
 */
export function openAIServerForSuite(opts: OpenAIServerOptions = {}): OpenAITestServer {
  const server = {} as OpenAITestServer;
  beforeAll(async () => {
    Object.assign(server, await startOpenAIServer(opts));
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());
  return server;
}
