// Challenge packs over the console API: validate (200 / 422 with every error and its field path,
// 413 past 1 MiB, 415 for JSON), publish as immutable content-addressed versions (201 with the ids;
// the same content again is 200 with the same ids; other content under the same number is 409; a
// new number is a new version), list, read a pack and a version's manifest, and another
// workspace's token sees none of it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute, POST as publishRoute } from "@/app/console/api/packs/route";
import { GET as packRoute } from "@/app/console/api/packs/[id]/route";
import { GET as versionRoute } from "@/app/console/api/packs/[id]/versions/[number]/route";
import { POST as validateRoute } from "@/app/console/api/packs/validate/route";
import { consoleActors, type ConsoleActors } from "@/tests/helpers/console";
import { call } from "@/tests/helpers/route";

const YAML = readFileSync(join(import.meta.dirname, "../../fixtures/packs/support-basics.yaml"), "utf8");
const yaml = (text: string) => ({ rawBody: text, headers: { "content-type": "application/yaml" } });

let actors: ConsoleActors;
const a = {
  get ownerToken() {
    return actors.tokenA;
  },
};
const asB = () => ({ cookie: actors.ownerB.cookie });

beforeAll(async () => {
  actors = await consoleActors();
});

describe("packs API", () => {
  it("validates raw YAML with every error and its path", async () => {
    const ok = await call(validateRoute, {
      method: "POST",
      path: "/console/api/packs/validate",
      bearer: a.ownerToken,
      ...yaml(YAML),
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ valid: true, errors: null });
    const broken = YAML.replace("slug: support-basics", "slug: ''")
      .replace("difficulty: easy", "difficulty: trivial")
      .replace("judge_mode: hybrid", "judge_mdoe: hybrid");
    const bad = await call(validateRoute, {
      method: "POST",
      path: "/console/api/packs/validate",
      bearer: a.ownerToken,
      ...yaml(broken),
    });
    expect(bad.status).toBe(422);
    expect(bad.json.valid).toBe(false);
    const fields = (bad.json.errors as { field: string; message: string }[]).map(
      (e) => `${e.field} ${e.message}`,
    );
    expect(fields).toContain("pack.slug is required");
    expect(fields).toContain("challenges[0].difficulty must be one of easy, medium, hard, expert");
    expect(
      fields.some((f) => f.startsWith("version.evaluation_spec") && f.includes('unknown field "judge_mdoe"')),
    ).toBe(true);
    const dup = await call(validateRoute, {
      method: "POST",
      path: "/console/api/packs/validate",
      bearer: a.ownerToken,
      ...yaml(`${YAML}\npack:\n  slug: again\n`),
    });
    expect(dup.status).toBe(422);
    expect(JSON.stringify(dup.json.errors)).toMatch(/already defined|duplicate/i);
    const empty = await call(validateRoute, {
      method: "POST",
      path: "/console/api/packs/validate",
      bearer: a.ownerToken,
      ...yaml("   "),
    });
    expect(empty.status).toBe(400);
    const big = await call(validateRoute, {
      method: "POST",
      path: "/console/api/packs/validate",
      bearer: a.ownerToken,
      ...yaml(`# ${"x".repeat(1024 * 1024)}\n${YAML}`),
    });
    expect(big.status).toBe(413);
    const asJson = await call(validateRoute, {
      method: "POST",
      path: "/console/api/packs/validate",
      bearer: a.ownerToken,
      body: { yaml: YAML },
    });
    expect(asJson.status).toBe(415);
    expect(
      (await call(validateRoute, { method: "POST", path: "/console/api/packs/validate", ...yaml(YAML) }))
        .status,
    ).toBe(401);
  });

  it("publishes immutable versions and reads them back", async () => {
    const first = await call(publishRoute, {
      method: "POST",
      path: "/console/api/packs",
      bearer: a.ownerToken,
      ...yaml(YAML),
    });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ version_number: 1, created: true });
    expect(first.json.evaluation_spec_id).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(first.json.input_set_ids).toHaveLength(2);
    // The same content (even re-indented, keys reordered) is the same version.
    const reordered = YAML.replace(
      "  name: Support basics\n  family: Support\n",
      "  family: Support\n  name: Support basics\n",
    );
    const again = await call(publishRoute, {
      method: "POST",
      path: "/console/api/packs",
      bearer: a.ownerToken,
      ...yaml(reordered),
    });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ ...first.json, created: false });
    // Other content under the same number is refused; nothing changes.
    const changed = YAML.replace("What is the capital of Japan?", "What is the capital of Italy?");
    const conflict = await call(publishRoute, {
      method: "POST",
      path: "/console/api/packs",
      bearer: a.ownerToken,
      ...yaml(changed),
    });
    expect(conflict.status).toBe(409);
    const v2 = await call(publishRoute, {
      method: "POST",
      path: "/console/api/packs",
      bearer: a.ownerToken,
      ...yaml(changed.replace("  number: 1\n", "  number: 2\n")),
    });
    expect(v2.status).toBe(201);
    expect(v2.json.challenge_pack_id).toBe(first.json.challenge_pack_id);
    expect(v2.json.challenge_pack_version_id).not.toBe(first.json.challenge_pack_version_id);
    expect(v2.json.evaluation_spec_id).toBe(first.json.evaluation_spec_id); // the spec did not change

    const invalid = await call(publishRoute, {
      method: "POST",
      path: "/console/api/packs",
      bearer: a.ownerToken,
      ...yaml(YAML.replace("  number: 1\n", "  number: 0\n")),
    });
    expect(invalid.status).toBe(422);
    expect(invalid.json.errors).toContainEqual({
      field: "version.number",
      message: "must be greater than 0",
    });

    const list = await call(listRoute, { path: "/console/api/packs", bearer: a.ownerToken });
    expect(list.json.data).toEqual([
      expect.objectContaining({ slug: "support-basics", latest_version: 2, version_count: 2 }),
    ]);
    const pack = await call(packRoute, {
      path: "/console/api/packs/support-basics",
      params: { id: "support-basics" },
      bearer: a.ownerToken,
    });
    expect(pack.json.pack.versions.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    expect(
      pack.json.pack.versions[1].input_sets.map((s: { key: string; case_count: number }) => [
        s.key,
        s.case_count,
      ]),
    ).toEqual([
      ["capitals-core", 2],
      ["refusals", 2],
    ]);
    const version = await call(versionRoute, {
      path: `/console/api/packs/${first.json.challenge_pack_id}/versions/1`,
      params: { id: first.json.challenge_pack_id, number: "1" },
      bearer: a.ownerToken,
    });
    expect(version.status).toBe(200);
    expect(version.json.version.source_yaml).toBe(YAML);
    // The manifest is the normalised bundle: legacy items became cases with case_key.
    const refusals = (
      version.json.version.manifest.input_sets as { key: string; cases: { case_key: string }[] }[]
    ).find((s) => s.key === "refusals")!;
    expect(refusals.cases.map((c) => c.case_key)).toEqual(["ask-directly", "roleplay"]);

    // Another workspace sees none of it.
    expect((await call(listRoute, { path: "/console/api/packs", ...asB() })).json.data).toEqual([]);
    expect(
      (
        await call(packRoute, {
          path: "/console/api/packs/support-basics",
          params: { id: "support-basics" },
          ...asB(),
        })
      ).status,
    ).toBe(404);
  });

  it("limits bundle checks per workspace (429 with Retry-After), without touching other workspaces", async () => {
    const { limits } = await import("@/lib/rate-limit");
    await limits.packBundles.penalize(actors.wsA.id, limits.packBundles.points);
    const refused = await call(validateRoute, {
      method: "POST",
      path: "/console/api/packs/validate",
      bearer: a.ownerToken,
      ...yaml(YAML),
    });
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const publish = await call(publishRoute, {
      method: "POST",
      path: "/console/api/packs",
      bearer: a.ownerToken,
      ...yaml(YAML),
    });
    expect(publish.status).toBe(429);
    const other = await call(validateRoute, {
      method: "POST",
      path: "/console/api/packs/validate",
      ...asB(),
      headers: { "content-type": "application/yaml", origin: "http://localhost:3000" },
      rawBody: YAML,
    });
    expect(other.status).toBe(200);
    await limits.packBundles.reset(actors.wsA.id);
  });
});
