import "server-only";
import { createHash } from "node:crypto";
import { log } from "@/lib/log";
import { clipForEvaluation } from "@/lib/evaluation/limits";
import { effectiveTimeoutMs, runInSandbox } from "@/lib/evaluation/sandbox/pool";
import type { JsonValue, SandboxErrorKind } from "@/lib/evaluation/sandbox/types";
import type { AttemptMetrics, EvaluationResult, ScoreResult } from "@/lib/evaluation/types";
import {
  compileConfigSchema,
  DEFAULT_ENTRYPOINT,
  pluginOutputSchemas,
  type CompiledConfigSchema,
  type EvaluatorOutput,
  type PluginKind,
  type ScorerOutput,
} from "@/lib/contracts/plugins";

// Custom evaluators and scorers (workspace plugins): load the workspace's
// plugin, check kind, entrypoint and config, run it in the sandbox with sanitised inputs, and
// validate what it returns. A failing plugin is its own outcome ("error", never a pass or a
// fail); players see one generic sentence, the details go to the log.

export const PLUGIN_ERROR_FEEDBACK = "The custom evaluator failed; this attempt was not scored.";
export const SCORER_ERROR_MESSAGE = "The custom scorer failed; this attempt was not scored.";

/**
 * What the caller knows about the run; becomes the plugin's EvaluatorContext / ScoringContext.
 * The context's own spellings (app_id, …) are accepted too. tenant_id always comes from
 * workspaceId, so a caller cannot point a plugin at another tenant.
 */
export interface PluginCallContext {
  appId?: string | null;
  workflowId?: string | null;
  challengeId?: string | null;
  endUserId?: string | null;
  app_id?: string | null;
  workflow_id?: string | null;
  challenge_id?: string | null;
  end_user_id?: string | null;
  /** Runtime variables chosen by the caller (already sanitised; credential-like keys are dropped again here). */
  variables?: Record<string, unknown> | null;
}

/** Reads a workspace's stored plugin by its slug (lib/services/plugins.ts); null when there is none. */
export type PluginLoader = (workspaceId: string, pluginId: string) => Promise<PluginRow | null>;

interface PluginCallBase {
  workspaceId: string;
  /** Where the plugin's code comes from: evaluation never reads storage itself. */
  loadPlugin: PluginLoader;
  /** The plugin's slug (plugin_id), as stored on challenges and collections. */
  pluginId: string;
  /** Defaults to the plugin's first listed entrypoint. */
  entrypoint?: string | null;
  config?: Record<string, unknown> | null;
  ctx?: PluginCallContext | null;
  /** Sandbox timeout; default SANDBOX_TIMEOUT_MS (5000 ms). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface EvaluateWithPluginOptions extends PluginCallBase {
  goal: string;
  response: string;
}

export interface ScoreWithPluginOptions extends PluginCallBase {
  /** One attempt, or (collection-level custom scoring) one entry per challenge. */
  metrics: AttemptMetrics | readonly AttemptMetrics[];
}

export type PluginFailure = SandboxErrorKind | "not_found" | "wrong_kind" | "unknown_entrypoint" | "invalid_config";

export interface PluginRunMeta {
  pluginId: string;
  version: number | null;
  entrypoint: string | null;
  durationMs: number;
}

export type PluginRun<T> =
  | ({ ok: true; output: T } & PluginRunMeta)
  | ({ ok: false; error: PluginFailure; detail: string } & PluginRunMeta);

export interface PluginRow {
  id: string;
  pluginId: string;
  kind: string;
  code: string;
  entrypoints: unknown;
  configSchema: unknown;
  version: number;
}

export async function evaluateWithPlugin(opts: EvaluateWithPluginOptions): Promise<EvaluationResult> {
  // The plugin sees at most EVALUATION_MAX_INPUT_CHARS of the answer, like every evaluator.
  const run = await runStoredPlugin("evaluator", opts, [opts.goal, clipForEvaluation(opts.response)]);
  const raw: Record<string, unknown> = {
    plugin_id: run.pluginId,
    plugin_version: run.version,
    entrypoint: run.entrypoint,
    duration_ms: run.durationMs,
  };
  if (!run.ok) {
    return {
      outcome: "error",
      rating: null,
      feedback: PLUGIN_ERROR_FEEDBACK,
      evaluator: "custom",
      errorKind: "plugin_error",
      raw: { ...raw, error: run.error },
    };
  }
  const output = run.output as EvaluatorOutput;
  return {
    outcome: output.passed ? "pass" : "fail",
    rating: output.rating ?? null,
    feedback: output.feedback ?? null,
    evaluator: "custom",
    raw: output.raw ? { ...raw, output: output.raw } : raw,
  };
}

