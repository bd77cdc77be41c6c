import { HTTP_METHODS } from "@/lib/contracts/operation";
import {
  exampleOf,
  fieldsOf,
  obj,
  str,
  typeLabel,
  type Json,
  type RefField,
} from "@/lib/openapi/reference-schema";

// The human-readable API reference (/docs/api) as data: the OpenAPI document (lib/openapi/
// document.ts, the one served at /api/openapi.json) grouped by tag, each operation with its
// auth, scope, parameters, a summary of its request and response schemas, its error statuses
// with the error codes each may carry, and a curl example. Pure: the document, the error codes
// and the origin are parameters, so the page renders it and a unit test checks it.
// /docs/api is an index of the tags (players' first) and /docs/api/<tag> one page per tag.

export { exampleOf, fieldsOf, typeLabel, type RefField };

export interface RefParam {
  name: string;
  in: string;
  type: string;
  required: boolean;
  description?: string;
}

export interface RefStatus {
  status: string;
  description: string;
  /** The `error.code` values this status carries (empty for a success or a non-JSON error). */
  codes: string[];
  /** Of `codes`, the ones only some routes answer (`x-error-codes`); the others are listed once per page. */
  own: string[];
}

export interface RefOperation {
  /** Anchor id on the page. */
  id: string;
  method: string;
  path: string;
  summary: string;
  tag: string;
  auth: string;
  /** API-token scope the operation needs (`console`, `play`), if any. */
  scopes: string[];
  /** How a caller gets credentials (login, registration): its example sends none. */
  anonymous: boolean;
  params: RefParam[];
  body?: { media: string; fields: RefField[]; type: string };
  success: { status: string; media: string[]; fields: RefField[]; type: string; stream?: string };
  errors: RefStatus[];
  curl: string;
}

export interface RefGroup {
  tag: string;
  description: string;
  operations: RefOperation[];
}

const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** Who may call the operation, from its OpenAPI security requirements. */
function authOf(op: Json, path: string): { auth: string; scopes: string[] } {
  const security = Array.isArray(op.security) ? (op.security as Json[]) : undefined;
  const declared = (security ?? []).flatMap((req) =>
    Object.values(req).flatMap((v) => (Array.isArray(v) ? (v as string[]) : [])),
  );
  // Each route()-built operation names its scope (x-token-scope: `console`, `play`, or `session`
  // when no API token may call it); others follow from the API the path belongs to.
  const named = typeof op["x-token-scope"] === "string" ? [op["x-token-scope"]] : undefined;
  const inferred = path.startsWith("/console/api/")
    ? ["console"]
    : path.startsWith("/web/api/")
      ? ["play"]
      : [];
  const scopes = named ?? (declared.length ? [...new Set(declared)] : inferred);
  if (!security) return { auth: "none", scopes: [] };
  const optional = security.some((req) => Object.keys(req).length === 0);
  return { auth: optional ? "optional" : "required", scopes };
}

export interface ReferenceInput {
  document: Json;
  /** error code → HTTP status (lib/errors.ts errorStatus). */
  errorStatus: Record<string, number>;
  /** Base URL for the curl examples (e.g. https://gauntlet.example.com). */
  origin: string;
}

/** The request body of an example: the operation's own `example`, else one built from the schema. */
function exampleBody(media: Json): unknown {
  return "example" in media ? media.example : exampleOf(media.schema);
}

/** The success answer's schema carries an access token (login, registration): the example keeps it. */
function issuesToken(op: Json): boolean {
  const responses = obj(op.responses);
  return Object.entries(responses).some(
    ([status, r]) =>
      /^2/.test(status) &&
      "access_token" in obj(obj(obj(obj(obj(r).content)["application/json"]).schema).properties),
  );
}

