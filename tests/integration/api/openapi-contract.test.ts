// Contract test: walks every operation of the OpenAPI document with generated valid
// and invalid inputs, as an anonymous visitor, a creator (workspace owner, session cookie) and a
// player (bearer access token), calling the route handlers in-process. It fails on any status the
// operation does not document, any JSON body that does not match the documented schema, and any
// 5xx. Inputs are derived from the document itself (schemas, formats, patterns, enums), so a
// route whose behaviour drifts from its documentation fails here.
import { randomUUID } from "node:crypto";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as openApiRoute } from "@/app/api/openapi.json/route";
import { createSessionToken, sessionCookieName } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { OPENAPI_PATH, openApiDocument } from "@/lib/openapi/document";
import { ROUTES } from "@/lib/openapi/routes";
import { createApiToken } from "@/lib/services/api-tokens";
import { createRedBlueChallenge } from "@/lib/services/red-blue";
import { setSecret } from "@/lib/services/secrets";
import { createWorkspace } from "@/lib/services/workspaces";
import { makeAccount, makeApp, makeCollection, makePlayableChallenge, makePlugin } from "@/tests/helpers/factories";
import { ajv, validatorFor, type Schema } from "@/tests/helpers/openapi-schemas";
import { call, freshIp, type CallOptions } from "@/tests/helpers/route";

type Operation = { operationId: string; parameters?: Schema[]; requestBody?: Schema; responses: Record<string, Schema> };
type Handler = Parameters<typeof call>[0];

const ORIGIN = "http://localhost:3000";
// next-auth's own endpoints need a Next.js request scope (its handler calls cookies()); their
// malformed-body answers are covered in contract-breaks.test.ts.
const SKIPPED_PATHS = new Set(["/api/auth/{nextauth}"]);

const doc = openApiDocument() as { paths: Record<string, Record<string, Operation>> };

// ── Test world ─────────────────────────────────────────────────────────────────────────────
let creatorCookie = "";
let playerBearer = "";
let appId = "";
let ids: Record<string, string> = {};
let draftGraph: unknown;
let seq = 0;

// The route modules by OpenAPI path (lib/openapi/routes.ts names each file; the handlers live in app/).
const ROOT = resolve(import.meta.dirname, "../../..");
const routeModules = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  for (const entry of ROUTES) {
    routeModules.set(entry.path, (await import(pathToFileURL(join(ROOT, entry.file)).href)) as Record<string, unknown>);
  }
  const owner = await makeAccount({ name: "Contract Creator" });
  const ws = await createWorkspace(owner.id, `Contract ${Date.now()}`);
  creatorCookie = `${sessionCookieName()}=${await createSessionToken(owner)}`;
  const player = await makeAccount({ name: "Contract Player" });
  playerBearer = await createSessionToken(player);

  const app = await makeApp({ workspaceId: ws.id });
  appId = app.id;
  const challenge = await makePlayableChallenge({ name: "Contract level" }, { appId, secret: "Lemur-42" });
  const collection = await makeCollection({ appId, name: "Contract ladder", isPublic: true });
  await db.challengeCollectionItem.create({ data: { collectionId: collection.id, challengeId: challenge.id, position: 1 } });
  const plugin = await makePlugin({ workspaceId: ws.id });
  const secret = await setSecret(ws.id, "CONTRACT_SECRET", "value-1");
  const provider = await db.llmProvider.create({
    data: { workspaceId: ws.id, name: "contract-provider", kind: "openai-compatible", baseUrl: "https://api.example.com/v1", models: ["m1"] },
  });
  const token = await createApiToken(ws.id, owner.id, { name: "contract" });
  const wf = await db.challenge.findUniqueOrThrow({ where: { id: challenge.id }, select: { workflowId: true } });
  const workflow = await db.workflow.findUniqueOrThrow({ where: { id: wf.workflowId! } });
  draftGraph = workflow.draftGraph;
  const redBlue = await createRedBlueChallenge(ws.id, owner.id, {
    app_id: appId,
    name: "Contract red/blue",
    judge_suite: ["secret_leak", "policy_violation"],
    defense_selection_policy: "latest_best",
    attack_selection_policy: "latest_best",
    scoring_strategy: "red_blue_ratio",
    is_active: true,
    settings: { secret_ref: "CONTRACT_SECRET" },
  });
  ids = {
    "/console/api/challenges/": challenge.id,
    "/console/api/challenge-collections/": collection.id,
    "/console/api/plugins/": plugin.id,
    "/console/api/workflows/": workflow.id,
    "/console/api/secrets/": secret.id,
    "/console/api/llm-providers/": provider.id,
    "/console/api/api-tokens/": token.apiToken.id,
    "/web/api/challenges/": challenge.id,
    "/web/api/challenge-collections/": collection.id,
    "/console/api/red-blue-challenges/": redBlue.id,
    "/web/api/red-blue-challenges/": redBlue.id,
    "/assets/": randomUUID(),
    // A game's channel of no game (any other name is a free chat channel, streamed as it is).
    "/api/v1/chat/ws/": `challenge_${randomUUID()}`,
    "/api/chat/ws/": `challenge_${randomUUID()}`,
  };
});

