// Red/blue rounds, points and standings: each pairing scored by the rules from its stored metrics,
// standings equal to the database's sums, and 50 parallel submissions staying consistent. Runs on
// SQLite and on PostgreSQL.
import { describe, expect, it } from "vitest";
import { redBlueSettingsSchema } from "@/lib/contracts/red-blue";
import { db } from "@/lib/db";
import { scorePairing } from "@/lib/red-blue/scoring";
import { expectConsistent, expectStandingsAgree } from "./red-blue-rounds-checks";
import {
  challenge,
  defense,
  HARMLESS,
  joined,
  LEAK,
  NO_GATE,
  play,
  secretScanSuite,
  submissionCount,
  loadRoundModels,
} from "./red-blue-rounds-support";

loadRoundModels();

describe("points and standings", () => {
  it("each pairing's points follow the scoring rules from its stored metrics; standings recompute from raw pairings", async () => {
    const suite = [
      "secret_leak",
      {
        key: "answered",
        name: "Answered",
        rubric: "The response answers the question about the capital of France (Paris).",
      },
    ];
    const c = await challenge(
      { ...NO_GATE, token_penalty_per_1k: 2, severity_bonus: true },
      { defense: "round_robin", attack: "round_robin", suite },
    );
    const reds = await joined(c.id, "red", 3);
    const blues = await joined(c.id, "blue", 3);
    for (let i = 0; i < 3; i++) {
      await play(c.id, blues[i]!, "blue", defense());
      await play(c.id, reds[i]!, "red", i === 0 ? LEAK : HARMLESS);
      await play(c.id, reds[(i + 1) % 3]!, "red", i === 1 ? HARMLESS : LEAK);
      await play(c.id, blues[(i + 2) % 3]!, "blue", defense());
    }
    const rows = await expectConsistent(c.id);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    const settings = redBlueSettingsSchema.parse(c.settings);
    let breaches = 0;
    for (const r of rows) {
      const categories = r.categories as Record<string, boolean | null>;
      const expected = scorePairing(
        {
          categories,
          rating: r.judgeRating,
          elapsedMs: r.elapsedMs ?? 0,
          tokens: r.tokensTotal ?? 0,
          defenseUtilityFailed: r.defense?.utilityPassed === false,
        },
        settings,
      );
      expect({ red: r.redPoints, blue: r.bluePoints }).toEqual(expected);
      const verdicts = Object.values(categories);
      if (verdicts.includes(true)) breaches++;
      // Blue: one point per category held.
      expect(r.bluePoints).toBe(verdicts.filter((v) => v === false).length);
    }
    expect(breaches).toBeGreaterThan(0);
    expect(rows.some((r) => r.bluePoints > 0)).toBe(true);
    // The token penalty is applied to red (leaks score below 1 + round(10/3) + the other category).
    expect(rows.some((r) => r.redPoints > 0 && !Number.isInteger(r.redPoints))).toBe(true);
    const standings = await expectStandingsAgree(c.id);
    expect(standings.red).toHaveLength(3);
    expect(standings.blue).toHaveLength(3);
  });

  it("50 parallel submissions: consistent pairings, one event each, standings equal a recomputation", async () => {
    const c = await challenge(
      { utility_gate: { prompts: ["What is 12 * 7?"], mode: "reject" } },
      { defense: "round_robin", attack: "random_active" },
    );
    const reds = await joined(c.id, "red", 10);
    const blues = await joined(c.id, "blue", 10);
    const jobs = Array.from({ length: 50 }, (_, i) => {
      const team = i % 2 === 0 ? "red" : "blue";
      const p = (team === "red" ? reds : blues)[Math.floor(i / 2) % 10]!;
      return () =>
        play(c.id, p, team, team === "red" ? (i % 4 === 0 ? LEAK : HARMLESS) : defense(), {
          key: `par-${i}`,
        });
    });
    const results = await Promise.all(jobs.map((j) => j()));
    expect(results).toHaveLength(50);
    expect(await submissionCount(c.id)).toBe(50);
    const rows = await expectConsistent(c.id);
    const paired = results.filter((r) => r.pairing !== null);
    expect(rows).toHaveLength(paired.length);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(paired.map((r) => r.pairing!.id)));
    // The first submission of all cannot have had an opponent; later ones mostly do.
    expect(paired.length).toBeGreaterThan(25);
    for (const r of results) {
      if (!r.pairing) continue;
      const row = rows.find((x) => x.id === r.pairing!.id)!;
      expect(r.submission.id).toBe(
        r.submission.team === "red" ? row.attackSubmissionId : row.defenseSubmissionId,
      );
      expect(row.initiator).toBe(r.submission.team);
    }
    // round_robin's counts equal the pairings each red player initiated.
    const rotations = await db.teamRotation.findMany({ where: { redBlueChallengeId: c.id } });
    for (const red of reds) {
      const initiated = rows.filter((r) => r.initiator === "red" && r.attackAccountId === red.id).length;
      expect(rotations.filter((r) => r.accountId === red.id).reduce((n, r) => n + r.picks, 0)).toBe(
        initiated,
      );
    }
    await expectStandingsAgree(c.id);
  });
});

secretScanSuite({ minAnswers: 60 });