function curlOf(method: string, path: string, op: Json, auth: string, origin: string): string {
  const params = Array.isArray(op.parameters) ? (op.parameters as Json[]) : [];
  const url =
    origin +
    path.replace(/\{(\w+)\}/g, "<$1>") +
    params
      .filter((p) => p.in === "query" && p.required)
      .map((p, i) => `${i === 0 ? "?" : "&"}${String(p.name)}=<${String(p.name)}>`)
      .join("");
  const capture = issuesToken(op);
  const lines = [`curl${capture ? " -s" : ""}${method === "GET" ? "" : ` -X ${method}`} "${url}"`];
  // A write that also takes visitors (a guest attempt) is still what an integrator sends a token to;
  // the way to get a token (logging in, registering) sends none.
  const anonymous = op["x-anonymous"] === true;
  // An arena route takes the session key its join answered (KEY, as on /arena/agents), not a Gauntlet token.
  const arenaKey = JSON.stringify(op.security ?? []).includes("arenaSessionKey");
  if (!anonymous && (auth === "required" || (auth === "optional" && method !== "GET"))) {
    lines.push(`-H "Authorization: Bearer ${arenaKey ? "$KEY" : "$GAUNTLET_TOKEN"}"`);
  }
  for (const p of params.filter((p) => p.in === "header" && p.required)) {
    lines.push(`-H "${String(p.name)}: ${String(exampleOf(p.schema))}"`);
  }
  const content = obj(obj(op.requestBody).content);
  const media = Object.keys(content)[0];
  if (media === "application/json") {
    lines.push(`-H "Content-Type: application/json"`);
    lines.push(`-d ${shellQuote(JSON.stringify(exampleBody(obj(content[media]))))}`);
  } else if (media === "multipart/form-data") {
    lines.push(`-F "file=@./file"`);
  } else if (media) {
    lines.push(`-H "Content-Type: ${media}"`, `--data-binary @./body`);
  }
  const command = lines.join(" \\\n  ");
  // Keep the returned access token for the examples that follow (jq reads the JSON answer).
  return capture ? `export GAUNTLET_TOKEN=$(${command} | jq -r .access_token)` : command;
}

/**
 * An error status's codes: every code of that status, except codes some operation declares as
 * its own (`x-error-codes`), which are listed on that operation only.
 */
function statusesOf(
  op: Json,
  errorStatus: Record<string, number>,
  arena: boolean,
  routeSpecific: Set<string>,
): RefStatus[] {
  const own = new Set(
    Array.isArray(op["x-error-codes"]) ? (op["x-error-codes"] as unknown[]).map(String) : [],
  );
  return Object.entries(obj(op.responses))
    .filter(([status]) => !/^2/.test(status))
    .map(([status, response]) => ({
      status,
      description: str(obj(response).description) ?? "",
      own: arena ? [] : [...own].filter((code) => String(errorStatus[code]) === status),
      codes: arena
        ? []
        : Object.entries(errorStatus)
            .filter(([code, s]) => String(s) === status && (!routeSpecific.has(code) || own.has(code)))
            .map(([code]) => code),
    }));
}

/** Codes some operation declares as its own (`x-error-codes`). */
function routeSpecificCodes(document: Json): Set<string> {
  const codes = new Set<string>();
  for (const item of Object.values(obj(document.paths)))
    for (const op of Object.values(obj(item))) {
      const own = obj(op)["x-error-codes"];
      if (Array.isArray(own)) for (const code of own) codes.add(String(code));
    }
  return codes;
}

const anchorOf = (method: string, path: string) =>
  `${method.toLowerCase()}-${path
    .replace(/[{}]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}`;

