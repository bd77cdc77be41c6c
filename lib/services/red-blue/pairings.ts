import "server-only";
import { pairingsQuerySchema, type ConsolePairingView, type PairingsQuery } from "@/lib/contracts/red-blue";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { displayName } from "@/lib/services/leaderboards/page";
import { asObject, readCategories, readContested, round2 } from "@/lib/services/red-blue/views";
import { ratio } from "@/lib/red-blue/scoring";

// The creator's pairings browser (GET /console/api/red-blue-challenges/{id}/pairings): both
// prompts, the masked model output, verdicts and points, with filters, paging and metrics over
// the filtered set. Category and outcome live in a JSON column, which SQLite and PostgreSQL
// filter differently, so they are applied here over a narrow projection (id, categories, points,
// rating) of the pairings the SQL filters (initiator, account) leave; then only the page's rows
// are read whole. The secret is never read: model_output is stored masked.

export interface PairingMetrics {
  pairings: number;
  red_points: number;
  blue_points: number;
  red_ratio: number | null;
  blue_ratio: number | null;
  breaches: Record<string, number>;
  avg_rating: number | null;
}

export interface ConsolePairingsResponse {
  data: ConsolePairingView[];
  total: number;
  limit: number;
  offset: number;
  metrics: PairingMetrics;
}

interface Narrow {
  id: string;
  categories: Record<string, boolean | null>;
  redPoints: number;
  bluePoints: number;
  judgeRating: number | null;
}

/** Whether a pairing passes the category/outcome filters (see pairingsQuerySchema). */
export function matchesOutcome(
  categories: Record<string, boolean | null>,
  q: Pick<PairingsQuery, "category" | "outcome">,
): boolean {
  if (q.category !== undefined) {
    const v = categories[q.category];
    if (q.outcome === "breach") return v === true;
    if (q.outcome === "prevented") return v === false;
    return v === true || v === false;
  }
  const breached = Object.values(categories).some((v) => v === true);
  if (q.outcome === "breach") return breached;
  if (q.outcome === "prevented") return !breached;
  return true;
}

export function metricsOf(rows: readonly Narrow[]): PairingMetrics {
  let red = 0;
  let blue = 0;
  let ratingSum = 0;
  let rated = 0;
  const breaches: Record<string, number> = {};
  for (const r of rows) {
    red += r.redPoints;
    blue += r.bluePoints;
    if (r.judgeRating !== null) {
      ratingSum += r.judgeRating;
      rated++;
    }
    for (const [k, v] of Object.entries(r.categories)) if (v === true) breaches[k] = (breaches[k] ?? 0) + 1;
  }
  return {
    pairings: rows.length,
    red_points: round2(red),
    blue_points: round2(blue),
    red_ratio: ratio(red, blue),
    blue_ratio: ratio(blue, red),
    breaches,
    avg_rating: rated > 0 ? round2(ratingSum / rated) : null,
  };
}

const submissionSelect = { id: true, prompt: true } as const;

export async function listPairings(
  workspaceId: string,
  id: string,
  query: Partial<PairingsQuery> = {},
): Promise<ConsolePairingsResponse> {
  const q = pairingsQuerySchema.parse(query);
  const challenge = await db.redBlueChallenge.findFirst({ where: { id, workspaceId }, select: { id: true } });
  if (!challenge) throw notFound("Red/blue challenge");

  const where: Prisma.TeamPairingWhereInput = {
    redBlueChallengeId: id,
    workspaceId,
    ...(q.initiator ? { initiator: q.initiator } : {}),
    ...(q.account_id ? { OR: [{ attackAccountId: q.account_id }, { defenseAccountId: q.account_id }] } : {}),
  };
  const narrow = await db.teamPairing.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, categories: true, redPoints: true, bluePoints: true, judgeRating: true },
  });
  const filtered: Narrow[] = narrow
    .map((r) => ({ ...r, categories: readCategories(r.categories) }))
    .filter((r) => matchesOutcome(r.categories, q));
  const pageIds = filtered.slice(q.offset, q.offset + q.limit).map((r) => r.id);

  const rows = pageIds.length
    ? await db.teamPairing.findMany({
        where: { id: { in: pageIds } },
        select: {
          id: true,
          redBlueChallengeId: true,
          attackSubmissionId: true,
          defenseSubmissionId: true,
          attackAccountId: true,
          defenseAccountId: true,
          initiator: true,
          categories: true,
          judgeOutputRaw: true,
          judgeRating: true,
          judgeFeedback: true,
          redPoints: true,
          bluePoints: true,
          tokensTotal: true,
          elapsedMs: true,
          modelOutput: true,
          createdAt: true,
          attack: { select: submissionSelect },
          defense: { select: submissionSelect },
        },
      })
    : [];
  const accountIds = [
    ...new Set(rows.flatMap((r) => [r.attackAccountId, r.defenseAccountId]).filter((a): a is string => !!a)),
  ];
  const accounts = accountIds.length
    ? await db.account.findMany({
        where: { id: { in: accountIds } },
        select: { id: true, name: true, profile: { select: { displayName: true } } },
      })
    : [];
  const names = new Map(accounts.map((a) => [a.id, displayName(a)]));
  const byId = new Map(rows.map((r) => [r.id, r]));

  const data: ConsolePairingView[] = pageIds.map((pid) => {
    const r = byId.get(pid)!;
    const ref = (
      accountId: string | null,
      sub: { id: string; prompt: string } | null,
      subId: string | null,
    ) => ({
      id: sub?.id ?? subId,
      account_id: accountId,
      username: accountId ? (names.get(accountId) ?? null) : null,
      prompt: sub?.prompt ?? null,
    });
    return {
      id: r.id,
      red_blue_challenge_id: r.redBlueChallengeId,
      attack_submission_id: r.attackSubmissionId,
      defense_submission_id: r.defenseSubmissionId,
      attack: ref(r.attackAccountId, r.attack, r.attackSubmissionId),
      defense: ref(r.defenseAccountId, r.defense, r.defenseSubmissionId),
      initiator: r.initiator === "blue" ? "blue" : "red",
      categories: readCategories(asObject(r.categories)),
      contested: readContested(r.judgeOutputRaw),
      judge_rating: r.judgeRating,
      judge_feedback: r.judgeFeedback,
      red_points: r.redPoints,
      blue_points: r.bluePoints,
      tokens_total: r.tokensTotal,
      elapsed_ms: r.elapsedMs,
      model_output: r.modelOutput,
      created_at: r.createdAt.toISOString(),
    };
  });
  return { data, total: filtered.length, limit: q.limit, offset: q.offset, metrics: metricsOf(filtered) };
}
