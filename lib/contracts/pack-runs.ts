import { z } from "zod";
import { operation } from "@/lib/contracts/operation";

// Runs of a challenge-pack version against models (docs/packs.md §4): start one, follow its
// progress, read its cases, cancel it, export it (JSON, CSV), compare two runs.

export const MAX_RUN_MODELS = 8;
export const MAX_RUN_CONCURRENCY = 64;
export const DEFAULT_RUN_CONCURRENCY = 8;
export const RUN_STATUSES = ["queued", "running", "completed", "cancelled", "failed"] as const;
export const CASE_STATUSES = ["pending", "passed", "failed", "error", "needs_sandbox", "cancelled"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export type CaseStatus = (typeof CASE_STATUSES)[number];

const modelRef = z.string().trim().min(1).max(300);

export const startRunBody = z
  .object({
    /** The version number; default the latest. */
    version: z.number().int().min(1).max(2_147_483_647).optional(),
    /** One input set's key; default every input set. */
    input_set: z.string().trim().min(1).max(200).optional(),
    models: z.array(modelRef).min(1).max(MAX_RUN_MODELS),
    /** Cases in flight at once per provider (default 8). */
    concurrency: z.number().int().min(1).max(MAX_RUN_CONCURRENCY).optional(),
    /** A judge model named by the pack (e.g. "gpt-4o") → the Gauntlet model reference to use. */
    judge_models: z.record(z.string().max(200), modelRef).optional(),
    /**
     * Run only what needs no sandbox provider. Without it, a run that would leave cases out
     * (a native pack, sandbox validators, files, artifacts, a user simulator) is refused with
     * 422 needs_sandbox.
     */
    prompt_only: z.boolean().optional(),
  })
  .strict();
export type StartRunBody = z.infer<typeof startRunBody>;

const dimension = z.object({
  key: z.string(),
  source: z.string(),
  mean: z.number().nullable(),
  scored: z.number(),
  pass_rate: z.number().nullable(),
});

export const modelSummary = z.object({
  model: z.string(),
  cases: z.number(),
  passed: z.number(),
  failed: z.number(),
  errors: z.number(),
  needs_sandbox: z.number(),
  cancelled: z.number(),
  pending: z.number(),
  scorecard: z.object({
    cases: z.number(),
    passed: z.number(),
    pass_rate: z.number().nullable(),
    mean_overall: z.number().nullable(),
    dimensions: z.array(dimension),
  }),
  cost_usd: z.number(),
  tokens: z.number(),
  mean_latency_ms: z.number().nullable(),
  security: z.object({ tests: z.number(), passed: z.number(), findings: z.number() }),
});

export const runSummary = z.object({
  models: z.array(modelSummary),
  n_wise: z.record(
    z.string(),
    z.array(z.object({ model: z.string(), mean_score: z.number().nullable(), rank: z.number().nullable() })),
  ),
  sandbox_notes: z.array(z.string()),
  /** Cases left out because they need a sandbox provider (prompt_only runs), by reason. */
  left_out: z
    .object({
      cases: z.number(),
      reasons: z.array(z.object({ reason: z.string(), cases: z.number() })),
    })
    .optional(),
  judge_tokens: z.number(),
  judge_cost_usd: z.number(),
});
export type RunSummaryView = z.infer<typeof runSummary>;

export const packRunView = z.object({
  id: z.string(),
  pack_id: z.string(),
  pack_slug: z.string(),
  pack_name: z.string(),
  version_number: z.number(),
  input_set: z.string().nullable(),
  models: z.array(z.string()),
  concurrency: z.number(),
  /** Started with prompt_only: cases that need a sandbox provider were left out. */
  prompt_only: z.boolean(),
  status: z.enum(RUN_STATUSES),
  total_cases: z.number(),
  done_cases: z.number(),
  passed_cases: z.number(),
  error_cases: z.number(),
  sandbox_cases: z.number(),
  tokens: z.number(),
  cost_usd: z.number(),
  /** Seconds left at the current pace; null before the first case or once finished. */
  eta_seconds: z.number().nullable(),
  error: z.string().nullable(),
  summary: runSummary.nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type PackRunView = z.infer<typeof packRunView>;

export const packRunCaseView = z.object({
  ordinal: z.number(),
  model: z.string(),
  kind: z.enum(["case", "security"]),
  input_set: z.string(),
  challenge_key: z.string(),
  case_key: z.string(),
  status: z.enum(CASE_STATUSES),
  output: z.string().nullable(),
  /** Prompt, validators, judges, scorecard and security findings (see lib/packs/run/execute.ts). */
  result: z.record(z.string(), z.unknown()).nullable(),
  overall: z.number().nullable(),
  latency_ms: z.number().nullable(),
  tokens: z.number().nullable(),
  cost_usd: z.number().nullable(),
  error: z.string().nullable(),
});
export type PackRunCaseView = z.infer<typeof packRunCaseView>;

export const runCasesQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  status: z.enum(CASE_STATUSES).optional(),
  model: z.string().max(300).optional(),
});

export const exportQuery = z.object({ format: z.enum(["json", "csv"]).default("json") });
export const compareQuery = z.object({ a: z.string().min(1).max(100), b: z.string().min(1).max(100) });

export const comparisonView = z.object({
  a: packRunView,
  b: packRunView,
  /** Per model pair (a's model i vs b's model i, or each model when both runs are one run's models). */
  dimensions: z.array(
    z.object({
      key: z.string(),
      a: z.number().nullable(),
      b: z.number().nullable(),
      delta: z.number().nullable(),
    }),
  ),
  cases: z.array(
    z.object({
      input_set: z.string(),
      case_key: z.string(),
      a_status: z.string().nullable(),
      b_status: z.string().nullable(),
      a_overall: z.number().nullable(),
      b_overall: z.number().nullable(),
      changed: z.boolean(),
    }),
  ),
  a_model: z.string(),
  b_model: z.string(),
});
export type ComparisonView = z.infer<typeof comparisonView>;

const packParams = z.object({ id: z.string().min(1).max(100) });
const runParams = z.object({ id: z.string().min(1).max(100) });

export const packRunOperations = {
  start: operation({
    auth: "workspace",
    params: packParams,
    body: startRunBody,
    doc: {
      summary:
        "Start a run of a pack version against one or more models (runs on the job engine); 422 needs_sandbox when cases need a sandbox provider, unless prompt_only",
      response: z.object({ run: packRunView }),
      status: 202,
      statuses: [429],
      errorCodes: ["needs_sandbox"],
    },
  }),
  listForPack: operation({
    auth: "workspace",
    params: packParams,
    doc: { summary: "A pack's runs, newest first", response: z.object({ data: z.array(packRunView) }) },
  }),
  get: operation({
    auth: "workspace",
    params: runParams,
    doc: {
      summary: "A run: progress, ETA and (once finished) its summary",
      response: z.object({ run: packRunView }),
    },
  }),
  cases: operation({
    auth: "workspace",
    params: runParams,
    query: runCasesQuery,
    doc: {
      summary: "A run's cases with their outputs, validators, judges and scores",
      response: z.object({ data: z.array(packRunCaseView), total: z.number() }),
    },
  }),
  cancel: operation({
    auth: "workspace",
    params: runParams,
    doc: {
      summary: "Cancel a run: cases not yet started are not run",
      response: z.object({ run: packRunView }),
    },
  }),
  export: operation({
    auth: "workspace",
    params: runParams,
    query: exportQuery,
    doc: { summary: "A run's results as JSON or CSV", responseMediaType: "text/csv" },
  }),
  compare: operation({
    auth: "workspace",
    query: compareQuery.extend({
      a_model: z.string().max(300).optional(),
      b_model: z.string().max(300).optional(),
    }),
    doc: {
      summary: "Two runs (or two models) side by side: per dimension and per case",
      response: comparisonView,
    },
  }),
};
