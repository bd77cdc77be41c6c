import "server-only";
import { z, type ZodType } from "zod";
import {
  HTTP_METHODS,
  requiredScope,
  type HttpMethod as Method,
  type Operation,
} from "@/lib/contracts/operation";
import { sessionCookieName } from "@/lib/auth/session";
import { errorStatus } from "@/lib/errors";
import { ARENA_SCHEMAS, ARENA_SECURITY_SCHEMES, arenaDocOf, isArenaPath } from "@/lib/openapi/arena";
import { PLAIN_SUMMARIES } from "@/lib/openapi/plain-summaries";
import { benchOnlyOperations } from "@/lib/contracts/bench";
import { ROUTES } from "@/lib/openapi/routes";
import { webhooksDocument } from "@/lib/openapi/webhooks";

// The OpenAPI 3.1 document of every JSON route handler, generated from the operation contracts the
// handlers are built from (lib/contracts: the zod schemas they parse with and doc.response).
// z.toJSONSchema emits JSON Schema 2020-12, which is OpenAPI 3.1's schema dialect.

export { HTTP_METHODS };
type JsonSchema = Record<string, unknown>;

export const OPENAPI_PATH = "/api/openapi.json";

function toSchema(schema: ZodType, io: "input" | "output"): JsonSchema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  delete out.$schema;
  return out;
}

const errorRef = { $ref: "#/components/schemas/Error" };
const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: errorRef } },
});

function parametersOf(schema: ZodType | undefined, where: "path" | "query"): Record<string, unknown>[] {
  if (!schema) return [];
  const json = toSchema(schema, "input");
  const props = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: where,
    required: where === "path" ? true : required.has(name),
    schema: s,
  }));
}

function pathParamsOf(path: string): Record<string, unknown>[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
}

function operationId(method: Method, path: string): string {
  const words = path
    .replace(/[{}]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1)));
  return `${method.toLowerCase()}${words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("")}`;
}

const arenaErrorResponse = {
  description:
    "Error (`{error, code?}` as SpecArena clients expect; the MCP endpoints answer JSON-RPC errors)",
  content: {
    "application/json": {
      schema: {
        type: "object",
        required: ["error"],
        properties: { error: { type: ["string", "object"] }, code: { type: "string" } },
      },
    },
  },
};

function tagOf(path: string): string {
  if (isArenaPath(path)) return "arena";
  // Packs and their runs have a page of their own: the console's would be too long to load.
  if (/^\/console\/api\/(packs|pack-runs)(\/|$)/.test(path)) return "packs";
  if (path.startsWith("/console/api/")) return "console";
  if (path.startsWith("/web/api/")) return "web";
  if (path.startsWith("/assets/")) return "assets";
  return "app";
}

function securityOf(auth: Operation["auth"]): Record<string, string[]>[] {
  if (auth === "public") return [{}, { sessionCookie: [] }, { bearerAuth: [] }];
  if (auth === "user") return [{ sessionCookie: [] }, { bearerAuth: [] }];
  return [{ sessionCookie: [] }, { bearerAuth: [] }];
}