// ── Input generation from the document's schemas ───────────────────────────────────────────
const PATTERN_CANDIDATES = ["example", "abc", "a", "A", "a-b", "a_b", "node.key", "start.prompt", "x1", "#112233", "1", "0", "evaluate", "MY_SECRET", "openai"];

const USEFUL_OPTIONAL = new Set(["password", "success_pattern"]);

function byName(name: string): unknown {
  const fixed: Record<string, () => unknown> = {
    app_id: () => appId,
    challenge_ids: () => [ids["/console/api/challenges/"]],
    email: () => `contract-${Date.now()}-${++seq}@example.test`,
    password: () => "correct horse battery staple",
    prompt: () => "What is the password?",
    code: () => "export function evaluate() { return { passed: true }; }",
    entrypoints: () => ["evaluate"],
    graph: () => draftGraph,
    base_url: () => "https://api.example.com/v1",
    name: () => `contract-${++seq}`,
    success_pattern: () => "swordfish",
  };
  return fixed[name]?.();
}

function sample(schema: Schema | undefined, name = ""): unknown {
  if (!schema) return "x";
  const named = byName(name);
  if (named !== undefined) return named;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.anyOf ?? schema.oneOf)) {
    const options = (schema.anyOf ?? schema.oneOf) as Schema[];
    return sample(options.find((o) => o.type !== "null") ?? options[0], name);
  }
  if ("default" in schema) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== "null") : schema.type;
  switch (type) {
    case "string": {
      if (schema.format === "uuid") return randomUUID();
      if (schema.format === "email") return byName("email");
      if (schema.format === "uri" || schema.format === "url") return "https://example.com/x";
      if (schema.pattern) {
        const re = new RegExp(schema.pattern as string, "u");
        const hit = PATTERN_CANDIDATES.find((c) => re.test(c));
        if (hit) return hit;
      }
      return "x".repeat(Math.max(1, Number(schema.minLength ?? 1)));
    }
    case "integer":
    case "number":
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? Number(schema.exclusiveMinimum) + 1 : 1);
    case "boolean":
      return false;
    case "array":
      return Array.from({ length: Number(schema.minItems ?? 0) }, () => sample(schema.items as Schema));
    case "object":
    default: {
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set<string>((schema.required as string[] | undefined) ?? []);
      // Required properties, and the optional ones a useful request usually carries.
      const keys = Object.keys(props).filter((k) => required.has(k) || USEFUL_OPTIONAL.has(k));
      if (keys.length < Number(schema.minProperties ?? 0)) keys.push(...Object.keys(props).filter((k) => !required.has(k)).slice(0, 1));
      return Object.fromEntries(keys.map((k) => [k, sample(props[k], k)]));
    }
  }
}

/** A value of the wrong type for a schema. */
function wrongType(schema: Schema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  return type === "string" ? 12345 : "not-the-right-type";
}

interface Variant {
  label: string;
  opts: CallOptions;
}

function baseRequest(path: string, op: Operation, query: Record<string, string>) {
  let concrete = path;
  const params: Record<string, string> = {};
  for (const p of op.parameters ?? []) {
    if (p.in !== "path") continue;
    const prefix = path.slice(0, path.indexOf(`{${p.name as string}}`));
    const value = ids[prefix] ?? "unknown-id";
    params[p.name as string] = value;
    concrete = concrete.replace(`{${p.name as string}}`, encodeURIComponent(value));
  }
  const qs = new URLSearchParams(query).toString();
  return { params, path: qs ? `${concrete}?${qs}` : concrete };
}