export async function scoreWithPlugin(
  opts: ScoreWithPluginOptions,
): Promise<{ ok: true; result: ScoreResult } | { ok: false; error: string }> {
  const run = await runStoredPlugin("scorer", opts, [opts.metrics]);
  if (!run.ok) return { ok: false, error: `${SCORER_ERROR_MESSAGE} (${run.error})` };
  const output = run.output as ScorerOutput;
  return { ok: true, result: output.details ? { score: output.score, details: output.details } : { score: output.score } };
}

/**
 * Loads a stored plugin and runs one entrypoint with the plugin API's argument order:
 * evaluate(goal, response, config, ctx) and score(metrics, config, ctx).
 */
async function runStoredPlugin(
  kind: PluginKind,
  opts: PluginCallBase,
  leading: unknown[],
): Promise<PluginRun<EvaluatorOutput | ScorerOutput>> {
  const started = performance.now();
  const row = await opts.loadPlugin(opts.workspaceId, opts.pluginId);
  const timeoutMs = effectiveTimeoutMs(opts.timeoutMs);
  const ctx = pluginContext(kind, opts.workspaceId, opts.ctx, timeoutMs);
  const result = await runPluginRow(row, kind, {
    entrypoint: opts.entrypoint,
    config: opts.config,
    timeoutMs,
    signal: opts.signal,
    tenant: opts.workspaceId,
    buildArgs: (config) => [...leading, config, ctx],
  });
  const meta: PluginRunMeta = {
    pluginId: opts.pluginId,
    version: row?.version ?? null,
    entrypoint: result.entrypoint,
    durationMs: Math.round(performance.now() - started),
  };
  const fields = {
    workspace_id: opts.workspaceId,
    plugin_id: meta.pluginId,
    plugin_version: meta.version,
    kind,
    entrypoint: meta.entrypoint,
    duration_ms: meta.durationMs,
  };
  if (!result.ok) {
    log.warn("plugin run failed", { ...fields, error: result.error, detail: result.detail.slice(0, 300) });
    return { ok: false, error: result.error, detail: result.detail, ...meta };
  }
  log.info("plugin run", fields);
  return { ok: true, output: result.output, ...meta };
}

export interface RunPluginRowOptions {
  entrypoint?: string | null;
  config?: Record<string, unknown> | null;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The workspace whose job this is: workspaces take turns in the shared sandbox pool. */
  tenant: string;
  /** The entrypoint's arguments, given the validated config. */
  buildArgs: (config: Record<string, unknown>) => unknown[];
}

export type PluginRowResult =
  | { ok: true; output: EvaluatorOutput | ScorerOutput; value: JsonValue; entrypoint: string }
  | { ok: false; error: PluginFailure; detail: string; entrypoint: string | null; value?: JsonValue };

