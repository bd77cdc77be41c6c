import "server-only";
import type { ChallengeListItem, ChallengeView } from "@/lib/contracts/challenges";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { refreshThemeAssetUrls, signAssetUrl } from "@/lib/services/assets";
import { auditView } from "@/lib/contracts/primitives";

// How a console challenge reads: the row selected, its view (secrets only as has_secret, asset
// URLs freshly signed), and the list and detail reads.

export const challengeSelect = {
  id: true,
  appId: true,
  workflowId: true,
  name: true,
  description: true,
  goal: true,
  successType: true,
  successPattern: true,
  secretRef: true,
  scoringStrategy: true,
  isActive: true,
  evaluatorType: true,
  evaluatorPluginId: true,
  evaluatorEntrypoint: true,
  evaluatorConfig: true,
  scoringPluginId: true,
  scoringEntrypoint: true,
  scoringConfig: true,
  instructionsMd: true,
  theme: true,
  heroAssetId: true,
  difficulty: true,
  points: true,
  maxAttempts: true,
  cooldownSeconds: true,
  reproduceRuns: true,
  reproduceWins: true,
  maskVariables: true,
  allowGuests: true,
  guestsOnBoards: true,
  allowSecretClaims: true,
  refusalMessage: true,
  winMessage: true,
  createdBy: true,
  createdAt: true,
  updatedBy: true,
  updatedAt: true,
  heroAsset: { select: { mimeType: true } },
  workflow: { select: { publishedVersion: { select: { version: true } } } },
} as const;

type Row = Prisma.ChallengeGetPayload<{ select: typeof challengeSelect }>;

export const asObject = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
export const asStrings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

export function toView(r: Row, secretNames: Set<string>): ChallengeView {
  const theme = asObject(r.theme);
  return {
    id: r.id,
    app_id: r.appId,
    workflow_id: r.workflowId,
    name: r.name,
    description: r.description,
    goal: r.goal,
    success_type: r.successType,
    success_pattern: r.successPattern,
    secret_ref: r.secretRef,
    has_secret: r.secretRef !== null && secretNames.has(r.secretRef),
    scoring_strategy: r.scoringStrategy,
    is_active: r.isActive,
    evaluator_type: r.evaluatorType,
    evaluator_plugin_id: r.evaluatorPluginId,
    evaluator_entrypoint: r.evaluatorEntrypoint,
    evaluator_config: asObject(r.evaluatorConfig),
    scoring_plugin_id: r.scoringPluginId,
    scoring_entrypoint: r.scoringEntrypoint,
    scoring_config: asObject(r.scoringConfig),
    instructions_md: r.instructionsMd,
    theme: theme ? (refreshThemeAssetUrls(theme) as Record<string, string>) : null,
    hero_asset_id: r.heroAssetId,
    hero_asset_url: r.heroAssetId ? signAssetUrl(r.heroAssetId).url : null,
    hero_asset_type: r.heroAsset?.mimeType ?? null,
    difficulty: r.difficulty,
    points: r.points,
    max_attempts: r.maxAttempts,
    cooldown_seconds: r.cooldownSeconds,
    reproduce_runs: r.reproduceRuns,
    reproduce_wins: r.reproduceWins,
    mask_variables: asStrings(r.maskVariables),
    allow_guests: r.allowGuests,
    guests_on_boards: r.guestsOnBoards,
    allow_secret_claims: r.allowSecretClaims,
    refusal_message: r.refusalMessage,
    win_message: r.winMessage,
    published_version: r.workflow?.publishedVersion?.version ?? null,
    ...auditView(r),
  };
}

export async function secretNamesOf(workspaceId: string, refs: (string | null)[]): Promise<Set<string>> {
  const names = [...new Set(refs.filter((r): r is string => r !== null))];
  if (names.length === 0) return new Set();
  const rows = await db.secret.findMany({ where: { workspaceId, name: { in: names } }, select: { name: true } });
  return new Set(rows.map((r) => r.name));
}

export async function listChallenges(workspaceId: string, filter: { appId?: string } = {}): Promise<ChallengeListItem[]> {
  const rows = await db.challenge.findMany({
    where: { workspaceId, ...(filter.appId ? { appId: filter.appId } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: challengeSelect,
  });
  const ids = rows.map((r) => r.id);
  const [names, attempts, solves] = await Promise.all([
    secretNamesOf(workspaceId, rows.map((r) => r.secretRef)),
    ids.length
      ? db.challengeAttempt.groupBy({ by: ["challengeId"], where: { challengeId: { in: ids }, status: { not: "pending" } }, _count: { _all: true } })
      : Promise.resolve([]),
    ids.length
      ? db.challengeLeaderboardEntry.groupBy({ by: ["challengeId"], where: { challengeId: { in: ids } }, _count: { _all: true } })
      : Promise.resolve([]),
  ]);
  const attemptsBy = new Map(attempts.map((a) => [a.challengeId, a._count._all]));
  const solvesBy = new Map(solves.map((s) => [s.challengeId, s._count._all]));
  return rows.map((r) => ({
    ...toView(r, names),
    attempts_count: attemptsBy.get(r.id) ?? 0,
    solves_count: solvesBy.get(r.id) ?? 0,
  }));
}

export async function getChallenge(workspaceId: string, id: string): Promise<ChallengeView> {
  const row = await db.challenge.findFirst({ where: { id, workspaceId }, select: challengeSelect });
  if (!row) throw notFound("Challenge");
  return toView(row, await secretNamesOf(workspaceId, [row.secretRef]));
}
