// One naming convention for the API's JSON: every property and parameter name in every schema of
// the OpenAPI document is snake_case. The arena routes speak the SpecArena protocol, whose clients
// send and read its own camelCase names; those names (and only those) are allowed there.
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/openapi/document";

const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/** The SpecArena protocol's field names, kept as its clients expect them (arena routes only). */
const SPEC_ARENA_NAMES = new Set([
  "ChallengeID", // join answer
  "ChallengeInfo", // join answer
  "sessionKey", // join answer (auth mode)
  "invite", // join body
  "inviteId", // POST /invites body
  "userId", // profiles, standalone join
  "publicKey", // signed join / create / profile update
  "challengeId", // arena/message body
  "messageType", // arena/message body
  "createdAt", // Challenge
  "challengeType", // Challenge
  "gameState", // Challenge
  "completedAt", // Challenge.state
  "playerIdentities", // Challenge.state
  "playerId", // ScoringEntry
  "gamesPlayed", // ScoringEntry, stats
]);

/** Names fixed by a standard, not by us. */
const STANDARD_NAMES = new Map([
  ["List-Unsubscribe", "RFC 8058 one-click unsubscribe: the form field mail clients POST"],
]);

type Node = Record<string, unknown>;

/** Every property name under `node` (schemas at any depth), with where it was found. */
function* propertyNames(node: unknown, where: string): Generator<[string, string]> {
  if (Array.isArray(node)) {
    for (const item of node) yield* propertyNames(item, where);
    return;
  }
  if (!node || typeof node !== "object") return;
  const n = node as Node;
  if (n.properties && typeof n.properties === "object" && !Array.isArray(n.properties)) {
    for (const name of Object.keys(n.properties)) yield [name, where];
  }
  for (const [key, value] of Object.entries(n)) {
    if (key === "example" || key === "examples") continue; // values, not schemas
    yield* propertyNames(value, where);
  }
}

/** Query parameter names (a path parameter's name is a template placeholder, never sent). */
function* parameterNames(op: Node, where: string): Generator<[string, string]> {
  for (const p of (op.parameters ?? []) as Node[]) {
    if (p.in === "query") yield [String(p.name), `${where} (query parameter)`];
  }
}

const doc = openApiDocument() as {
  paths: Record<string, Record<string, Node>>;
  webhooks: Record<string, Node>;
  components: { schemas: Record<string, Node> };
};

function offenders(arena: boolean): string[] {
  const out: string[] = [];
  const check = (name: string, where: string) => {
    if (SNAKE.test(name) || STANDARD_NAMES.has(name)) return;
    if (arena && SPEC_ARENA_NAMES.has(name)) return;
    out.push(`${name} (${where})`);
  };
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (((op.tags as string[] | undefined) ?? []).includes("arena") !== arena) continue;
      const where = `${method.toUpperCase()} ${path}`;
      for (const [name, at] of propertyNames(op, where)) check(name, at);
      for (const [name, at] of parameterNames(op, where)) check(name, at);
    }
  }
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    if (name.startsWith("Arena") !== arena) continue;
    for (const [prop, at] of propertyNames(schema, `components.schemas.${name}`)) check(prop, at);
  }
  if (!arena) for (const [name, hook] of Object.entries(doc.webhooks)) for (const [p, at] of propertyNames(hook, `webhook ${name}`)) check(p, at);
  return [...new Set(out)].sort();
}

describe("API naming", () => {
  it("every property and parameter name of the non-arena API is snake_case", () => {
    expect(offenders(false)).toEqual([]);
  });

  it("the arena routes use snake_case or the SpecArena protocol's own names", () => {
    expect(offenders(true)).toEqual([]);
  });

  it("documents the API-token, provider and secret responses it checks", () => {
    const token = doc.paths["/console/api/api-tokens"]!.get! as { responses: Record<string, Node> };
    const schema = JSON.stringify(token.responses["200"]);
    expect(schema).toContain('"last_used_at"');
    expect(schema).not.toContain("lastUsedAt");
    expect(JSON.stringify(doc.paths["/console/api/llm-providers/{id}"]!.get)).toContain('"has_api_key"');
    expect(JSON.stringify(doc.paths["/console/api/secrets"]!.post)).toContain('"updated_at"');
  });
});
