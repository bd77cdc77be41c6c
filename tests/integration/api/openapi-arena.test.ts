// A client generated from the OpenAPI document must be able to call the arena: for every arena
// operation this builds a request from the document alone (path and required query parameters,
// the body, each from the documented example values; the Accept header from the documented
// success media types), sends it to the real handler, and checks that the answer's status is one
// the operation lists (no `default` catch-all), that its JSON matches the documented schema, that
// a documented 200 is never a 405, and that the request was not refused for a missing field the
// document did not ask for. Runs in auth mode (the default) and standalone mode.
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installPeerAddressHook, PEER_ADDRESS_HEADER } from "@/lib/http/peer-address";
import { openApiDocument } from "@/lib/openapi/document";
import { ROUTES } from "@/lib/openapi/routes";
import { setArenaMode } from "@/tests/helpers/arena";
import { ajv, validatorFor, type Schema } from "@/tests/helpers/openapi-schemas";
import { freshIp } from "@/tests/helpers/route";

type Operation = {
  tags?: string[];
  parameters?: Schema[];
  requestBody?: { content: Record<string, { schema?: Schema; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

const ROOT = resolve(import.meta.dirname, "../../..");
const doc = openApiDocument() as { paths: Record<string, Record<string, Operation>> };

const arenaOperations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, op]) => op.tags?.includes("arena"))
    .map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
);

const exampleOf = (p: Schema): unknown => p.example ?? p.schema?.examples?.[0] ?? p.schema?.default;

function requestFromDocument(path: string, method: string, op: Operation) {
  const params: Record<string, string> = {};
  let concrete = path;
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    if (p.in === "path") {
      const value = String(exampleOf(p));
      params[p.name as string] = value;
      concrete = concrete.replace(`{${p.name as string}}`, encodeURIComponent(value));
    } else if (p.in === "query" && p.required) {
      query.set(p.name as string, String(exampleOf(p)));
    }
  }
  const headers = new Headers();
  const success = Object.entries(op.responses).find(([status]) => status.startsWith("2"))?.[1];
  const accept = Object.keys(success?.content ?? {});
  if (accept.length) headers.set("accept", accept.join(", "));
  let body: string | undefined;
  const json = op.requestBody?.content["application/json"];
  if (json) {
    body = JSON.stringify(json.example ?? {});
    headers.set("content-type", "application/json");
  }
  const ip = freshIp();
  installPeerAddressHook();
  headers.set(PEER_ADDRESS_HEADER, ip);
  const qs = query.toString();
  const req = new NextRequest(new URL(`${concrete}${qs ? `?${qs}` : ""}`, "http://localhost:3000"), {
    method,
    headers,
    body,
  });
  return { req, params };
}

/** The response: its JSON, or for a stream only that it is one (the stream is closed unread). */
async function answer(res: Response): Promise<{ status: number; type: string; json: unknown }> {
  const type = res.headers.get("content-type") ?? "";
  if (type.startsWith("text/event-stream")) {
    await res.body?.cancel();
    return { status: res.status, type, json: undefined };
  }
  const text = await res.text();
  return { status: res.status, type, json: text ? (JSON.parse(text) as unknown) : undefined };
}

const handlers = new Map<string, Record<string, unknown>>();
beforeAll(async () => {
  for (const entry of ROUTES) {
    if (!arenaOperations.some((o) => o.path === entry.path)) continue;
    handlers.set(
      entry.path,
      (await import(pathToFileURL(join(ROOT, entry.file)).href)) as Record<string, unknown>,
    );
  }
});
afterAll(() => setArenaMode("auth"));

describe("the arena in the OpenAPI document", () => {
  it("covers every arena route under both prefixes, each with its statuses listed", () => {
    const paths = new Set(arenaOperations.map((o) => o.path));
    for (const p of [
      "/api/v1/chat/sync",
      "/api/chat/sync",
      "/api/v1/arena/join",
      "/api/arena/mcp",
      "/health",
    ]) {
      expect(paths).toContain(p);
    }
    expect(arenaOperations.length).toBeGreaterThanOrEqual(45);
    for (const { path, method, op } of arenaOperations) {
      expect(Object.keys(op.responses), `${method} ${path}`).not.toContain("default");
      expect(Object.keys(op.responses).length, `${method} ${path}`).toBeGreaterThan(0);
    }
  });

  it("documents what the handlers require: the sync channel, the join invite, the message's fields", () => {
    const required = (path: string): string[] =>
      (doc.paths[path]!.get!.parameters ?? [])
        .filter((p) => p.required && p.in === "query")
        .map((p) => String(p.name));
    const body = (path: string) => doc.paths[path]!.post!.requestBody!.content["application/json"]!.schema!;
    for (const prefix of ["/api", "/api/v1"]) {
      expect(required(`${prefix}/chat/sync`)).toEqual(["channel"]);
      expect(required(`${prefix}/arena/sync`)).toEqual(["channel"]);
      expect(required(`${prefix}/users/batch`)).toEqual(["ids"]);
      expect(body(`${prefix}/arena/join`).required).toEqual(["invite"]);
      expect(body(`${prefix}/arena/message`).required).toEqual(["challengeId", "messageType", "content"]);
      expect(body(`${prefix}/chat/send`).required).toEqual(["channel", "content"]);
      expect(Object.keys(doc.paths[`${prefix}/arena/mcp`]!.get!.responses)).toEqual(["405"]);
    }
  });

  for (const mode of ["auth", "standalone"] as const) {
    it(`every operation, called with a request built from the document, answers a documented status (${mode} mode)`, async () => {
      setArenaMode(mode);
      const findings: string[] = [];
      for (const { path, method, op } of arenaOperations) {
        const handler = handlers.get(path)?.[method] as Handler | undefined;
        if (!handler) {
          findings.push(`${method} ${path}: no handler`);
          continue;
        }
        const { req, params } = requestFromDocument(path, method, op);
        const res = await answer(await handler(req, { params: Promise.resolve(params) }));
        const where = `${method} ${path} → ${res.status} ${JSON.stringify(res.json) ?? res.type}`;
        const documented = op.responses[String(res.status)];
        if (!documented) {
          findings.push(`${where}: status not documented (${Object.keys(op.responses).join(", ")})`);
          continue;
        }
        if (res.status === 405 && op.responses["200"]) findings.push(`${where}: documented 200, answers 405`);
        const error = (res.json as { error?: unknown } | undefined)?.error;
        // In auth mode a write without a session key is refused with the reference's `from is
        // required` plus how to get a key: the identity the security schemes document, not a field.
        const missingIdentity =
          mode === "auth" && typeof error === "string" && error.startsWith("from is required:");
        if (
          res.status === 400 &&
          typeof error === "string" &&
          /\bis required|are required/.test(error) &&
          !missingIdentity
        ) {
          findings.push(`${where}: refused for a field the document does not require`);
        }
        const schema = documented.content?.["application/json"]?.schema;
        if (res.json !== undefined) {
          if (!schema) findings.push(`${where}: JSON answered, none documented`);
          else if (!validatorFor(schema)(res.json)) {
            findings.push(`${where}: ${ajv.errorsText(validatorFor(schema).errors)}`);
          }
        } else if (res.type && !Object.keys(documented.content ?? {}).some((m) => res.type.startsWith(m))) {
          findings.push(`${where}: content-type ${res.type} not documented`);
        }
      }
      expect(findings).toEqual([]);
    });
  }
});
