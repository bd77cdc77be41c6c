import "server-only";
import { createHash } from "node:crypto";
import type { PlayerStanding, RedBlueTeam, StandingsView } from "@/lib/contracts/red-blue";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { scoreWithPlugin } from "@/lib/evaluation/plugins";
import type { AttemptMetrics } from "@/lib/evaluation/types";
import { log } from "@/lib/log";
import { ratio, type PlayerTotals } from "@/lib/red-blue/scoring";
import { displayName } from "@/lib/services/leaderboards/page";
import { loadPluginRow } from "@/lib/services/plugins";
import { readCategories, readSettings, readStrategy, round2 } from "@/lib/services/red-blue/views";

// Red vs blue standings, always recomputed from the raw
// pairings: a red player's ratio is R/(R+B) over the pairings they attacked in, a blue player's
// B/(R+B) over those they defended in, teams sum every pairing. The per-player sums are SQL
// GROUP BYs over team_pairings (the same math as lib/red-blue/scoring.ts standingsFromPairings,
// which the tests compare against). `custom` orders players by the challenge's scorer plugin,
// given every pairing's metrics of that player; if the plugin fails for anyone the board falls
// back to ratios and says so (scoring_strategy "red_blue_ratio" in the view, and a warning log).

export const TIMELINE_POINTS = 60;

/** What a scorer plugin receives per pairing of the player being scored. */
export interface RedBluePairingMetrics extends AttemptMetrics {
  team: RedBlueTeam;
  red_points: number;
  blue_points: number;
  categories: Record<string, boolean | null>;
}

export type RedBlueScorer = (input: {
  workspaceId: string;
  challengeId: string;
  pluginId: string;
  config: Record<string, unknown> | null;
  team: RedBlueTeam;
  accountId: string;
  metrics: RedBluePairingMetrics[];
}) => Promise<number | null>;

/** The default scorer: the challenge's scorer plugin in the sandbox, like collection custom scoring. */
export const pluginRedBlueScorer: RedBlueScorer = async (input) => {
  const res = await scoreWithPlugin({
    loadPlugin: loadPluginRow,
    workspaceId: input.workspaceId,
    pluginId: input.pluginId,
    metrics: input.metrics,
    config: input.config ?? {},
    ctx: { variables: { red_blue_challenge_id: input.challengeId, team: input.team } },
  });
  if (!res.ok) {
    log.warn("red/blue scorer failed", { redBlueChallengeId: input.challengeId, error: res.error });
    return null;
  }
  return Number.isFinite(res.result.score) ? res.result.score : null;
};

function compare(team: RedBlueTeam) {
  return (a: PlayerTotals, b: PlayerTotals) =>
    (b.ratio ?? -1) - (a.ratio ?? -1) ||
    (team === "red" ? b.red - a.red : b.blue - a.blue) ||
    a.pairings - b.pairings ||
    (a.accountId < b.accountId ? -1 : 1);
}

async function perPlayer(challengeId: string, team: RedBlueTeam): Promise<PlayerTotals[]> {
  const rows =
    team === "red"
      ? (
          await db.teamPairing.groupBy({
            by: ["attackAccountId"],
            where: { redBlueChallengeId: challengeId, attackAccountId: { not: null } },
            _sum: { redPoints: true, bluePoints: true },
            _count: { _all: true },
          })
        ).map((r) => ({ accountId: r.attackAccountId!, sum: r._sum, count: r._count._all }))
      : (
          await db.teamPairing.groupBy({
            by: ["defenseAccountId"],
            where: { redBlueChallengeId: challengeId, defenseAccountId: { not: null } },
            _sum: { redPoints: true, bluePoints: true },
            _count: { _all: true },
          })
        ).map((r) => ({ accountId: r.defenseAccountId!, sum: r._sum, count: r._count._all }));
  return rows.map((r) => {
    const red = round2(r.sum.redPoints ?? 0);
    const blue = round2(r.sum.bluePoints ?? 0);
    return {
      accountId: r.accountId,
      team,
      red,
      blue,
      pairings: r.count,
      ratio: team === "red" ? ratio(red, blue) : ratio(blue, red),
    };
  });
}

