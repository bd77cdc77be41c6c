// Shared by the plugins tests: two workspaces, inputs for the example evaluator and scorer, and
// the sandbox pool closed after the file.
import { afterAll, beforeAll, expect } from "vitest";
import type { PluginCreateInput } from "@/lib/contracts/plugins";
import { AppError } from "@/lib/errors";
import { SIMPLE_EVALUATOR, WEIGHTED_SCORER } from "@/lib/evaluation/sandbox/examples";
import { getSandboxPool } from "@/lib/evaluation/sandbox/pool";
import { makeWorkspace, unique } from "@/tests/helpers/factories";

export interface PluginWorld {
  /** The workspace the tests act in. */
  ws: string;
  /** Another workspace, for the cross-workspace checks. */
  other: string;
}

/** Registers the file's hooks; the returned object is filled in beforeAll. */
export function pluginWorld(): PluginWorld {
  const world = {} as PluginWorld;
  afterAll(() => getSandboxPool().close());
  beforeAll(async () => {
    world.ws = (await makeWorkspace()).id;
    world.other = (await makeWorkspace()).id;
  });
  return world;
}

export const evaluatorInput = (overrides: Partial<PluginCreateInput> = {}): PluginCreateInput => ({
  plugin_id: unique("simple"),
  name: "Simple evaluator",
  kind: "evaluator",
  code: SIMPLE_EVALUATOR.code,
  config_schema: SIMPLE_EVALUATOR.configSchema,
  ...overrides,
});

export const scorerInput = (overrides: Partial<PluginCreateInput> = {}): PluginCreateInput => ({
  plugin_id: unique("weighted"),
  name: "Weighted scorer",
  kind: "scorer",
  code: WEIGHTED_SCORER.code,
  config_schema: WEIGHTED_SCORER.configSchema,
  ...overrides,
});

export async function appError(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}
