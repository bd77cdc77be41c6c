import "server-only";
import type {
  CaseStatus,
  PackRunCaseView,
  PackRunView,
  RunStatus,
  RunSummaryView,
} from "@/lib/contracts/pack-runs";
import type { RunSummary } from "@/lib/packs/run/summary";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { notFound } from "@/lib/errors";
import { computeSummary, loadBundle } from "@/lib/services/packs/runs/job";
import {
  CASE_KEY_SELECT,
  finishRun,
  readRun,
  requestCancel,
  RUN_SELECT,
  runOf,
  type RunRow,
} from "@/lib/services/packs/runs/store";

// Reading runs: one run with its progress and ETA, a pack's runs, a run's cases; cancelling.

type PackInfo = { packId: string; packSlug: string; packName: string; versionNumber: number };

const RUN_VIEW_SELECT = {
  ...RUN_SELECT,
  version: { select: { number: true, pack: { select: { id: true, slug: true, name: true } } } },
} satisfies Prisma.PackRunSelect;

const NEWEST_FIRST = [{ createdAt: "desc" }, { id: "desc" }] satisfies Prisma.PackRunOrderByWithRelationInput[];

function viewOf(row: Prisma.PackRunGetPayload<{ select: typeof RUN_VIEW_SELECT }>): PackRunView {
  const { version, ...run } = row;
  return runView(runOf(run), {
    packId: version.pack.id,
    packSlug: version.pack.slug,
    packName: version.pack.name,
    versionNumber: version.number,
  });
}

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
    pack_id: info.packId,
    pack_slug: info.packSlug,
    pack_name: info.packName,
    version_number: info.versionNumber,
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

export async function getPackRun(workspaceId: string, runId: string): Promise<PackRunView> {
  const row = await db.packRun.findFirst({ where: { id: runId, workspaceId }, select: RUN_VIEW_SELECT });
  if (!row) throw notFound("Pack run");
  return viewOf(row);
}

/** A pack's runs (by pack id or slug), newest first; at most 200. 404 for another workspace's pack. */
export async function listPackRuns(workspaceId: string, packId: string): Promise<PackRunView[]> {
  // An unknown pack is a 404 like every other pack route, not an empty list.
  const pack = await db.challengePack.findFirst({
    where: { workspaceId, OR: [{ id: packId }, { slug: packId }] },
    select: { id: true },
  });
  if (!pack) throw notFound("Challenge pack");
  const rows = await db.packRun.findMany({
    where: { workspaceId, version: { packId: pack.id } },
    orderBy: NEWEST_FIRST,
    take: 200,
    select: RUN_VIEW_SELECT,
  });
  return rows.map(viewOf);
}

/** The workspace's latest runs across packs; at most 50. */
export async function listRecentRuns(workspaceId: string): Promise<PackRunView[]> {
  const rows = await db.packRun.findMany({
    where: { workspaceId },
    orderBy: NEWEST_FIRST,
    take: 50,
    select: RUN_VIEW_SELECT,
  });
  return rows.map(viewOf);
}

const CASE_SELECT = {
  ...CASE_KEY_SELECT,
  status: true,
  output: true,
  result: true,
  overall: true,
  latencyMs: true,
  tokens: true,
  costUsd: true,
  error: true,
} satisfies Prisma.PackRunCaseSelect;

export function caseView(r: Prisma.PackRunCaseGetPayload<{ select: typeof CASE_SELECT }>): PackRunCaseView {
  return {
    ordinal: r.ordinal,
    model: r.modelRef,
    kind: r.kind === "security" ? "security" : "case",
    input_set: r.inputSetKey,
    challenge_key: r.challengeKey,
    case_key: r.caseKey,
    status: r.status as CaseStatus,
    output: r.output,
    result: (r.result as Record<string, unknown> | null) ?? null,
    overall: r.overall,
    latency_ms: r.latencyMs,
    tokens: r.tokens,
    cost_usd: r.costUsd,
    error: r.error,
  };
}

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
  const run = await db.packRun.findFirst({ where: { id: runId, workspaceId }, select: { id: true } });
  if (!run) throw notFound("Pack run");
  const where = {
    runId,
    ...(filter.status === undefined ? {} : { status: filter.status }),
    ...(filter.model === undefined ? {} : { modelRef: filter.model }),
  };
  const [total, rows] = await Promise.all([
    db.packRunCase.count({ where }),
    db.packRunCase.findMany({
      where,
      orderBy: { ordinal: "asc" },
      skip: filter.offset,
      take: filter.limit,
      select: CASE_SELECT,
    }),
  ]);
  return { data: rows.map(caseView), total };
}

/** A page of a run's cases in plan order after `afterOrdinal` (exports read a run page by page). */
export async function runCasePage(runId: string, afterOrdinal: number, limit: number): Promise<PackRunCaseView[]> {
  const rows = await db.packRunCase.findMany({
    where: { runId, ordinal: { gt: afterOrdinal } },
    orderBy: { ordinal: "asc" },
    take: limit,
    select: CASE_SELECT,
  });
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
export async function caseOutcomes(runId: string): Promise<CaseOutcomeRow[]> {
  const rows = await db.packRunCase.findMany({
    where: { runId },
    orderBy: { ordinal: "asc" },
    select: { modelRef: true, inputSetKey: true, caseKey: true, status: true, overall: true },
  });
  return rows.map((r) => ({
    model: r.modelRef,
    input_set: r.inputSetKey,
    case_key: r.caseKey,
    status: r.status,
    overall: r.overall,
  }));
}

/** Cancels a queued or running run (cases not yet recorded are not run); a finished run is left as it is. */
export async function cancelPackRun(workspaceId: string, runId: string): Promise<PackRunView> {
  // requestCancel checks the workspace; a run that is not this workspace's is a 404 below.
  if (await requestCancel(runId, workspaceId)) {
    // The summary now (a queued run has no worker to write it); a running worker writes it again
    // once its cases in flight have stopped.
    const run = await readRun(runId);
    const bundle = run ? await loadBundle(run.versionId) : undefined;
    if (run && bundle) {
      const summary = await computeSummary(run, bundle);
      await finishRun(runId, "cancelled", summary);
    }
  }
  return getPackRun(workspaceId, runId);
}