/** The document's operations grouped by tag, in the document's tag order. */
export function apiReference({ document, errorStatus, origin }: ReferenceInput): RefGroup[] {
  const tags = (Array.isArray(document.tags) ? (document.tags as Json[]) : []).map((t) => ({
    tag: String(t.name),
    description: str(t.description) ?? "",
    operations: [] as RefOperation[],
  }));
  const byTag = new Map(tags.map((g) => [g.tag, g]));
  const routeSpecific = routeSpecificCodes(document);
  for (const [path, item] of Object.entries(obj(document.paths))) {
    for (const method of HTTP_METHODS) {
      const op = obj(obj(item)[method.toLowerCase()]);
      if (Object.keys(op).length === 0) continue;
      const tag = (Array.isArray(op.tags) ? String(op.tags[0]) : undefined) ?? "other";
      let group = byTag.get(tag);
      if (!group) {
        group = { tag, description: "", operations: [] };
        byTag.set(tag, group);
        tags.push(group);
      }
      const { auth, scopes } = authOf(op, path);
      const responses = obj(op.responses);
      const successes = Object.keys(responses)
        .filter((s) => /^2/.test(s))
        .sort((a, b) => (a === "200" ? 1 : b === "200" ? -1 : a.localeCompare(b)));
      const successStatus = successes[0] ?? "200";
      const successContent = obj(obj(responses[successStatus]).content);
      const jsonSchema = obj(successContent["application/json"]).schema;
      const stream = str(obj(obj(successContent["text/event-stream"]).schema).description);
      const bodyContent = obj(obj(op.requestBody).content);
      const bodyMedia = Object.keys(bodyContent)[0];
      const bodySchema = bodyMedia ? obj(bodyContent[bodyMedia]).schema : undefined;
      group.operations.push({
        id: anchorOf(method, path),
        method,
        path,
        summary: str(op.summary) ?? `${method} ${path}`,
        tag,
        auth,
        scopes,
        anonymous: op["x-anonymous"] === true,
        params: (Array.isArray(op.parameters) ? (op.parameters as Json[]) : []).map((p) => ({
          name: String(p.name),
          in: String(p.in),
          type: typeLabel(p.schema),
          required: p.required === true,
          ...(str(p.description) ? { description: str(p.description) } : {}),
        })),
        ...(bodyMedia
          ? { body: { media: bodyMedia, fields: fieldsOf(bodySchema), type: typeLabel(bodySchema) } }
          : {}),
        success: {
          status: successes.join(", ") || successStatus,
          media: Object.keys(successContent),
          fields: fieldsOf(jsonSchema),
          type: jsonSchema ? typeLabel(jsonSchema) : "",
          ...(stream && stream !== "Server-Sent Events" ? { stream } : {}),
        },
        errors: statusesOf(op, errorStatus, tag === "arena", routeSpecific),
        curl: curlOf(method, path, op, auth, origin),
      });
    }
  }
  return tags
    .filter((g) => g.operations.length > 0)
    .sort((a, b) => tagRank(a.tag) - tagRank(b.tag));
}

/** Players' operations first, then agents', creators', and the rest in the document's order. */
const TAG_ORDER = ["web", "arena", "console", "packs"];
const tagRank = (tag: string) => {
  const i = TAG_ORDER.indexOf(tag);
  return i === -1 ? TAG_ORDER.length : i;
};

/** The tag page an operation is documented on, and its anchor there. */
export const tagHref = (tag: string) => `/docs/api/${encodeURIComponent(tag)}`;
export const operationHref = (op: Pick<RefOperation, "tag" | "id">) => `${tagHref(op.tag)}#${op.id}`;

/**
 * The `error.code` values each error status may carry on any route, listed once on a page: every
 * code of that status except those only some routes answer (shown on those routes).
 */
export function sharedErrorCodes(document: Json, errorStatus: Record<string, number>): Record<string, string[]> {
  const routeSpecific = routeSpecificCodes(document);
  const out: Record<string, string[]> = {};
  for (const [code, status] of Object.entries(errorStatus)) {
    if (routeSpecific.has(code)) continue;
    (out[String(status)] ??= []).push(code);
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The commands of the reference's "Authentication" section: register (or log in) and keep the
 * access token in GAUNTLET_TOKEN, then call the API with it. Built from the same operations.
 */
export function authExamples(groups: RefGroup[]): { register?: string; login?: string; me: string } {
  const ops = groups.flatMap((g) => g.operations);
  const find = (method: string, path: string) => ops.find((o) => o.method === method && o.path === path)?.curl;
  const me = find("GET", "/web/api/me") ?? "";
  return { register: find("POST", "/web/api/register"), login: find("POST", "/web/api/login"), me };
}
