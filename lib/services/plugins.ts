import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError, conflict, fromDatabaseError, notFound } from "@/lib/errors";
import { Prisma } from "@/lib/generated/sqlite/client";
import { clipForEvaluation } from "@/lib/evaluation/limits";
import { pluginContext, runPluginRow, type PluginFailure, type PluginLoader } from "@/lib/evaluation/plugins";
import { effectiveTimeoutMs, runInSandbox } from "@/lib/evaluation/sandbox/pool";
import type { JsonValue } from "@/lib/evaluation/sandbox/types";
import {
  attemptMetricsSchema,
  pluginCreateSchema,
  pluginTestRunSchema,
  pluginUpdateSchema,
  type PluginCreateInput,
  type PluginKind,
  type PluginTestRunInput,
  type PluginUpdateInput,
} from "@/lib/contracts/plugins";
import type { PluginSummary, PluginView } from "@/lib/contracts/plugins";

export type { PluginSummary, PluginView };

// Workspace plugins (custom evaluators and scorers). Inputs are parsed here with the shared zod
// schemas, so server actions and route handlers get the same checks; code is loaded once in the
// sandbox before it is saved, so syntax errors and missing entrypoints are caught at save time.

const summarySelect = {
  id: true,
  pluginId: true,
  name: true,
  kind: true,
  entrypoints: true,
  configSchema: true,
  version: true,
  createdBy: true,
  createdAt: true,
  updatedAt: true,
} as const;
const viewSelect = { ...summarySelect, code: true } as const;

type SummaryRow = Omit<PluginSummary, "kind" | "entrypoints" | "configSchema"> & {
  kind: string;
  entrypoints: unknown;
  configSchema: unknown;
};

function toSummary({ kind, entrypoints, configSchema, ...rest }: SummaryRow): PluginSummary {
  return {
    ...rest,
    kind: kind === "scorer" ? "scorer" : "evaluator",
    entrypoints: Array.isArray(entrypoints) ? entrypoints.filter((e): e is string => typeof e === "string") : [],
    configSchema:
      configSchema && typeof configSchema === "object" && !Array.isArray(configSchema)
        ? (configSchema as Record<string, unknown>)
        : null,
  };
}

const toView = ({ code, ...rest }: SummaryRow & { code: string }): PluginView => ({ ...toSummary(rest), code });

/** Loads the code and checks every entrypoint is a function; a clear 422 otherwise. */
async function checkCode(workspaceId: string, code: string, entrypoints: string[]): Promise<void> {
  const timeoutMs = env.SANDBOX_LOAD_TIMEOUT_MS;
  for (const entrypoint of entrypoints) {
    const result = await runInSandbox({ code, entrypoint, checkOnly: true, timeoutMs }, { tenant: workspaceId });
    if (!result.ok) {
      const why =
        result.error === "timeout"
          ? `loading the code took longer than ${timeoutMs / 1000} s (top-level code must not loop)`
          : result.error === "memory"
            ? "loading the code exceeded the memory limit"
            : result.detail;
      throw new AppError("validation_failed", `code: ${why}`, { details: { issues: [{ path: "code", message: why }] } });
    }
  }
}

function rethrow(err: unknown, pluginId?: string): never {
  const mapped = fromDatabaseError(err);
  if (mapped?.code === "conflict" && pluginId) {
    throw conflict(`A plugin with plugin_id "${pluginId}" already exists in this workspace`);
  }
  throw mapped ?? err;
}

export async function createPlugin(
  workspaceId: string,
  input: PluginCreateInput,
  opts: { createdBy?: string | null } = {},
): Promise<PluginView> {
  const data = pluginCreateSchema.parse(input);
  await checkCode(workspaceId, data.code, data.entrypoints);
  try {
    const row = await db.plugin.create({
      data: {
        workspaceId,
        pluginId: data.plugin_id,
        name: data.name,
        kind: data.kind,
        code: data.code,
        entrypoints: data.entrypoints,
        configSchema: (data.config_schema ?? Prisma.DbNull) as Prisma.InputJsonValue,
        createdBy: opts.createdBy ?? null,
      },
      select: viewSelect,
    });
    return toView(row);
  } catch (err) {
    rethrow(err, data.plugin_id);
  }
}

export async function listPlugins(workspaceId: string, filter: { kind?: PluginKind } = {}): Promise<PluginSummary[]> {
  const rows = await db.plugin.findMany({
    where: { workspaceId, ...(filter.kind ? { kind: filter.kind } : {}) },
    orderBy: [{ name: "asc" }, { pluginId: "asc" }],
    select: summarySelect,
  });
  return rows.map(toSummary);
}

export async function getPlugin(workspaceId: string, id: string): Promise<PluginView> {
  const row = await db.plugin.findFirst({ where: { id, workspaceId }, select: viewSelect });
  if (!row) throw notFound("Plugin");
  return toView(row);
}

/** By slug, as challenges and collections refer to plugins. */
export async function getPluginBySlug(workspaceId: string, pluginId: string): Promise<PluginView> {
  const row = await db.plugin.findUnique({ where: { workspaceId_pluginId: { workspaceId, pluginId } }, select: viewSelect });
  if (!row) throw notFound("Plugin");
  return toView(row);
}