/** Cumulative team points after each pairing, thinned to at most TIMELINE_POINTS (the last one kept). */
export function cumulativeTimeline(
  rows: readonly { createdAt: Date; redPoints: number; bluePoints: number }[],
  max = TIMELINE_POINTS,
): { at: string; red_points: number; blue_points: number }[] {
  let red = 0;
  let blue = 0;
  const all = rows.map((r) => {
    red += r.redPoints;
    blue += r.bluePoints;
    return { at: r.createdAt.toISOString(), red_points: round2(red), blue_points: round2(blue) };
  });
  if (all.length <= max) return all;
  return Array.from({ length: max }, (_, k) => all[Math.round(((k + 1) * all.length) / max) - 1]!);
}

// Custom scores of the default (plugin) scorer are cached per player: pairings are append-only
// (a challenge's pairings only go away with the challenge), so a player's pairing count and
// point sums, with the plugin's version and config, identify the input the plugin saw. A new
// pairing, an edited plugin or config is a new key. Failures are not cached.
const SCORE_CACHE_MAX = 20_000;
const scoreCache = new Map<string, number>();

function remember(key: string, value: number) {
  scoreCache.delete(key);
  scoreCache.set(key, value);
  if (scoreCache.size > SCORE_CACHE_MAX) {
    const oldest = scoreCache.keys().next();
    if (!oldest.done) scoreCache.delete(oldest.value);
  }
}

export function clearRedBlueScoreCache(): void {
  scoreCache.clear();
}

async function pluginVersion(workspaceId: string, pluginId: string): Promise<string> {
  const plugin = await db.plugin.findUnique({
    where: { workspaceId_pluginId: { workspaceId, pluginId } },
    select: { id: true, version: true, updatedAt: true },
  });
  return plugin ? `${plugin.id}:${plugin.version}:${plugin.updatedAt.getTime()}` : "missing";
}

/** Orders a side by the scorer's scores; null when any score is missing (the caller falls back). */
async function customOrder(
  challenge: { id: string; workspaceId: string; settings: unknown },
  team: RedBlueTeam,
  players: PlayerTotals[],
  scorer: RedBlueScorer,
): Promise<PlayerTotals[] | null> {
  const settings = readSettings(challenge.settings);
  if (!settings.scoring_plugin_id || players.length === 0) return settings.scoring_plugin_id ? players : null;
  const cached = scorer === pluginRedBlueScorer;
  const version = cached ? await pluginVersion(challenge.workspaceId, settings.scoring_plugin_id) : "";
  const keyOf = (p: PlayerTotals) =>
    createHash("sha256")
      .update(
        JSON.stringify([
          challenge.id,
          team,
          p.accountId,
          version,
          settings.scoring_config,
          p.pairings,
          p.red,
          p.blue,
        ]),
      )
      .digest("base64url");
  const known = new Map<string, number>();
  if (cached) {
    for (const p of players) {
      const hit = scoreCache.get(keyOf(p));
      if (hit !== undefined) known.set(p.accountId, hit);
    }
  }
  const missing = players.filter((p) => !known.has(p.accountId));
  const field = team === "red" ? "attackAccountId" : "defenseAccountId";
  const rows =
    missing.length === 0
      ? []
      : await db.teamPairing.findMany({
          where: { redBlueChallengeId: challenge.id, [field]: { in: missing.map((p) => p.accountId) } },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          select: {
            attackAccountId: true,
            defenseAccountId: true,
            redPoints: true,
            bluePoints: true,
            judgeRating: true,
            tokensTotal: true,
            elapsedMs: true,
            categories: true,
            createdAt: true,
          },
        });
  const byAccount = new Map<string, RedBluePairingMetrics[]>();
  for (const r of rows) {
    const id = team === "red" ? r.attackAccountId : r.defenseAccountId;
    if (!id) continue;
    const categories = readCategories(r.categories);
    const breached = Object.values(categories).some((v) => v === true);
    const list = byAccount.get(id) ?? [];
    list.push({
      team,
      succeeded: team === "red" ? breached : !breached,
      red_points: r.redPoints,
      blue_points: r.bluePoints,
      rating: r.judgeRating,
      tokens_total: r.tokensTotal,
      elapsed_ms: r.elapsedMs,
      categories,
      created_at: r.createdAt.getTime(),
    });
    byAccount.set(id, list);
  }
  const scored: { p: PlayerTotals; score: number }[] = [];
  // Sequential on purpose: the sandbox pool bounds parallelism itself.
  for (const p of players) {
    const hit = known.get(p.accountId);
    if (hit !== undefined) {
      scored.push({ p, score: hit });
      continue;
    }
    const score = await scorer({
      workspaceId: challenge.workspaceId,
      challengeId: challenge.id,
      pluginId: settings.scoring_plugin_id,
      config: settings.scoring_config,
      team,
      accountId: p.accountId,
      metrics: byAccount.get(p.accountId) ?? [],
    }).catch((err: unknown) => {
      log.warn("red/blue scorer failed", { redBlueChallengeId: challenge.id, error: err });
      return null;
    });
    if (score === null) return null;
    if (cached) remember(keyOf(p), score);
    scored.push({ p, score });
  }
  const byRatio = compare(team);
  return scored.sort((a, b) => b.score - a.score || byRatio(a.p, b.p)).map((s) => s.p);
}

