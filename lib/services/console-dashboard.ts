import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import {
  attemptConsoleSelect,
  attemptPlayerName,
  attemptPlayerSelect,
  attemptSummarySelect,
  challengeMasker,
} from "@/lib/services/attempts/read-shared";
import type { AttemptVerdictFields } from "@/lib/services/attempts/store";

// Read queries for the console's workspace pages: the dashboard (per-challenge counts from
// grouped aggregates, never by loading attempts) and the attempt browser (one page of attempts
// with their run traces). Everything shown is masked again with the challenge's current secret
// and mask values, on top of the masking done when the rows were written.

export interface ChallengeStatsRow {
  id: string;
  name: string;
  isActive: boolean;
  difficulty: string;
  points: number;
  scoringStrategy: string;
  hasWorkflow: boolean;
  updatedAt: Date;
  attempts: number;
  solves: number;
  solvers: number;
}

export interface RecentAttempt {
  id: string;
  challengeId: string;
  challengeName: string;
  player: string;
  status: string;
  succeeded: boolean;
  score: number | null;
  judgeRating: number | null;
  createdAt: Date;
}

export interface DashboardData {
  totals: { challenges: number; activeChallenges: number; attempts: number; solves: number; players: number };
  challenges: ChallengeStatsRow[];
  recent: RecentAttempt[];
}

const DASHBOARD_CHALLENGES = 100;
const RECENT = 10;

export async function getDashboard(workspaceId: string): Promise<DashboardData> {
  const [challenges, challengeCount, activeCount, attemptGroups, solveGroups, solverGroups, players, recent] =
    await Promise.all([
      db.challenge.findMany({
        where: { workspaceId },
        orderBy: { createdAt: "desc" },
        take: DASHBOARD_CHALLENGES,
        select: {
          id: true,
          name: true,
          isActive: true,
          difficulty: true,
          points: true,
          scoringStrategy: true,
          workflowId: true,
          updatedAt: true,
        },
      }),
      db.challenge.count({ where: { workspaceId } }),
      db.challenge.count({ where: { workspaceId, isActive: true } }),
      db.challengeAttempt.groupBy({
        by: ["challengeId"],
        where: { workspaceId, status: { not: "pending" } },
        _count: { _all: true },
      }),
      db.challengeAttempt.groupBy({
        by: ["challengeId"],
        where: { workspaceId, succeeded: true },
        _count: { _all: true },
      }),
      db.challengeLeaderboardEntry.groupBy({
        by: ["challengeId"],
        where: { challenge: { workspaceId } },
        _count: { _all: true },
      }),
      db.endUser.count({ where: { workspaceId, attempts: { some: {} } } }),
      db.challengeAttempt.findMany({
        where: { workspaceId, status: { not: "pending" } },
        orderBy: { createdAt: "desc" },
        take: RECENT,
        select: { ...attemptSummarySelect, challenge: { select: { name: true } }, ...attemptPlayerSelect },
      }),
    ]);
  const count = (groups: { challengeId: string; _count: { _all: number } }[]) =>
    new Map(groups.map((g) => [g.challengeId, g._count._all]));
  const attempts = count(attemptGroups);
  const solves = count(solveGroups);
  const solvers = count(solverGroups);
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  return {
    totals: {
      challenges: challengeCount,
      activeChallenges: activeCount,
      attempts: sum(attempts),
      solves: sum(solves),
      players,
    },
    challenges: challenges.map(({ workflowId, ...c }) => ({
      ...c,
      hasWorkflow: workflowId !== null,
      attempts: attempts.get(c.id) ?? 0,
      solves: solves.get(c.id) ?? 0,
      solvers: solvers.get(c.id) ?? 0,
    })),
    recent: recent.map((r) => ({
      id: r.id,
      challengeId: r.challengeId,
      challengeName: r.challenge.name,
      player: attemptPlayerName(r),
      status: r.status,
      succeeded: r.succeeded,
      score: r.score,
      judgeRating: r.judgeRating,
      createdAt: r.createdAt,
    })),
  };
}

// ───────────── attempt browser ─────────────

export const ATTEMPT_STATUSES = ["pending", "completed", "errored", "judge_error"] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

export interface AttemptFilter {
  status?: AttemptStatus | undefined;
  passed?: boolean | undefined;
  /** Part of the player's email, name or display name. */
  player?: string | undefined;
  page?: number | undefined;
}

