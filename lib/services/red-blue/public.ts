import "server-only";
import type { publicRedBlueResponse, publicRedBlueView } from "@/lib/contracts/red-blue";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { listedWhere, reachableWhere } from "@/lib/services/moderation/listing";
import { getStandings } from "@/lib/services/red-blue/standings";
import { readSettings, readStrategy, readSuite, readTheme } from "@/lib/services/red-blue/views";
import type { z } from "zod";

// What players and anonymous visitors see of red/blue challenges (/web/api/red-blue-challenges):
// live challenges only, every field listed explicitly. Never the secret or its name, the model's
// settings beyond "is this the offline practice model", prompts or the utility prompts' text.

export type PublicRedBlueView = z.infer<typeof publicRedBlueView>;
export type PublicRedBlueResponse = z.infer<typeof publicRedBlueResponse>;

const select = {
  id: true,
  name: true,
  description: true,
  instructionsMd: true,
  theme: true,
  judgeSuite: true,
  scoringStrategy: true,
  isActive: true,
  settings: true,
} as const;

type Row = {
  id: string;
  name: string;
  description: string | null;
  instructionsMd: string | null;
  theme: unknown;
  judgeSuite: unknown;
  scoringStrategy: string;
  isActive: boolean;
  settings: unknown;
};

interface Counts {
  red_players: number;
  blue_players: number;
  pairings: number;
}

async function countsOf(ids: string[]): Promise<Map<string, Counts>> {
  const out = new Map<string, Counts>(
    ids.map((id) => [id, { red_players: 0, blue_players: 0, pairings: 0 }]),
  );
  if (ids.length === 0) return out;
  const [members, pairings] = await Promise.all([
    db.teamMember.groupBy({
      by: ["redBlueChallengeId", "team"],
      where: { redBlueChallengeId: { in: ids } },
      _count: { _all: true },
    }),
    db.teamPairing.groupBy({
      by: ["redBlueChallengeId"],
      where: { redBlueChallengeId: { in: ids } },
      _count: { _all: true },
    }),
  ]);
  for (const m of members) {
    const c = out.get(m.redBlueChallengeId)!;
    if (m.team === "red") c.red_players = m._count._all;
    if (m.team === "blue") c.blue_players = m._count._all;
  }
  for (const p of pairings) out.get(p.redBlueChallengeId)!.pairings = p._count._all;
  return out;
}

function toPublic(r: Row, counts: Counts): PublicRedBlueView {
  const settings = readSettings(r.settings);
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    instructions_md: r.instructionsMd,
    theme: readTheme(r.theme),
    judge_suite: readSuite(r.judgeSuite).map((c) => ({ key: c.key, name: c.name })),
    scoring_strategy: readStrategy(r.scoringStrategy),
    is_active: r.isActive,
    offline_model: settings.model.startsWith("offline:"),
    utility_gate: { prompts: settings.utility_gate.prompts.length, mode: settings.utility_gate.mode },
    reveal_after_round: settings.reveal_after_round,
    max_prompt_chars: settings.max_prompt_chars,
    secret_name: settings.secret_name?.trim() || null,
    counts,
  };
}

export const PUBLIC_LIST_LIMIT = 100;

/**
 * Live, listed challenges (moderation/listing.ts), featured first, then newest first (at most
 * PUBLIC_LIST_LIMIT).
 */
export async function listPublicRedBlue(): Promise<PublicRedBlueView[]> {
  const rows = await db.redBlueChallenge.findMany({
    where: { isActive: true, ...listedWhere },
    // Only normal and featured rows are listed, and "featured" sorts before "normal".
    orderBy: [{ listing: "asc" }, { createdAt: "desc" }, { id: "asc" }],
    take: PUBLIC_LIST_LIMIT,
    select,
  });
  const counts = await countsOf(rows.map((r) => r.id));
  return rows.map((r) => toPublic(r, counts.get(r.id)!));
}

/** One live challenge with a standings snapshot and, for a signed-in member, their side. */
export async function getPublicRedBlue(
  id: string,
  viewerAccountId: string | null,
): Promise<PublicRedBlueResponse> {
  const row = await db.redBlueChallenge.findFirst({ where: { id, isActive: true, ...reachableWhere }, select });
  if (!row) throw notFound("Red/blue challenge");
  const [counts, leaderboard, member] = await Promise.all([
    countsOf([row.id]),
    getStandings(row.id, 10),
    viewerAccountId
      ? db.teamMember.findUnique({
          where: { redBlueChallengeId_accountId: { redBlueChallengeId: row.id, accountId: viewerAccountId } },
          select: { team: true, createdAt: true },
        })
      : Promise.resolve(null),
  ]);
  let me: PublicRedBlueResponse["me"] = null;
  if (member && viewerAccountId) {
    const [submissions, pairings] = await Promise.all([
      db.teamSubmission.count({ where: { redBlueChallengeId: row.id, accountId: viewerAccountId } }),
      db.teamPairing.count({
        where: {
          redBlueChallengeId: row.id,
          OR: [{ attackAccountId: viewerAccountId }, { defenseAccountId: viewerAccountId }],
        },
      }),
    ]);
    me = {
      team: member.team === "blue" ? "blue" : "red",
      joined_at: member.createdAt.toISOString(),
      submissions,
      pairings,
    };
  }
  return { challenge: toPublic(row, counts.get(row.id)!), leaderboard, me };
}