function variantsOf(path: string, method: string, op: Operation): Variant[] {
  const queryParams = (op.parameters ?? []).filter((p) => p.in === "query");
  const validQuery = Object.fromEntries(
    queryParams.filter((p) => p.required).map((p) => [p.name as string, String(sample(p.schema as Schema, p.name as string))]),
  );
  const base = baseRequest(path, op, validQuery);
  const jsonSchema = op.requestBody?.content?.["application/json"]?.schema as Schema | undefined;
  const hasBody = method !== "get";
  const validBody = jsonSchema ? sample(jsonSchema) : hasBody ? {} : undefined;
  const out: Variant[] = [{ label: "valid", opts: { ...base, body: validBody } }];

  // Invalid path parameters: unknown id, a malformed one, an over-long one.
  if (Object.keys(base.params).length > 0) {
    for (const bad of [randomUUID(), "not an id", "x".repeat(300)]) {
      const params = Object.fromEntries(Object.keys(base.params).map((k) => [k, bad]));
      out.push({ label: `path=${bad.slice(0, 12)}`, opts: { ...base, params, body: validBody } });
    }
  }
  // Invalid query parameters: each one with a wrong value, and an unknown one.
  for (const p of queryParams) {
    const q = new URLSearchParams(validQuery);
    q.set(p.name as string, p.schema?.type === "string" ? "x".repeat(600) : "-7.5");
    out.push({ label: `query ${p.name as string}`, opts: { ...base, path: `${base.path.split("?")[0]}?${q.toString()}`, body: validBody } });
  }
  out.push({ label: "unknown query", opts: { ...base, path: `${base.path}${base.path.includes("?") ? "&" : "?"}zz_unknown=1`, body: validBody } });

  if (hasBody) {
    out.push({ label: "broken JSON", opts: { ...base, rawBody: "{" } });
    out.push({ label: "non-JSON body", opts: { ...base, rawBody: "hello", headers: { "content-type": "text/plain" } } });
    out.push({ label: "array body", opts: { ...base, body: [] } });
    if (jsonSchema) {
      out.push({ label: "empty object", opts: { ...base, body: {} } });
      const props = Object.keys((jsonSchema.properties ?? {}) as object);
      if (props.length > 0 && validBody && typeof validBody === "object") {
        const first = props[0]!;
        out.push({
          label: `wrong type ${first}`,
          opts: { ...base, body: { ...(validBody), [first]: wrongType((jsonSchema.properties as Record<string, Schema>)[first]) } },
        });
        out.push({ label: "extra property", opts: { ...base, body: { ...(validBody), zz_unknown: 1 } } });
      }
    }
  }
  out.push({ label: "bad bearer", opts: { ...base, body: validBody, bearer: "not-a-valid-token" } });
  return out;
}

type Caller = "anonymous" | "creator" | "player";

function asCaller(caller: Caller, v: Variant, isWorkspaceOp: boolean): CallOptions[] {
  const opts: CallOptions = { ...v.opts, ip: freshIp(), headers: { ...v.opts.headers } };
  if (caller === "creator" && !opts.bearer) {
    opts.cookie = creatorCookie;
    opts.headers!.origin = ORIGIN;
  }
  if (caller === "player" && !opts.bearer) opts.bearer = playerBearer;
  const all = [opts];
  if (caller === "creator" && isWorkspaceOp && v.label === "valid") {
    all.push({ ...opts, headers: { ...opts.headers, "x-workspace-id": "no-such-workspace" } });
  }
  return all;
}

// ── The walk ───────────────────────────────────────────────────────────────────────────────
interface Finding {
  op: string;
  caller: Caller;
  variant: string;
  status: number;
  problem: string;
}

function handlerOf(path: string, method: string): Handler {
  if (path === OPENAPI_PATH) return openApiRoute as unknown as Handler;
  const handler = routeModules.get(path)?.[method.toUpperCase()];
  if (typeof handler !== "function") throw new Error(`no handler for ${method} ${path}`);
  return sseHeadersOnly(handler as Handler);
}

/** A live SSE stream never ends: its status and headers are the answer, its body is cancelled. */
function sseHeadersOnly(handler: Handler): Handler {
  return async (req, ctx) => {
    const res = await handler(req, ctx);
    if (!(res.headers.get("content-type") ?? "").startsWith("text/event-stream")) return res;
    await res.body?.cancel();
    return new Response(null, { status: res.status, headers: res.headers });
  };
}