export interface StandingsOptions {
  /** Console callers see inactive challenges' standings too; the public board 404s them. */
  includeInactive?: boolean;
  /** Tests pass their own scorer; default the sandboxed plugin. */
  scorer?: RedBlueScorer;
}

export async function getStandings(
  challengeId: string,
  limit = 20,
  opts: StandingsOptions = {},
): Promise<StandingsView> {
  const challenge = await db.redBlueChallenge.findFirst({
    where: { id: challengeId, ...(opts.includeInactive ? {} : { isActive: true }) },
    select: { id: true, workspaceId: true, scoringStrategy: true, settings: true },
  });
  if (!challenge) throw notFound("Red/blue challenge");
  const n = Math.max(1, Math.min(100, Math.trunc(limit)));

  const [red, blue, totals, members, timelineRows] = await Promise.all([
    perPlayer(challenge.id, "red"),
    perPlayer(challenge.id, "blue"),
    db.teamPairing.aggregate({
      where: { redBlueChallengeId: challenge.id },
      _sum: { redPoints: true, bluePoints: true },
      _count: { _all: true },
    }),
    db.teamMember.groupBy({
      by: ["team"],
      where: { redBlueChallengeId: challenge.id },
      _count: { _all: true },
    }),
    db.teamPairing.findMany({
      where: { redBlueChallengeId: challenge.id },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { createdAt: true, redPoints: true, bluePoints: true },
    }),
  ]);

  let strategy = readStrategy(challenge.scoringStrategy);
  let orderedRed = red.sort(compare("red"));
  let orderedBlue = blue.sort(compare("blue"));
  if (strategy === "custom") {
    const scorer = opts.scorer ?? pluginRedBlueScorer;
    const [r, b] = [
      await customOrder(challenge, "red", orderedRed, scorer),
      await customOrder(challenge, "blue", orderedBlue, scorer),
    ];
    if (r && b) {
      orderedRed = r;
      orderedBlue = b;
    } else {
      log.warn("red/blue custom scoring failed; standings fall back to red_blue_ratio", {
        redBlueChallengeId: challenge.id,
      });
      strategy = "red_blue_ratio";
    }
  }

  const shown = [...orderedRed.slice(0, n), ...orderedBlue.slice(0, n)];
  const accounts = shown.length
    ? await db.account.findMany({
        where: { id: { in: [...new Set(shown.map((p) => p.accountId))] } },
        select: { id: true, name: true, profile: { select: { displayName: true } } },
      })
    : [];
  const names = new Map(accounts.map((a) => [a.id, displayName(a)]));
  const view = (list: PlayerTotals[]): PlayerStanding[] =>
    list.slice(0, n).map((p, i) => ({
      rank: i + 1,
      username: names.get(p.accountId) ?? "Anonymous player",
      team: p.team,
      red_points: p.red,
      blue_points: p.blue,
      ratio: p.ratio,
      pairings: p.pairings,
    }));
  const R = round2(totals._sum.redPoints ?? 0);
  const B = round2(totals._sum.bluePoints ?? 0);
  const players = (team: RedBlueTeam) => members.find((m) => m.team === team)?._count._all ?? 0;
  return {
    red_blue_challenge_id: challenge.id,
    scoring_strategy: strategy,
    pairings: totals._count._all,
    teams: {
      red: { points: R, ratio: ratio(R, B), players: players("red") },
      blue: { points: B, ratio: ratio(B, R), players: players("blue") },
    },
    red: view(orderedRed),
    blue: view(orderedBlue),
    timeline: cumulativeTimeline(timelineRows),
  };
}