export interface NodeRunView {
  id: string;
  nodeId: string;
  nodeType: string;
  index: number;
  status: string;
  inputs: unknown;
  outputs: unknown;
  error: string | null;
  tokens: number;
  elapsedMs: number | null;
}

export interface AttemptView extends AttemptVerdictFields {
  id: string;
  player: string;
  playerEmail: string | null;
  prompt: string | null;
  response: string | null;
  errorMessage: string | null;
  createdAt: Date;
  /** Reproduce before it counts: the runs of a won prompt and how many won (null: not reproduced). */
  reproduction: { runs: number; wins: number } | null;
  run: { id: string; status: string; error: string | null; nodeRuns: NodeRunView[] } | null;
}

export interface AttemptPage {
  challenge: { id: string; name: string };
  attempts: AttemptView[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

export const ATTEMPTS_PAGE_SIZE = 20;

export async function listChallengeAttempts(
  workspaceId: string,
  challengeId: string,
  filter: AttemptFilter = {},
): Promise<AttemptPage> {
  const challenge = await db.challenge.findFirst({
    where: { id: challengeId, workspaceId },
    select: { id: true, name: true, secretRef: true },
  });
  if (!challenge) throw notFound("Challenge");

  const player = filter.player?.trim();
  const where = {
    challengeId,
    workspaceId,
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.passed !== undefined ? { succeeded: filter.passed } : {}),
    ...(player
      ? {
          account: {
            OR: [
              { email: { contains: player.toLowerCase() } },
              { name: { contains: player } },
              { profile: { displayName: { contains: player } } },
            ],
          },
        }
      : {}),
  };
  const total = await db.challengeAttempt.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / ATTEMPTS_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(filter.page ?? 1)), pageCount);
  const rows = await db.challengeAttempt.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * ATTEMPTS_PAGE_SIZE,
    take: ATTEMPTS_PAGE_SIZE,
    select: { ...attemptConsoleSelect, judgeOutputRaw: true, workflowRunId: true, reproRuns: true, reproWins: true },
  });

  const runIds = rows.map((r) => r.workflowRunId).filter((id): id is string => id !== null);
  const runs = runIds.length
    ? await db.workflowRun.findMany({
        where: { id: { in: runIds }, workspaceId },
        select: {
          id: true,
          status: true,
          error: true,
          nodeRuns: {
            orderBy: { index: "asc" },
            select: {
              id: true,
              nodeId: true,
              nodeType: true,
              index: true,
              status: true,
              inputs: true,
              outputs: true,
              error: true,
              tokens: true,
              elapsedMs: true,
            },
          },
        },
      })
    : [];
  const runById = new Map(runs.map((r) => [r.id, r]));
  const masker = await challengeMasker(workspaceId, challenge.secretRef);
  const m = (s: string | null) => (s === null ? null : masker.mask(s));

  return {
    challenge: { id: challenge.id, name: challenge.name },
    total,
    page,
    pageCount,
    pageSize: ATTEMPTS_PAGE_SIZE,
    attempts: rows.map((r) => {
      const run = r.workflowRunId ? runById.get(r.workflowRunId) : undefined;
      return {
        id: r.id,
        player: masker.mask(attemptPlayerName(r)),
        playerEmail: r.account?.email ?? null,
        status: r.status,
        succeeded: r.succeeded,
        score: r.score,
        judgeRating: r.judgeRating,
        judgeFeedback: m(r.judgeFeedback),
        judgeOutputRaw: masker.maskValue(r.judgeOutputRaw ?? null),
        tokensTotal: r.tokensTotal,
        judgeTokensTotal: r.judgeTokensTotal,
        elapsedMs: r.elapsedMs,
        prompt: m(r.prompt),
        response: m(r.response),
        errorMessage: m(r.errorMessage),
        createdAt: r.createdAt,
        reproduction: r.reproRuns === null ? null : { runs: r.reproRuns, wins: r.reproWins ?? 0 },
        run: run
          ? {
              id: run.id,
              status: run.status,
              error: m(run.error),
              nodeRuns: run.nodeRuns.map((n) => ({
                ...n,
                inputs: masker.maskValue(n.inputs ?? null),
                outputs: masker.maskValue(n.outputs ?? null),
                error: m(n.error),
              })),
            }
          : null,
      };
    }),
  };
}