function routeOperation(method: Method, path: string, meta: Operation): Record<string, unknown> {
  const doc = meta.doc ?? {};
  const parameters = [
    ...(meta.params ? parametersOf(meta.params, "path") : pathParamsOf(path)),
    ...parametersOf(meta.query, "query"),
  ];
  if (meta.auth === "workspace") {
    parameters.push({
      name: "X-Workspace-Id",
      in: "header",
      required: false,
      description:
        "Workspace id or slug for a signed-in member of several workspaces (API tokens carry their own)",
      schema: { type: "string" },
    });
  }
  const status = String(doc.status ?? 200);
  const success: Record<string, unknown> =
    status === "204"
      ? { description: "Done (no content)" }
      : {
          description: "Success",
          content: {
            [doc.responseMediaType ?? "application/json"]: {
              schema: doc.response
                ? toSchema(doc.response, "output")
                : doc.responseMediaType
                  ? { type: "string", format: "binary" }
                  : { type: "object" },
            },
            ...(doc.sse
              ? {
                  "text/event-stream": {
                    schema: {
                      type: "string",
                      description: typeof doc.sse === "string" ? doc.sse : "Server-Sent Events",
                    },
                  },
                }
              : {}),
          },
        };
  const responses: Record<string, unknown> = { [status]: success };
  const mutating = method !== "GET";
  const workspace = meta.auth === "workspace";
  if (mutating) responses["400"] = errorResponse("Malformed request (e.g. broken JSON)");
  responses["401"] =
    meta.auth === "public"
      ? errorResponse("An invalid or expired bearer token was sent (send none to call anonymously)")
      : errorResponse("Not signed in, or an invalid API token");
  if (workspace || mutating)
    responses["403"] = errorResponse(
      "No access (role, membership, cross-site request, or a bad asset signature)",
    );
  if (meta.params || workspace) {
    responses["404"] = errorResponse(
      workspace ? "Not found (or in another workspace), or no such workspace (X-Workspace-Id)" : "Not found",
    );
  }
  if (mutating)
    responses["409"] = errorResponse(
      "Conflicts with the current state (a duplicate name, an unpublished workflow, in use)",
    );
  if (mutating) responses["413"] = errorResponse("Payload too large");
  if (mutating)
    responses["415"] = errorResponse("The body is not in the documented media type (JSON unless stated)");
  if (meta.body || meta.query || meta.params || meta.rawBody)
    responses["422"] = doc.unprocessable
      ? {
          description: "Invalid input",
          content: {
            "application/json": { schema: { anyOf: [errorRef, toSchema(doc.unprocessable, "output")] } },
          },
        }
      : errorResponse("Invalid input; error.details lists the issues");
  if (mutating && meta.auth !== "workspace")
    responses["429"] = errorResponse(
      "Too many requests (rate limit, attempt limit or cooldown); see Retry-After",
    );
  // Any route refuses an API token (gnt_…) without the scope it requires (requiredScope).
  responses["403"] ??= errorResponse(
    "An API token without the scope this route requires (insufficient_scope)",
  );
  for (const extra of doc.statuses ?? []) {
    const key = String(extra);
    if (responses[key]) continue;
    responses[key] = extra < 300 ? success : errorResponse("See the operation's description");
  }
  responses["500"] = errorResponse("Unexpected error");

  const op: Record<string, unknown> = {
    operationId: operationId(method, path),
    summary: doc.summary ?? `${method} ${path}`,
    tags: [tagOf(path)],
    security: securityOf(meta.auth),
    parameters,
    responses,
  };
  if (doc.errorCodes?.length) op["x-error-codes"] = doc.errorCodes;
  // How a caller gets credentials (login, registration): called without any.
  if (doc.anonymous) op["x-anonymous"] = true;
  if (meta.body && method !== "GET") {
    // JSON unless the operation names another media type (a form: the same schema, form-encoded).
    const media = doc.bodyMediaType ?? "application/json";
    const example = doc.example === undefined ? {} : { example: doc.example };
    op.requestBody = {
      required: true,
      content: { [media]: { schema: toSchema(meta.body, "input"), ...example } },
    };
  } else if (meta.rawBody && doc.bodyMediaType && doc.bodyMediaType !== "multipart/form-data") {
    op.requestBody = { required: true, content: { [doc.bodyMediaType]: { schema: { type: "string" } } } };
  } else if (doc.bodyMediaType === "multipart/form-data") {
    op.requestBody = {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            required: ["file"],
            properties: { file: { type: "string", format: "binary" } },
          },
        },
      },
    };
  }
  // A form-encoded body is accepted too (e.g. /web/api/login for promptfoo's HTTP provider).
  const body = op.requestBody as { content: Record<string, unknown> } | undefined;
  if (meta.formBody && body)
    body.content["application/x-www-form-urlencoded"] = body.content["application/json"];
  // The API-token scope a `gnt_…` token must carry (sessions are not scoped).
  op["x-token-scope"] = requiredScope(meta);
  return op;
}

