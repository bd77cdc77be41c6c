import { readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as openApiRoute } from "@/app/api/openapi.json/route";
import { routeMetaOf } from "@/lib/api/handler";
import { HTTP_METHODS, OPENAPI_PATH, openApiDocument } from "@/lib/openapi/document";
import { benchOnlyOperations } from "@/lib/contracts/bench";
import { ROUTES } from "@/lib/openapi/routes";
import { call } from "@/tests/helpers/route";

// The document must list every route handler the app has: this walks app/ for route.ts files,
// imports each, and compares its exported HTTP methods with the document's paths and operations.

const ROOT = resolve(import.meta.dirname, "../../..");

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return e.name === "route.ts" ? [relative(ROOT, full)] : [];
  });
}

// Not operations: the JSON 404 catch-alls of the API prefixes ([[...path]]/route.ts), the
// request guard's rejection route and the favicon redirect.
const isUnknownPathCatchAll = (file: string) =>
  file.includes("[[...path]]") || file.includes("request-rejected") || file.includes("favicon.ico");

const pathOf = (file: string) =>
  file
    .slice("app".length, -"/route.ts".length)
    .replace(/\[\.\.\.(\w+)\]/g, "{$1}")
    .replace(/\[(\w+)\]/g, "{$1}");

type Doc = { paths: Record<string, Record<string, any>>; openapi: string };
let doc: Doc;
let handlers: { file: string; path: string; methods: string[]; module: Record<string, unknown> }[];

beforeAll(async () => {
  doc = openApiDocument() as unknown as Doc;
  handlers = await Promise.all(
    routeFiles(join(ROOT, "app"))
      .filter((file) => !isUnknownPathCatchAll(file))
      .map(async (file) => {
      const mod = (await import(pathToFileURL(join(ROOT, file)).href)) as Record<string, unknown>;
      const methods = Object.keys(mod).filter((k) => /^[A-Z]+$/.test(k) && typeof mod[k] === "function");
      return { file, path: pathOf(file), methods, module: mod };
    }),
  );
});

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("lists every route handler in app/ and nothing else", () => {
    expect(handlers.length).toBeGreaterThan(30);
    // Benchmark-only routes (a JSON 404 unless BENCH_ROUTES=1) are left out of the reference.
    const fromFiles = handlers
      .flatMap((h) =>
        h.methods.filter((m) => !benchOnlyOperations.has(routeMetaOf(h.module[m]))).map((m) => `${m} ${h.path}`),
      )
      .sort();
    const fromDoc = Object.entries(doc.paths)
      .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(fromDoc).toEqual(fromFiles);
    for (const h of handlers) for (const m of h.methods) expect(HTTP_METHODS as readonly string[]).toContain(m);
  });

  it("has a generated route entry for every route file (lib/openapi/routes.ts)", () => {
    const registered = ROUTES.map((r) => r.file).sort();
    const files = handlers.map((h) => h.file).filter((f) => pathOf(f) !== OPENAPI_PATH).sort();
    expect(registered).toEqual(files);
    for (const r of ROUTES) expect(r.path).toBe(pathOf(r.file));
  });

  it("documents each handler from the contract it is built with", () => {
    for (const entry of ROUTES) {
      const mod = handlers.find((h) => h.file === entry.file)!.module;
      for (const [method, operation] of Object.entries(entry.operations)) {
        const meta = routeMetaOf(mod[method]);
        if (operation === null) expect(meta, `${method} ${entry.path}`).toBeUndefined();
        else expect(meta, `${method} ${entry.path}`).toBe(operation);
      }
    }
  });

  it("gives every operation a written summary (doc.summary, or lib/openapi for handlers not built with route())", () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.summary, `${method.toUpperCase()} ${path}`).not.toBe(`${method.toUpperCase()} ${path}`);
      }
    }
  });

  it("derives request and response schemas from the handlers' zod schemas", () => {
    const create = doc.paths["/console/api/challenges"]!.post;
    const body = create.requestBody.content["application/json"].schema;
    expect(body.required).toEqual(expect.arrayContaining(["name", "goal"]));
    expect(body.properties.success_type.enum).toEqual(["regex", "contains", "custom"]);
    expect(body.additionalProperties).toBe(false);
    expect(Object.keys(create.responses as object)).toEqual(expect.arrayContaining(["201", "401", "403", "422"]));
    const created = create.responses["201"].content["application/json"].schema.properties.challenge.properties as object;
    expect(created).toHaveProperty("has_secret");
    expect(created).not.toHaveProperty("secret");

    const list = doc.paths["/console/api/challenges"]!.get;
    expect(list.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toContain("query:app_id");
    const membership = doc.paths["/console/api/challenge-collections/{id}/challenges"]!.put;
    expect(membership.parameters[0]).toMatchObject({ name: "id", in: "path", required: true });
    expect(membership.requestBody.content["application/json"].schema.properties.challenge_ids.type).toBe("array");
    expect(doc.paths["/console/api/assets"]!.post.requestBody.content).toHaveProperty("multipart/form-data");
    expect(doc.paths["/console/api/workflows/{id}/test-run"]!.post.responses["200"].content).toHaveProperty("text/event-stream");
    // The attempt stream is the player's view of a run, not the trace.
    const attemptStream = doc.paths["/web/api/challenges/{id}/attempts"]!.post.responses["201"].content["text/event-stream"].schema.description;
    for (const event of ["run_started", "progress", "answer_delta", "answer", "attempt"]) expect(attemptStream).toContain(`\`${event}\``);
    expect(attemptStream).not.toMatch(/text_delta|node_finished|run_finished/);
    expect(doc.paths["/web/api/login"]!.post.requestBody.content["application/json"].schema.properties).toHaveProperty("email");
  });

  it("is served at GET /api/openapi.json", async () => {
    const res = await call(openApiRoute as never, { path: OPENAPI_PATH });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
