// Plugins (sandboxed evaluators and scorers) through the service the console uses: create, list,
// update with version bumps, validation of input and code, workspace isolation, deletion.
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { resetEnvForTests } from "@/lib/env";
import { SIMPLE_EVALUATOR } from "@/lib/evaluation/sandbox/examples";
import {
  createPlugin,
  deletePlugin,
  getPlugin,
  getPluginBySlug,
  listPlugins,
  testRunPlugin,
  updatePlugin,
} from "@/lib/services/plugins";
import { makeChallenge, makeCollection, makeWorkspace } from "@/tests/helpers/factories";
import { appError, evaluatorInput, pluginWorld, scorerInput } from "./plugins-support";

const world = pluginWorld();

describe("plugin CRUD", () => {
  it("creates a plugin with default entrypoints and version 1", async () => {
    const created = await createPlugin(world.ws, evaluatorInput({ plugin_id: "simple-one" }), { createdBy: null });
    expect(created).toMatchObject({
      pluginId: "simple-one",
      kind: "evaluator",
      entrypoints: ["evaluate"],
      version: 1,
      configSchema: SIMPLE_EVALUATOR.configSchema,
      code: SIMPLE_EVALUATOR.code,
    });
    const scorer = await createPlugin(world.ws, scorerInput({ config_schema: null }));
    expect(scorer).toMatchObject({ entrypoints: ["score"], configSchema: null });
    expect(await getPlugin(world.ws, created.id)).toEqual(created);
    expect(await getPluginBySlug(world.ws, "simple-one")).toEqual(created);
  });

  it("refuses a second plugin_id in the same workspace with 409, allows it in another", async () => {
    const input = evaluatorInput();
    await createPlugin(world.ws, input);
    const err = await appError(createPlugin(world.ws, { ...input, name: "Again" }));
    expect(err.status).toBe(409);
    expect(err.message).toContain(input.plugin_id);
    await expect(createPlugin(world.other, input)).resolves.toMatchObject({ pluginId: input.plugin_id });
  });

  it("does not reach another workspace's plugin", async () => {
    const theirs = await createPlugin(world.other, evaluatorInput());
    for (const action of [
      () => getPlugin(world.ws, theirs.id),
      () => getPluginBySlug(world.ws, theirs.pluginId),
      () => updatePlugin(world.ws, theirs.id, { name: "stolen" }),
      () => deletePlugin(world.ws, theirs.id),
      () => testRunPlugin({ workspaceId: world.ws, pluginId: theirs.pluginId, input: {} }),
    ]) {
      const err = await appError(action());
      expect(err.code).toBe("not_found");
    }
    expect(await getPlugin(world.other, theirs.id)).toMatchObject({ name: "Simple evaluator", version: 1 });
  });

  it("lists a workspace's plugins by name, without code, filtered by kind", async () => {
    const own = await makeWorkspace();
    await createPlugin(own.id, scorerInput({ name: "B scorer" }));
    await createPlugin(own.id, evaluatorInput({ name: "A evaluator" }));
    await createPlugin(own.id, evaluatorInput({ name: "C evaluator" }));
    const all = await listPlugins(own.id);
    expect(all.map((p) => p.name)).toEqual(["A evaluator", "B scorer", "C evaluator"]);
    expect(all.every((p) => !("code" in p))).toBe(true);
    expect((await listPlugins(own.id, { kind: "scorer" })).map((p) => p.name)).toEqual(["B scorer"]);
  });

  it("bumps the version when code, entrypoints or schema change, not for a rename", async () => {
    const p = await createPlugin(world.ws, evaluatorInput());
    expect((await updatePlugin(world.ws, p.id, { name: "Renamed" })).version).toBe(1);
    const newCode = `${SIMPLE_EVALUATOR.code}\nfunction check() { return { passed: true }; }`;
    expect(await updatePlugin(world.ws, p.id, { code: newCode })).toMatchObject({ version: 2, code: newCode });
    expect(await updatePlugin(world.ws, p.id, { entrypoints: ["evaluate", "check"] })).toMatchObject({
      version: 3,
      entrypoints: ["evaluate", "check"],
    });
    expect(await updatePlugin(world.ws, p.id, { config_schema: { type: "object" } })).toMatchObject({ version: 4 });
    expect(await updatePlugin(world.ws, p.id, { config_schema: null })).toMatchObject({ version: 5, configSchema: null });
    expect(await updatePlugin(world.ws, p.id, { code: newCode })).toMatchObject({ version: 5 });
  });

  it.each([
    { name: "a bad slug", input: { plugin_id: "Has Spaces" }, message: /plugin_id/ },
    { name: "an unknown kind", input: { kind: "judge" as never }, message: /kind must be evaluator or scorer/ },
    { name: "code over 100 KB", input: { code: `// ${"x".repeat(100 * 1024)}` }, message: /larger than 100 KB/ },
    { name: "empty code", input: { code: "  " }, message: /code is required/ },
    { name: "a bad entrypoint", input: { entrypoints: ["evaluate()"] }, message: /entrypoint/ },
    { name: "duplicate entrypoints", input: { entrypoints: ["evaluate", "evaluate"] }, message: /unique/ },
    {
      name: "a config_schema ajv cannot compile",
      input: { config_schema: { type: "strnig" } },
      message: /config_schema is not a valid JSON Schema/,
    },
    {
      name: "a config_schema with an unknown keyword",
      input: { config_schema: { type: "object", requried: ["a"] } },
      message: /unknown keyword: "requried"/,
    },
    {
      name: "a config_schema pattern RE2 cannot run",
      input: { config_schema: { type: "string", pattern: "^(?=a)" } },
      message: /config_schema is not a valid JSON Schema/,
    },
  ])("rejects $name with a clear message", async ({ input, message }) => {
    const err = await createPlugin(world.ws, evaluatorInput(input)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ZodError);
    expect((err as ZodError).issues.map((i) => i.message).join("; ")).toMatch(message);
  });

  it.each([
    { name: "a syntax error", code: "function evaluate( {", message: /code: SyntaxError/ },
    { name: "a missing entrypoint", code: "function judge() {}", message: /"evaluate" is not a function/ },
    { name: "top-level code that loops", code: "for (;;) {}\nfunction evaluate() {}", message: /longer than 2 s/, productDeadline: true },
  ])("rejects code with $name (checked in the sandbox)", async ({ code, message, productDeadline }) => {
    // The test setup gives loading a generous deadline; only the looping case is about it, and
    // meets the product's 2 s (a slower machine only meets it sooner).
    const saved = process.env.SANDBOX_LOAD_TIMEOUT_MS;
    if (productDeadline) {
      delete process.env.SANDBOX_LOAD_TIMEOUT_MS;
      resetEnvForTests();
    }
    try {
      const err = await appError(createPlugin(world.ws, evaluatorInput({ code })));
      expect(err.code).toBe("validation_failed");
      expect(err.message).toMatch(message);
    } finally {
      if (saved === undefined) delete process.env.SANDBOX_LOAD_TIMEOUT_MS;
      else process.env.SANDBOX_LOAD_TIMEOUT_MS = saved;
      resetEnvForTests();
    }
  });

  it("checks code again on update and keeps the old version on failure", async () => {
    const p = await createPlugin(world.ws, evaluatorInput());
    const err = await appError(updatePlugin(world.ws, p.id, { code: "syntax error here(" }));
    expect(err.code).toBe("validation_failed");
    expect(await getPlugin(world.ws, p.id)).toMatchObject({ version: 1, code: SIMPLE_EVALUATOR.code });
    await expect(updatePlugin(world.ws, p.id, { kind: "scorer" } as never)).rejects.toBeInstanceOf(ZodError);
    await expect(updatePlugin(world.ws, p.id, {})).rejects.toBeInstanceOf(ZodError);
  });

  it("refuses to delete a plugin in use, deletes it once free", async () => {
    const p = await createPlugin(world.ws, evaluatorInput());
    const challenge = await makeChallenge({ workspaceId: world.ws, evaluatorType: "custom", evaluatorPluginId: p.pluginId });
    const collection = await makeCollection({ workspaceId: world.ws, scoringStrategy: "custom", scoringPluginId: p.pluginId });
    const err = await appError(deletePlugin(world.ws, p.id));
    expect(err.status).toBe(409);
    expect(err.message).toMatch(/1 challenge and 1 collection/);

    const { db } = await import("@/lib/db");
    await db.challenge.update({ where: { id: challenge.id }, data: { evaluatorPluginId: null } });
    await db.challengeCollection.update({ where: { id: collection.id }, data: { scoringPluginId: null } });
    await deletePlugin(world.ws, p.id);
    expect((await appError(getPlugin(world.ws, p.id))).code).toBe("not_found");
  });
});
