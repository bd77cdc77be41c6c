import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkRequest } from "@/lib/http/request-guard";
import { createRouteMatcher, matchRoute } from "@/lib/http/route-match";
// @ts-expect-error -- a plain .mjs script without type declarations
import { exportedMethods, OUTPUT, render, scanRoutes } from "@/scripts/api-routes.mjs";
// @ts-expect-error -- a plain .mjs script without type declarations
import * as openApiRoutes from "@/scripts/openapi-routes.mjs";

describe("route methods manifest (lib/http/api-routes.ts)", () => {
  it("is up to date with app/**/route.ts (run `node scripts/api-routes.mjs`)", () => {
    expect(readFileSync(OUTPUT as string, "utf8")).toBe((render as (r: unknown) => string)((scanRoutes as () => unknown)()));
  });

  it("the OpenAPI route table (lib/openapi/routes.ts) is up to date too (same command)", () => {
    const generator = openApiRoutes as { OUTPUT: string; render: (r: unknown) => string; scanOperations: () => unknown };
    expect(readFileSync(generator.OUTPUT, "utf8")).toBe(generator.render(generator.scanOperations()));
  });

  it("reads every way a route module exports a method", () => {
    const read = exportedMethods as (source: string) => string[];
    expect(read("export const GET = route();\nexport async function POST() {}\nexport function DELETE() {}")).toEqual([
      "GET",
      "POST",
      "DELETE",
    ]);
    expect(read("export { handler as GET, handler as POST };")).toEqual(["GET", "POST"]);
    expect(read('export {\n  h as PUT,\n  h as PATCH,\n} from "x";')).toEqual(["PUT", "PATCH"]);
    expect(read("export const dynamic = 'force-dynamic';")).toEqual([]);
  });
});

describe("matchRoute", () => {
  it("prefers static segments, then [dynamic], then catch-alls, as Next.js does", () => {
    const match = createRouteMatcher([
      ["/x/[[...path]]", ["GET", "POST"]],
      ["/x/items", ["GET"]],
      ["/x/items/[id]", ["PATCH"]],
      ["/x/items/[id]/run", ["POST"]],
      ["/x/files/[...rest]", ["PUT"]],
    ]);
    expect([...match("/x/items")!.methods]).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect([...match("/x/items/42")!.methods]).toEqual(["PATCH", "OPTIONS"]);
    expect([...match("/x/items/42/run")!.methods]).toEqual(["POST", "OPTIONS"]);
    expect([...match("/x/files/a/b")!.methods]).toEqual(["PUT", "OPTIONS"]);
    expect([...match("/x/files")!.methods]).toContain("POST"); // [...rest] needs a segment
    expect([...match("/x")!.methods]).toContain("POST");
    expect(match("/y")).toBeNull();
  });

  it("knows the app's routes and leaves pages alone", () => {
    expect(matchRoute("/web/api/me")!.methods.has("PUT")).toBe(false);
    expect(matchRoute("/console/api/challenges/abc")!.allow).toBe("GET, PATCH, DELETE, HEAD, OPTIONS");
    expect(matchRoute("/console/api/no/such/path")!.methods.has("DELETE")).toBe(true);
    expect(matchRoute("/challenges/abc")).toBeNull();
  });
});

describe("request guard: a method the route does not serve", () => {
  it.each([
    ["/web/api/me", "PUT"],
    ["/web/api/me", "DELETE"],
    ["/console/api/challenges", "DELETE"],
    ["/api/health", "POST"],
    ["/assets/abc", "POST"],
  ])("%s %s → 405 with Allow", (path, method) => {
    const outcome = checkRequest(method, path);
    expect(outcome && "rejection" in outcome ? outcome.rejection : null).toMatchObject({
      status: 405,
      code: "method_not_allowed",
      allow: expect.stringContaining("GET") as unknown,
    });
  });

  it.each([
    ["/web/api/me", "GET"],
    ["/web/api/me", "HEAD"],
    ["/console/api/challenges", "POST"],
    ["/console/api/unknown/thing", "PATCH"],
    ["/challenges/abc", "POST"],
  ])("%s %s passes through", (path, method) => {
    expect(checkRequest(method, path)).toBeNull();
  });
});