/**
 * A handler not built with route(): documented by hand (the arena, lib/openapi/arena), else from
 * its summary alone (next-auth, health, ping: lib/openapi/plain-summaries.ts).
 */
function plainOperation(method: Method, path: string): Record<string, unknown> {
  const documented = arenaDocOf(path, method);
  const summary = documented?.summary ?? PLAIN_SUMMARIES[path]?.[method] ?? `${method} ${path}`;
  if (documented) {
    return {
      operationId: operationId(method, path),
      summary,
      tags: [tagOf(path)],
      ...documented,
      parameters: documented.parameters ?? [],
    };
  }
  return {
    operationId: operationId(method, path),
    summary,
    tags: [tagOf(path)],
    parameters: pathParamsOf(path),
    responses: {
      "200": {
        description: "Success",
        content: isArenaPath(path)
          ? {
              "application/json": { schema: { type: ["object", "array"] } },
              "text/event-stream": { schema: { type: "string" } },
            }
          : { "application/json": { schema: { type: "object" } } },
      },
      default: isArenaPath(path) ? arenaErrorResponse : errorResponse("Error"),
    },
  };
}

let cached: Record<string, unknown> | undefined;

/** The document (built once per process: the routes do not change at run time). */
export function openApiDocument(): Record<string, unknown> {
  if (cached) return cached;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const entry of ROUTES) {
    const item: Record<string, unknown> = {};
    for (const method of HTTP_METHODS) {
      const meta = entry.operations[method];
      if (meta === undefined || benchOnlyOperations.has(meta)) continue;
      item[method.toLowerCase()] = meta
        ? routeOperation(method, entry.path, meta)
        : plainOperation(method, entry.path);
    }
    if (Object.keys(item).length > 0) paths[entry.path] = item;
  }
  paths[OPENAPI_PATH] = {
    get: {
      operationId: "getOpenapiDocument",
      summary: "This OpenAPI document",
      tags: ["app"],
      responses: {
        "200": {
          description: "OpenAPI 3.1 document",
          content: { "application/json": { schema: { type: "object" } } },
        },
      },
    },
  };
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Gauntlet API",
      version: "1.0.0",
      description:
        "Console API (workspace members by session cookie, or workspace API tokens `Authorization: Bearer gnt_…`) and the public web API. Errors are `{ error: { code, message, details? } }`.",
    },
    servers: [{ url: "/" }],
    tags: [
      { name: "console", description: "Creator console API (/console/api)" },
      {
        name: "packs",
        description: "Challenge packs, their versions, runs and judge calibration (/console/api/packs, /console/api/pack-runs)",
      },
      { name: "web", description: "Player web API (/web/api)" },
      { name: "assets", description: "Signed asset downloads" },
      { name: "app", description: "Health, auth and documentation" },
      {
        name: "arena",
        description: "The arena: the SpecArena protocol at /api and /api/v1 (errors `{error, code?}`), MCP",
      },
      { name: "webhooks", description: "Events Gauntlet sends to a workspace's webhook endpoints" },
    ],
    paths: Object.fromEntries(Object.entries(paths).sort(([p1], [p2]) => p1.localeCompare(p2))),
    webhooks: webhooksDocument(),
    components: {
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: sessionCookieName(),
          description: "Browser session; cookie writes must be same-origin",
        },
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description:
            "A workspace API token (gnt_…) or a player access token. API tokens carry scopes: `console` " +
            "reaches /console/api/**, `play` plays as the token's creator on /web/api/** (x-token-scope). " +
            "Routes marked `session` (changing the password, signing out everywhere) refuse every API token.",
        },
        ...ARENA_SECURITY_SCHEMES,
      },
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              properties: {
                code: { type: "string", enum: Object.keys(errorStatus) },
                message: { type: "string" },
                details: {},
              },
            },
          },
        },
        ...ARENA_SCHEMAS,
      },
    },
  };
  return cached;
}
