import "server-only";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { NextRequest } from "next/server";
import { clientKey } from "@/lib/http/client-ip";
import { jsonTextDepth, MAX_JSON_DEPTH } from "@/lib/http/json-limits";
import { log } from "@/lib/log";
import { arenaMcpServer, type McpEndpoint } from "@/lib/services/arena/mcp";
import { readCappedText } from "@/lib/http/read-capped";

// The arena's MCP endpoints over Streamable HTTP (docs/arena-protocol.md "MCP"), stateless: each POST
// gets a fresh server and transport (no session id), so any instance can answer any request.
// Bodies are capped at 64 KiB and 64 levels before parsing, as in lib/api/arena-route.ts; the
// session key of auth mode is the request's `Authorization: Bearer` header. GET (the optional
// server-to-client stream) and DELETE (sessions) have nothing to serve: 405.

const MAX_BODY_BYTES = 64 * 1024;

/** A JSON-RPC error answer, as the SDK's transport writes its own. */
const rpcError = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store", ...headers },
  });

const tooLarge = () => rpcError(413, -32000, `Request body is larger than ${MAX_BODY_BYTES} bytes`);

class BodyTooLarge extends Error {}

/** The body as parsed JSON, or the error answer. */
async function readBody(req: Request): Promise<{ value: unknown } | { error: Response }> {
  if (Number(req.headers.get("content-length") ?? "0") > MAX_BODY_BYTES) return { error: tooLarge() };
  let text: string;
  try {
    text = await readCappedText(
      req,
      MAX_BODY_BYTES,
      () => new BodyTooLarge(),
      () => new Error("unreadable"),
    );
  } catch (err) {
    return err instanceof BodyTooLarge
      ? { error: tooLarge() }
      : { error: rpcError(400, -32700, "Parse error: the request body could not be read") };
  }
  if (jsonTextDepth(text, MAX_JSON_DEPTH + 1) > MAX_JSON_DEPTH) {
    return { error: rpcError(400, -32700, "Parse error: Invalid JSON") };
  }
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return { error: rpcError(400, -32700, "Parse error: Invalid JSON") };
  }
}

function bearerOf(req: Request): string | undefined {
  const auth = req.headers.get("authorization");
  const key = auth ? /^Bearer\s+(.+)$/i.exec(auth.trim())?.[1]?.trim() : undefined;
  return key || undefined;
}

/** The route handlers of one MCP endpoint. */
export function arenaMcpRoute(endpoint: McpEndpoint) {
  async function POST(req: NextRequest): Promise<Response> {
    const body = await readBody(req);
    if ("error" in body) return body.error;
    const server = arenaMcpServer(endpoint, { key: bearerOf(req), clientKey: clientKey(req.headers) });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: MAX_BODY_BYTES,
    });
    try {
      await server.connect(transport);
      return await transport.handleRequest(req, { parsedBody: body.value });
    } catch (err) {
      log.error("arena mcp request failed", {
        endpoint,
        error: err instanceof Error ? err.message : String(err),
      });
      return rpcError(500, -32603, "Internal server error");
    } finally {
      // JSON responses are complete when handleRequest resolves: nothing is left to stream.
      await server.close().catch(() => undefined);
    }
  }
  const notAllowed = () => rpcError(405, -32000, "Method not allowed.", { allow: "POST" });
  return { POST, GET: notAllowed, DELETE: notAllowed };
}