/** Updates name, code, entrypoints or config schema; the version goes up when behaviour changes. */
export async function updatePlugin(workspaceId: string, id: string, input: PluginUpdateInput): Promise<PluginView> {
  const data = pluginUpdateSchema.parse(input);
  const current = await getPlugin(workspaceId, id);
  const code = data.code ?? current.code;
  const entrypoints = data.entrypoints ?? current.entrypoints;
  const codeChanged = code !== current.code || JSON.stringify(entrypoints) !== JSON.stringify(current.entrypoints);
  const schemaChanged =
    data.config_schema !== undefined && JSON.stringify(data.config_schema) !== JSON.stringify(current.configSchema);
  if (codeChanged) await checkCode(workspaceId, code, entrypoints);

  // Guarded by the version read above: two concurrent edits cannot both win silently.
  const res = await db.plugin.updateMany({
    where: { id, workspaceId, version: current.version },
    data: {
      ...(data.name !== undefined ? { name: data.name } : {}),
      ...(data.code !== undefined ? { code: data.code } : {}),
      ...(data.entrypoints !== undefined ? { entrypoints: data.entrypoints } : {}),
      ...(data.config_schema !== undefined
        ? { configSchema: (data.config_schema ?? Prisma.DbNull) as Prisma.InputJsonValue }
        : {}),
      ...(codeChanged || schemaChanged ? { version: { increment: 1 } } : {}),
    },
  });
  if (res.count === 0) {
    const stillThere = await db.plugin.count({ where: { id, workspaceId } });
    if (stillThere === 0) throw notFound("Plugin");
    throw conflict("The plugin was changed by someone else; reload and try again");
  }
  return getPlugin(workspaceId, id);
}

/** Deletes a plugin no challenge or collection uses any more. */
export async function deletePlugin(workspaceId: string, id: string): Promise<void> {
  const plugin = await getPlugin(workspaceId, id);
  const slug = plugin.pluginId;
  const [challenges, collections] = await Promise.all([
    db.challenge.count({ where: { workspaceId, OR: [{ evaluatorPluginId: slug }, { scoringPluginId: slug }] } }),
    db.challengeCollection.count({ where: { workspaceId, scoringPluginId: slug } }),
  ]);
  if (challenges + collections > 0) {
    const uses = [
      challenges ? `${challenges} challenge${challenges === 1 ? "" : "s"}` : "",
      collections ? `${collections} collection${collections === 1 ? "" : "s"}` : "",
    ].filter(Boolean);
    throw conflict(`The plugin is used by ${uses.join(" and ")}; point them elsewhere first`);
  }
  const res = await db.plugin.deleteMany({ where: { id, workspaceId } });
  if (res.count === 0) throw notFound("Plugin");
}

export type TestRunResult =
  | { ok: true; kind: PluginKind; entrypoint: string; value: JsonValue; durationMs: number }
  | {
      ok: false;
      kind: PluginKind;
      entrypoint: string | null;
      error: PluginFailure;
      detail: string;
      /** What the plugin returned, when it returned something of the wrong shape. */
      value?: JsonValue;
      durationMs: number;
    };

/** A stored plugin with its code, for running it (evaluation's PluginLoader). */
export const loadPluginRow: PluginLoader = (workspaceId, pluginId) =>
  db.plugin.findUnique({
    where: { workspaceId_pluginId: { workspaceId, pluginId } },
    select: { id: true, pluginId: true, kind: true, code: true, entrypoints: true, configSchema: true, version: true },
  });

/**
 * The console's test-run box: runs a stored plugin (by slug) on sample input. The creator sees
 * the real error detail (it is their own code); players never reach this.
 */
export async function testRunPlugin({
  workspaceId,
  pluginId,
  input,
}: {
  workspaceId: string;
  pluginId: string;
  input: PluginTestRunInput;
}): Promise<TestRunResult> {
  const data = pluginTestRunSchema.parse(input);
  const row = await loadPluginRow(workspaceId, pluginId);
  if (!row) throw notFound("Plugin");
  const kind: PluginKind = row.kind === "scorer" ? "scorer" : "evaluator";
  const timeoutMs = effectiveTimeoutMs();
  const ctx = pluginContext(kind, workspaceId, { variables: data.variables ?? null }, timeoutMs);
  const leading = kind === "evaluator" ? [data.goal, clipForEvaluation(data.response)] : [data.metrics ?? attemptMetricsSchema.parse({})];

  const started = performance.now();
  const result = await runPluginRow(row, kind, {
    entrypoint: data.entrypoint,
    config: data.config,
    timeoutMs,
    tenant: workspaceId,
    buildArgs: (config) => [...leading, config, ctx],
  });
  const durationMs = Math.round(performance.now() - started);
  if (result.ok) return { ok: true, kind, entrypoint: result.entrypoint, value: result.value, durationMs };
  return {
    ok: false,
    kind,
    entrypoint: result.entrypoint,
    error: result.error,
    detail: result.detail,
    ...(result.value !== undefined ? { value: result.value } : {}),
    durationMs,
  };
}