/** Runs one entrypoint of an already-loaded plugin row (shared with the console's test-run). */
export async function runPluginRow(
  row: PluginRow | null,
  kind: PluginKind,
  opts: RunPluginRowOptions,
): Promise<PluginRowResult> {
  if (!row) return { ok: false, error: "not_found", detail: "The plugin does not exist in this workspace", entrypoint: null };
  if (row.kind !== kind) {
    return { ok: false, error: "wrong_kind", detail: `The plugin is a ${row.kind}, not a ${kind}`, entrypoint: null };
  }
  const listed = Array.isArray(row.entrypoints) ? row.entrypoints.filter((e): e is string => typeof e === "string") : [];
  const entrypoint = opts.entrypoint || listed[0] || DEFAULT_ENTRYPOINT[kind];
  if (!listed.includes(entrypoint)) {
    return { ok: false, error: "unknown_entrypoint", detail: `"${entrypoint}" is not one of the plugin's entrypoints`, entrypoint };
  }

  const config = opts.config ?? {};
  if (typeof config !== "object" || Array.isArray(config)) {
    return { ok: false, error: "invalid_config", detail: "config must be a JSON object", entrypoint };
  }
  if (row.configSchema !== null && row.configSchema !== undefined) {
    const compiled = configValidator(row);
    if (!compiled.ok) return { ok: false, error: "invalid_config", detail: compiled.message, entrypoint };
    const checked = compiled.validate(config);
    if (!checked.ok) return { ok: false, error: "invalid_config", detail: checked.message, entrypoint };
  }

  const result = await runInSandbox(
    { code: row.code, entrypoint, args: opts.buildArgs(config), timeoutMs: effectiveTimeoutMs(opts.timeoutMs) },
    { signal: opts.signal, tenant: opts.tenant },
  );
  if (!result.ok) return { ok: false, error: result.error, detail: result.detail, entrypoint };
  const parsed = pluginOutputSchemas[kind].safeParse(result.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    const expected = kind === "evaluator" ? "{ passed: boolean, rating?, feedback?, raw? }" : "{ score: number, details? }";
    return {
      ok: false,
      error: "invalid_output",
      detail: `Expected ${expected}; ${where}${issue?.message ?? "invalid value"}`,
      entrypoint,
      value: result.value,
    };
  }
  return { ok: true, output: parsed.data, value: result.value, entrypoint };
}

// Compiled config validators, keyed by plugin row, version and schema content (a schema edit
// without a code change still gets a fresh validator). Bounded: oldest entries go first.
const validators = new Map<string, CompiledConfigSchema>();
const MAX_VALIDATORS = 200;

function configValidator(row: PluginRow): CompiledConfigSchema {
  const schemaText = JSON.stringify(row.configSchema);
  const key = `${row.id}:${row.version}:${createHash("sha256").update(schemaText).digest("base64url")}`;
  const cached = validators.get(key);
  if (cached) return cached;
  const compiled = compileConfigSchema(row.configSchema);
  validators.set(key, compiled);
  if (validators.size > MAX_VALIDATORS) validators.delete(validators.keys().next().value!);
  return compiled;
}

/** Number of cached config validators (tests check the cache is used). */
export function configValidatorCacheSize(): number {
  return validators.size;
}

const CREDENTIAL_KEY = /pass(word)?|secret|token|api[-_]?key|authorization|cookie|credential|private[-_]?key|session/i;
const MAX_VARIABLES_CHARS = 64 * 1024;

/**
 * The plugin's EvaluatorContext / ScoringContext. Variables are JSON-cloned, credential-looking keys
 * removed at any depth, and dropped entirely if too large: plugins get data, never secrets.
 */
export function pluginContext(
  kind: PluginKind,
  workspaceId: string,
  ctx: PluginCallContext | null | undefined,
  timeoutMs: number,
): Record<string, unknown> {
  const id = (value: unknown, seedValue: unknown) => {
    const v = value ?? seedValue;
    return typeof v === "string" ? v : null;
  };
  const base: Record<string, unknown> = {
    tenant_id: workspaceId,
    app_id: id(ctx?.appId, ctx?.app_id),
    workflow_id: id(ctx?.workflowId, ctx?.workflow_id),
    challenge_id: id(ctx?.challengeId, ctx?.challenge_id),
    end_user_id: id(ctx?.endUserId, ctx?.end_user_id),
    timeout_ms: timeoutMs,
  };
  // A ScoringContext has no variables.
  if (kind === "evaluator") base.variables = sanitiseVariables(ctx?.variables);
  return base;
}

export function sanitiseVariables(variables: Record<string, unknown> | null | undefined): Record<string, unknown> {
  if (!variables) return {};
  let cloned: unknown;
  try {
    const text = JSON.stringify(variables);
    if (!text || text.length > MAX_VARIABLES_CHARS) return {};
    cloned = JSON.parse(text);
  } catch {
    return {};
  }
  return strip(cloned, 0) as Record<string, unknown>;
}

function strip(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== "object") return value;
  if (depth > 8) return null;
  if (Array.isArray(value)) return value.map((v) => strip(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (!CREDENTIAL_KEY.test(k)) out[k] = strip(v, depth + 1);
  return out;
}