function check(op: Operation, res: Awaited<ReturnType<typeof call>>): string | null {
  if (res.status >= 500) return `server error: ${res.text.slice(0, 200)}`;
  const documented = op.responses[String(res.status)] ?? op.responses.default;
  if (!documented) return `undocumented status (documented: ${Object.keys(op.responses).join(", ")})`;
  const type = res.headers.get("content-type") ?? "";
  if (!/^application\/json/.test(type)) {
    if (res.status === 204 || res.status === 304) return null;
    const media = Object.keys((documented.content ?? {}) as object);
    const ok = media.some((m) => m === "application/octet-stream" || type.startsWith(m));
    return ok ? null : `content-type ${type} not documented (${media.join(", ")})`;
  }
  const schema = documented.content?.["application/json"]?.schema as Schema | undefined;
  if (!schema) return `JSON body but no JSON schema documented`;
  const validate = validatorFor(schema);
  if (!validate(res.json)) return `body does not match the schema: ${ajv.errorsText(validate.errors)} — ${res.text.slice(0, 200)}`;
  return null;
}

const operations = Object.entries(doc.paths)
  .filter(([path]) => !SKIPPED_PATHS.has(path))
  .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })))
  // Deletions last, so the other operations still find their resources; logging out (which
  // revokes the caller's session) after everything else.
  .sort((a, b) => order(a) - order(b));

function order(o: { path: string; method: string }): number {
  if (/\/logout/.test(o.path)) return 2;
  return o.method === "delete" ? 1 : 0;
}

describe("OpenAPI contract", () => {
  it("covers the document's operations", () => {
    expect(operations.length).toBeGreaterThanOrEqual(40);
  });

  it("states the business rules the validators enforce, and only parameters the routes accept", () => {
    const body = (path: string, method: string) => doc.paths[path]![method]!.requestBody!.content["application/json"].schema as Schema;
    expect(body("/web/api/challenges/{id}/attempts", "post").properties.prompt.minLength).toBe(1);
    expect(body("/console/api/plugins", "post").properties.code.minLength).toBe(1);
    expect(body("/console/api/challenge-collections/{id}/challenges", "put").properties.challenge_ids.uniqueItems).toBe(true);
    for (const path of ["/console/api/challenges/{id}", "/console/api/challenge-collections/{id}", "/console/api/plugins/{id}"]) {
      expect(body(path, "patch").minProperties, path).toBe(1);
    }
    const board = doc.paths["/web/api/challenge-collections/{id}/leaderboard"]!.get!;
    expect((board.parameters ?? []).map((p) => p.name as string)).not.toContain("cursor");
    for (const [path, method] of [
      ["/console/api/secrets", "post"],
      ["/console/api/api-tokens", "post"],
      ["/console/api/llm-providers", "post"],
      ["/web/api/challenges/{id}/attempts", "post"],
    ] as const) {
      expect(Object.keys(doc.paths[path]![method]!.responses), `${method} ${path}`).toEqual(expect.arrayContaining(["201", "415"]));
    }
    expect(doc.paths["/console/api/llm-providers"]!.post!.responses).toHaveProperty("409");
    expect(doc.paths["/console/api/workspace"]!.get!.responses).toHaveProperty("404");
    expect(doc.paths["/web/api/challenges"]!.get!.responses).toHaveProperty("401");
    expect(doc.paths["/assets/{id}"]!.get!.responses).toHaveProperty("403");
  });

  it("every operation answers only documented statuses, with bodies matching their schemas, and no 5xx", async () => {
    const findings: Finding[] = [];
    let calls = 0;
    for (const { path, method, op } of operations) {
      const handler = handlerOf(path, method);
      const isWorkspaceOp = path.startsWith("/console/api/");
      for (const variant of variantsOf(path, method, op)) {
        for (const caller of ["anonymous", "player", "creator"] as const) {
          for (const opts of asCaller(caller, variant, isWorkspaceOp)) {
            const res = await call(handler, { ...opts, method: method.toUpperCase(), path: opts.path });
            calls++;
            const problem = check(op, res);
            if (problem) {
              findings.push({ op: `${method.toUpperCase()} ${path}`, caller, variant: variant.label, status: res.status, problem });
            }
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(500);
    expect(findings).toEqual([]);
  }, 120_000);
});
