import { describe, expect, it } from "vitest";
import { errorStatus } from "@/lib/errors";
import { openApiDocument } from "@/lib/openapi/document";
import { apiReference, exampleOf, fieldsOf, typeLabel } from "@/lib/openapi/reference";

const ORIGIN = "https://gauntlet.example.com";
const document = openApiDocument();
const groups = apiReference({ document, errorStatus, origin: ORIGIN });
const ops = groups.flatMap((g) => g.operations);
const find = (method: string, path: string) => ops.find((o) => o.method === method && o.path === path)!;

describe("API reference (/docs/api) from the OpenAPI document", () => {
  it("lists every operation of the document once, grouped under its tag", () => {
    const expected = Object.entries(
      document.paths as Record<string, Record<string, { tags: string[] }>>,
    ).flatMap(([path, item]) =>
      Object.entries(item).map(([m, op]) => `${op.tags[0]} ${m.toUpperCase()} ${path}`),
    );
    const listed = groups.flatMap((g) => g.operations.map((o) => `${g.tag} ${o.method} ${o.path}`));
    expect(listed.sort()).toEqual(expected.sort());
    expect(new Set(ops.map((o) => o.id)).size).toBe(ops.length);
    expect(groups.map((g) => g.tag)).toEqual(expect.arrayContaining(["console", "web", "arena"]));
  });

  it("gives the attempts route its auth, scope, body fields, statuses and a curl example", () => {
    const op = find("POST", "/web/api/challenges/{id}/attempts");
    expect(op.auth).toBe("optional"); // guests may play where the creator allows it
    expect(op.scopes).toEqual(["play"]);
    // Account management takes no API token at all.
    expect(find("POST", "/web/api/password").scopes).toEqual(["session"]);
    expect(find("GET", "/console/api/challenges").scopes).toEqual(["console"]);
    expect(op.params).toEqual([expect.objectContaining({ name: "id", in: "path", required: true })]);
    expect(op.body?.fields.map((f) => [f.name, f.required])).toEqual([
      ["prompt", true],
      ["idempotency_key", false],
    ]);
    expect(op.success.status).toBe("201, 200");
    expect(op.success.stream).toContain("answer_delta");
    expect(op.errors.find((e) => e.status === "429")?.codes).toContain("rate_limited");
    expect(op.errors.find((e) => e.status === "422")?.codes).toEqual(["validation_failed"]);
    // A code only one route answers is listed there, not on every route sharing its status.
    const runStart = find("POST", "/console/api/packs/{id}/runs");
    expect(runStart.errors.find((e) => e.status === "422")?.codes).toEqual([
      "validation_failed",
      "needs_sandbox",
    ]);
    expect(op.curl).toBe(
      [
        `curl -X POST "${ORIGIN}/web/api/challenges/<id>/attempts"`,
        `-H "Authorization: Bearer $GAUNTLET_TOKEN"`,
        `-H "Content-Type: application/json"`,
        `-d '{"prompt":"string"}'`,
      ].join(" \\\n  "),
    );
  });

  it("sends no token in the example of a public route and marks console routes with the console scope", () => {
    const list = find("GET", "/web/api/challenges");
    expect(list.auth).toBe("optional");
    expect(list.curl).toBe(`curl "${ORIGIN}/web/api/challenges"`);
    const tokens = find("POST", "/console/api/api-tokens");
    expect(tokens.scopes).toEqual(["console"]);
    expect(tokens.curl).toContain(`-d '{"name":"string"}'`);
    // Arena routes answer their own error shape: no Gauntlet error codes are claimed for them.
    const arena = ops.filter((o) => o.tag === "arena");
    expect(arena.length).toBeGreaterThan(0);
    expect(arena.every((o) => o.errors.every((e) => e.codes.length === 0))).toBe(true);
  });

  it("summarises schemas: labels, nested fields, examples and shell-safe bodies", () => {
    const schema = {
      type: "object",
      required: ["name", "kind"],
      properties: {
        name: { type: "string", maxLength: 80, description: "Shown to players" },
        kind: { enum: ["a", "b"] },
        note: { type: ["string", "null"] },
        items: {
          type: "array",
          items: { type: "object", required: ["x"], properties: { x: { type: "integer", minimum: 1 } } },
        },
      },
    };
    expect(fieldsOf(schema)).toEqual([
      { name: "name", type: "string (≤ 80 chars)", required: true, description: "Shown to players" },
      { name: "kind", type: '"a" | "b"', required: true },
      { name: "note", type: "string | null", required: false },
      {
        name: "items",
        type: "object[]",
        required: false,
        children: [{ name: "x", type: "integer (≥ 1)", required: true }],
      },
    ]);
    expect(exampleOf(schema)).toEqual({ name: "string", kind: "a" });
    expect(typeLabel({ $ref: "#/components/schemas/Error" })).toBe("Error");
    expect(typeLabel({ anyOf: [{ type: "string" }, { type: "null" }] })).toBe("string | null");
  });
});
