import { expect } from "vitest";
import { pairingCompletedPayloadSchema } from "@/lib/contracts/notifications";
import { db } from "@/lib/db";
import { standingsFromPairings } from "@/lib/red-blue/scoring";
import { SECRET } from "./red-blue-rounds-support";

// Whole-challenge checks of the red/blue round tests: every stored pairing consistent with its
// submissions and event, and the standings equal to the database's own sums.

export const pairingsOf = (id: string) =>
  db.teamPairing.findMany({
    where: { redBlueChallengeId: id },
    include: { attack: true, defense: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });

type Totals = { red: number; blue: number; pairings: number };
const r2 = (n: number | null) => Math.round((n ?? 0) * 100) / 100;

type Group = { _sum: { redPoints: number | null; bluePoints: number | null }; _count: { _all: number } };
const totals = (g: Group): Totals => ({
  red: r2(g._sum.redPoints),
  blue: r2(g._sum.bluePoints),
  pairings: g._count._all,
});

/** Both sides' standings the way the database sums them (GROUP BY), keyed by account. */
async function sqlStandings(id: string) {
  const query = {
    where: { redBlueChallengeId: id },
    _sum: { redPoints: true, bluePoints: true },
    _count: { _all: true },
  } as const;
  const red = await db.teamPairing.groupBy({ by: ["attackAccountId"], ...query });
  const blue = await db.teamPairing.groupBy({ by: ["defenseAccountId"], ...query });
  return {
    red: Object.fromEntries(red.map((g) => [g.attackAccountId, totals(g)])),
    blue: Object.fromEntries(blue.map((g) => [g.defenseAccountId, totals(g)])),
  };
}

const ratio = (mine: number, theirs: number) =>
  mine + theirs > 0 ? Math.round((mine / (mine + theirs)) * 10_000) / 10_000 : null;

/** standingsFromPairings over the stored rows equals the SQL sums; ratios and team totals follow. */
export async function expectStandingsAgree(id: string) {
  const rows = await pairingsOf(id);
  const computed = standingsFromPairings(
    rows.map((r) => ({
      attackAccountId: r.attackAccountId,
      defenseAccountId: r.defenseAccountId,
      red: r.redPoints,
      blue: r.bluePoints,
    })),
  );
  const pick = (t: Totals & { accountId: string }) => [
    t.accountId,
    { red: t.red, blue: t.blue, pairings: t.pairings },
  ];
  const sql = await sqlStandings(id);
  expect(Object.fromEntries(computed.red.map(pick))).toEqual(sql.red);
  expect(Object.fromEntries(computed.blue.map(pick))).toEqual(sql.blue);
  for (const t of computed.red) expect(t.ratio).toBe(ratio(t.red, t.blue));
  for (const t of computed.blue) expect(t.ratio).toBe(ratio(t.blue, t.red));
  const R = rows.reduce((n, r) => n + r.redPoints, 0);
  const B = rows.reduce((n, r) => n + r.bluePoints, 0);
  expect(computed.teams.red.points).toBeCloseTo(R, 6);
  expect(computed.teams.blue.points).toBeCloseTo(B, 6);
  return computed;
}

/** Every pairing is consistent: opposite teams, different accounts, an event with its payload. */
export async function expectConsistent(id: string) {
  const rows = await pairingsOf(id);
  const events = await db.notificationEvent.findMany({ where: { event: "team_pairing_completed" } });
  const byPairing = new Map(
    events
      .map((e) => pairingCompletedPayloadSchema.parse(e.payload))
      .filter((p) => p.red_blue_challenge_id === id)
      .map((p) => [p.pairing_id, p] as const),
  );
  expect(byPairing.size).toBe(rows.length);
  for (const r of rows) {
    expect(r.attack?.team).toBe("red");
    expect(r.defense?.team).toBe("blue");
    expect(r.attack?.redBlueChallengeId).toBe(id);
    expect(r.defense?.redBlueChallengeId).toBe(id);
    expect(r.attackAccountId).toBe(r.attack?.accountId);
    expect(r.defenseAccountId).toBe(r.defense?.accountId);
    expect(r.attackAccountId).not.toBe(r.defenseAccountId);
    expect(r.modelOutput ?? "").not.toContain(SECRET);
    const payload = byPairing.get(r.id);
    const categories = Object.fromEntries(
      Object.entries((r.categories ?? {}) as Record<string, boolean | null>).filter(([, v]) => v !== null),
    );
    expect(payload).toEqual({
      event: "team_pairing_completed",
      red_blue_challenge_id: id,
      pairing_id: r.id,
      attack_submission_id: r.attackSubmissionId,
      defense_submission_id: r.defenseSubmissionId,
      categories,
      judge_rating: r.judgeRating,
      red_points: r.redPoints,
      blue_points: r.bluePoints,
      occurred_at: r.createdAt.getTime(),
    });
  }
  // One dispatch job per event.
  const jobs = await db.job.count({
    where: {
      queue: "notification.dispatch",
      singletonKey: { in: events.map((e) => `notification.dispatch:${e.id}`) },
    },
  });
  expect(jobs).toBe(events.length);
  return rows;
}
