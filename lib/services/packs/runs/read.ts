import "server-only";
import type {
  CaseStatus,
  PackRunCaseView,
  PackRunView,
  RunStatus,
  RunSummaryView,
} from "@/lib/contracts/pack-runs";
import type { RunSummary } from "@/lib/packs/run/summary";
import { all, asJson, asNum, asNumOrNull, one, query, transaction, type Step } from "@/lib/db/sql";
import { notFound } from "@/lib/errors";
import { computeSummary, loadBundle } from "@/lib/services/packs/runs/job";
import {
  finishRun,
  readRun,
  RUN_COLUMNS,
  requestCancel,
  runOf,
  type RunRow,
} from "@/lib/services/packs/runs/store";

// Reading runs: one run with its progress and ETA, a pack's runs, a run's cases; cancelling.

type PackInfo = { pack_id: string; pack_slug: string; pack_name: string; version_number: number };

const PREFIXED = RUN_COLUMNS.split(", ")
  .map((c) => `r.${c}`)
  .join(", ");
const RUN_SELECT = `SELECT ${PREFIXED}, p.id AS pack_id, p.slug AS pack_slug, p.name AS pack_name, v.number AS version_number
  FROM pack_runs r JOIN challenge_pack_versions v ON v.id = r.challenge_pack_version_id JOIN challenge_packs p ON p.id = v.challenge_pack_id`;

/** Seconds left at the pace so far (cases recorded since the run started). */
export function etaSeconds(run: RunRow, now = Date.now()): number | null {
  if (run.status !== "running" || !run.startedAt || run.doneCases === 0) return null;
  const remaining = run.totalCases - run.sandboxCases - run.doneCases;
  if (remaining <= 0) return 0;
  const perCase = (now - run.startedAt.getTime()) / run.doneCases;
  return Math.max(0, Math.round((perCase * remaining) / 1000));
}

/**
 * The stored summary (lib/packs/run/summary.ts's shape, camelCase) as the API returns it
 * (snake_case, like every other field).
 */
export function summaryJson(stored: unknown): RunSummaryView | null {
  if (!stored || typeof stored !== "object") return null;
  const s = stored as StoredSummary;
  return {
    models: (s.models ?? []).map((m) => ({
      model: m.model,
      cases: m.cases,
      passed: m.passed,
      failed: m.failed,
      errors: m.errors,
      needs_sandbox: m.needsSandbox,
      cancelled: m.cancelled,
      pending: m.pending,
      scorecard: {
        cases: m.scorecard.cases,
        passed: m.scorecard.passed,
        pass_rate: m.scorecard.passRate,
        mean_overall: m.scorecard.meanOverall,
        dimensions: m.scorecard.dimensions.map((d) => ({
          key: d.key,
          source: d.source,
          mean: d.mean,
          scored: d.scored,
          pass_rate: d.passRate,
        })),
      },
      cost_usd: m.costUsd,
      tokens: m.tokens,
      mean_latency_ms: m.meanLatencyMs,
      security: m.security,
    })),
    n_wise: Object.fromEntries(
      Object.entries(s.nWise ?? {}).map(([judge, ranks]) => [
        judge,
        ranks.map((r) => ({ model: r.model, mean_score: r.meanScore, rank: r.rank })),
      ]),
    ),
    sandbox_notes: s.sandbox_notes ?? [],
    ...(s.left_out ? { left_out: s.left_out } : {}),
    judge_tokens: s.judge_tokens ?? 0,
    judge_cost_usd: s.judge_cost_usd ?? 0,
  };
}

type StoredSummary = Partial<RunSummary> & {
  sandbox_notes?: string[];
  left_out?: RunSummaryView["left_out"];
  judge_tokens?: number;
  judge_cost_usd?: number;
};

export function runView(run: RunRow, info: PackInfo): PackRunView {
  return {
    id: run.id,
    pack_id: info.pack_id,
    pack_slug: info.pack_slug,
    pack_name: info.pack_name,
    version_number: asNum(info.version_number),
    input_set: run.inputSetKey,
    models: run.models,
    concurrency: run.options.concurrency,
    prompt_only: run.options.promptOnly === true,
    status: run.status as RunStatus,
    total_cases: run.totalCases,
    done_cases: run.doneCases + run.sandboxCases,
    passed_cases: run.passedCases,
    error_cases: run.errorCases,
    sandbox_cases: run.sandboxCases,
    tokens: run.tokens,
    cost_usd: run.costUsd,
    eta_seconds: etaSeconds(run),
    error: run.error,
    summary: summaryJson(run.summary),
    created_at: run.createdAt.toISOString(),
    started_at: run.startedAt?.toISOString() ?? null,
    finished_at: run.finishedAt?.toISOString() ?? null,
  };
}

function* readView(workspaceId: string, runId: string): Step<PackRunView | undefined> {
  const row = yield* one<Record<string, unknown>>(
    `${RUN_SELECT} WHERE r.id = $1 AND r.tenant_id = $2`,
    runId,
    workspaceId,
  );
  return row ? runView(runOf(row), row as unknown as PackInfo) : undefined;
}

export async function getPackRun(workspaceId: string, runId: string): Promise<PackRunView> {
  const view = await query(() => readView(workspaceId, runId));
  if (!view) throw notFound("Pack run");
  return view;
}

