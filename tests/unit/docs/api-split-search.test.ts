import { describe, expect, it } from "vitest";
import { errorStatus } from "@/lib/errors";
import { openApiDocument } from "@/lib/openapi/document";
import { apiReference, authExamples, operationHref, sharedErrorCodes } from "@/lib/openapi/reference";
import { searchIndex, searchOperations } from "@/lib/openapi/search";

const ORIGIN = "https://gauntlet.example.com";
const document = openApiDocument();
const groups = apiReference({ document, errorStatus, origin: ORIGIN });
const ops = groups.flatMap((g) => g.operations);
const find = (method: string, path: string) => ops.find((o) => o.method === method && o.path === path)!;

describe("API reference split by tag, with a search index", () => {
  it("puts players' operations first: web, then arena, then console", () => {
    expect(groups.map((g) => g.tag).slice(0, 3)).toEqual(["web", "arena", "console"]);
    expect(operationHref(find("POST", "/web/api/challenges/{id}/attempts"))).toBe(
      "/docs/api/web#post-web-api-challenges-id-attempts",
    );
  });

  it("sends no token to log in or register, and keeps the returned access token in GAUNTLET_TOKEN", () => {
    for (const path of ["/web/api/login", "/web/api/register", "/web/api/login/email-code/verify"]) {
      const op = find("POST", path);
      expect(op.anonymous, path).toBe(true);
      expect(op.curl, path).not.toContain("Authorization");
      expect(op.curl, path).toMatch(
        /^export GAUNTLET_TOKEN=\$\(curl -s -X POST "https:\/\/gauntlet\.example\.com/,
      );
      expect(op.curl, path).toMatch(/\| jq -r \.access_token\)$/);
    }
    expect(find("POST", "/web/api/login/email-code/send").curl).not.toContain("Authorization");
    expect(find("POST", "/web/api/register").curl).toContain(
      `-d '{"email":"you@example.com","name":"Your Name","password":"a long enough password"}'`,
    );
    const auth = authExamples(groups);
    expect(auth.me).toBe(`curl "${ORIGIN}/web/api/me" \\\n  -H "Authorization: Bearer $GAUNTLET_TOKEN"`);
  });

  it("documents the attempt and login answers field by field, not as a bare object", () => {
    const attempt = find("POST", "/web/api/challenges/{id}/attempts").success;
    expect(attempt.fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(["attempt_id", "succeeded", "answer", "attempts_left", "replayed"]),
    );
    const login = find("POST", "/web/api/login").success;
    expect(login.fields.map((f) => [f.name, f.type])).toEqual(
      expect.arrayContaining([
        ["access_token", "string"],
        ["token_type", '"Bearer"'],
        ["expires_in", "number"],
      ]),
    );
  });

  it("gives updates a field to change, MCP its Accept header and arena routes the session key", () => {
    expect(find("PATCH", "/console/api/challenge-collections/{id}").curl).not.toContain(`-d '{}'`);
    const mcp = find("POST", "/api/v1/arena/mcp").curl;
    expect(mcp).toContain(`-H "Accept: application/json, text/event-stream"`);
    expect(mcp).toContain(`-H "Authorization: Bearer $KEY"`);
    expect(mcp).not.toContain("GAUNTLET_TOKEN");
  });

  it("lists each error status's shared codes once, and only a route's own codes on the route", () => {
    const shared = sharedErrorCodes(document, errorStatus);
    expect(shared["429"]).toContain("rate_limited");
    expect(shared["422"]).toEqual(["validation_failed"]);
    const run = find("POST", "/console/api/packs/{id}/runs");
    expect(run.errors.find((e) => e.status === "422")?.own).toEqual(["needs_sandbox"]);
    expect(find("GET", "/console/api/challenges").errors.every((e) => e.own.length === 0)).toBe(true);
  });

  it("searches every operation by method, path and summary, path matches first", () => {
    const index = searchIndex(groups);
    expect(index).toHaveLength(ops.length);
    expect(JSON.stringify(index).length).toBeLessThan(40_000);
    expect(searchOperations(index, "")).toEqual([]);
    const hits = searchOperations(index, "POST attempts");
    expect(hits[0]).toEqual([
      "POST",
      "/web/api/challenges/{id}/attempts",
      expect.any(String),
      "/docs/api/web#post-web-api-challenges-id-attempts",
    ]);
    expect(searchOperations(index, "LEADERBOARD collection").map((h) => h[1])).toContain(
      "/web/api/challenge-collections/{id}/leaderboard",
    );
    expect(searchOperations(index, "no-such-thing-at-all")).toEqual([]);
    expect(searchOperations(index, "api", 5)).toHaveLength(5);
  });
});
