import { readFileSync } from "node:fs";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { createRouteMatcher, matchRoute } from "@/lib/http/route-match";
// @ts-expect-error -- a plain .mjs script without type declarations
import { exportedMethods, OUTPUT, render, scanRoutes } from "@/scripts/api-routes.mjs";

const req = (path: string, method: string) => new NextRequest(new URL(path, "http://localhost:3000"), { method });

describe("route methods manifest (lib/http/api-routes.ts)", () => {
  it("is up to date with app/**/route.ts (run `node scripts/api-routes.mjs`)", () => {
    expect(readFileSync(OUTPUT as string, "utf8")).toBe((render as (r: unknown) => string)((scanRoutes as () => unknown)()));
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

describe("proxy: a method the route does not serve", () => {
  it.each([
    ["/web/api/me", "PUT"],
    ["/web/api/me", "DELETE"],
    ["/console/api/challenges", "DELETE"],
    ["/api/health", "POST"],
    ["/assets/abc", "POST"],
  ])("%s %s → JSON 405 with Allow", async (path, method) => {
    const res = proxy(req(path, method));
    expect(res.status).toBe(405);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("allow")).toContain("GET");
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("method_not_allowed");
  });

  it.each([
    ["/web/api/me", "GET"],
    ["/web/api/me", "HEAD"],
    ["/console/api/challenges", "POST"],
    ["/console/api/unknown/thing", "PATCH"],
    ["/challenges/abc", "POST"],
  ])("%s %s passes through", (path, method) => {
    expect(proxy(req(path, method)).status).toBe(200);
  });
});