/** A pack's runs (by pack id or slug), newest first; at most 200. 404 for another workspace's pack. */
export async function listPackRuns(workspaceId: string, packId: string): Promise<PackRunView[]> {
  const rows = await query(function* () {
    // An unknown pack is a 404 like every other pack route, not an empty list.
    const pack = yield* one<{ id: string }>(
      `SELECT id FROM challenge_packs WHERE tenant_id = $1 AND (id = $2 OR slug = $2)`,
      workspaceId,
      packId,
    );
    if (!pack) return null;
    return yield* all<Record<string, unknown>>(
      `${RUN_SELECT} WHERE r.tenant_id = $1 AND p.id = $2 ORDER BY r.created_at DESC, r.id DESC LIMIT 200`,
      workspaceId,
      pack.id,
    );
  });
  if (!rows) throw notFound("Challenge pack");
  return rows.map((row) => runView(runOf(row), row as unknown as PackInfo));
}

/** The workspace's latest runs across packs; at most 50. */
export async function listRecentRuns(workspaceId: string): Promise<PackRunView[]> {
  const rows = await query(() =>
    all<Record<string, unknown>>(
      `${RUN_SELECT} WHERE r.tenant_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT 50`,
      workspaceId,
    ),
  );
  return rows.map((row) => runView(runOf(row), row as unknown as PackInfo));
}

export function caseView(r: Record<string, unknown>): PackRunCaseView {
  return {
    ordinal: asNum(r.ordinal),
    model: String(r.model_ref),
    kind: r.kind === "security" ? "security" : "case",
    input_set: String(r.input_set_key),
    challenge_key: String(r.challenge_key),
    case_key: String(r.case_key),
    status: String(r.status) as CaseStatus,
    output: (r.output as string | null) ?? null,
    result: (asJson(r.result) as Record<string, unknown> | null) ?? null,
    overall: asNumOrNull(r.overall),
    latency_ms: asNumOrNull(r.latency_ms),
    tokens: asNumOrNull(r.tokens),
    cost_usd: asNumOrNull(r.cost_usd),
    error: (r.error as string | null) ?? null,
  };
}

const CASE_COLUMNS =
  "ordinal, model_ref, kind, input_set_key, challenge_key, case_key, status, output, result, overall, latency_ms, tokens, cost_usd, error";

export interface CaseFilter {
  offset: number;
  limit: number;
  status?: string;
  model?: string;
}

/** A page of a run's cases in plan order, with the total matching the filter. */
export async function listRunCases(
  workspaceId: string,
  runId: string,
  filter: CaseFilter,
): Promise<{ data: PackRunCaseView[]; total: number }> {
  return query(function* () {
    const run = yield* one<{ id: string }>(
      "SELECT id FROM pack_runs WHERE id = $1 AND tenant_id = $2",
      runId,
      workspaceId,
    );
    if (!run) throw notFound("Pack run");
    const where =
      "run_id = $1 AND ($2::text IS NULL OR status = $2) AND ($3::text IS NULL OR model_ref = $3)";
    const status = filter.status ?? null;
    const model = filter.model ?? null;
    const counted = yield* one<{ n: unknown }>(
      `SELECT COUNT(*) AS n FROM pack_run_cases WHERE ${where}`,
      runId,
      status,
      model,
    );
    const rows = yield* all<Record<string, unknown>>(
      `SELECT ${CASE_COLUMNS} FROM pack_run_cases WHERE ${where} ORDER BY ordinal LIMIT $4 OFFSET $5`,
      runId,
      status,
      model,
      filter.limit,
      filter.offset,
    );
    return { data: rows.map(caseView), total: asNum(counted?.n) };
  });
}

/** A page of a run's cases in plan order after `afterOrdinal` (exports read a run page by page). */
export function* runCasePage(runId: string, afterOrdinal: number, limit: number): Step<PackRunCaseView[]> {
  const rows = yield* all<Record<string, unknown>>(
    `SELECT ${CASE_COLUMNS} FROM pack_run_cases WHERE run_id = $1 AND ordinal > $2 ORDER BY ordinal LIMIT $3`,
    runId,
    afterOrdinal,
    limit,
  );
  return rows.map(caseView);
}

export interface CaseOutcomeRow {
  model: string;
  input_set: string;
  case_key: string;
  status: string;
  overall: number | null;
}

/** Each case's verdict only (comparisons): no outputs or results are read. */
export function* caseOutcomes(runId: string): Step<CaseOutcomeRow[]> {
  const rows = yield* all<Record<string, unknown>>(
    "SELECT model_ref, input_set_key, case_key, status, overall FROM pack_run_cases WHERE run_id = $1 ORDER BY ordinal",
    runId,
  );
  return rows.map((r) => ({
    model: String(r.model_ref),
    input_set: String(r.input_set_key),
    case_key: String(r.case_key),
    status: String(r.status),
    overall: asNumOrNull(r.overall),
  }));
}

/** Cancels a queued or running run (cases not yet recorded are not run); a finished run is left as it is. */
export async function cancelPackRun(workspaceId: string, runId: string): Promise<PackRunView> {
  // requestCancel checks the workspace; a run that is not this workspace's is a 404 below.
  if (await transaction(() => requestCancel(runId, workspaceId))) {
    // The summary now (a queued run has no worker to write it); a running worker writes it again
    // once its cases in flight have stopped.
    const run = await query(() => readRun(runId));
    const bundle = run ? await loadBundle(run.versionId) : undefined;
    if (run && bundle) {
      const summary = await computeSummary(run, bundle);
      await transaction(() => finishRun(runId, "cancelled", summary));
    }
  }
  return getPackRun(workspaceId, runId);
}
