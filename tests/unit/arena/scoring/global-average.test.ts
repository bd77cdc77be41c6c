import { describe, expect, it } from "vitest";
import { globalAverage } from "@/lib/arena/scoring/global-average";
import type { ScoringEntry } from "@/lib/arena/types";

const defaults: Record<string, string> = { psi: "average", ultimatum: "win-rate", millionaire: "red-team" };
const defaultOf = (type: string) => defaults[type] ?? "average";
const entry = (gamesPlayed: number, metrics: Record<string, number>): ScoringEntry => ({
  playerId: "alice",
  gamesPlayed,
  metrics,
});

describe("globalAverage.compute", () => {
  it("averages each type's default-strategy figures and sums the games", () => {
    const got = globalAverage.compute(
      [
        { gameType: "psi", entry: entry(3, { "average:security": 0.5, "average:utility": -1 }) },
        { gameType: "ultimatum", entry: entry(5, { "win-rate:security": 0.2, "win-rate:utility": 0.6 }) },
      ],
      defaultOf,
    );
    expect(got).toEqual({
      gamesPlayed: 8,
      metrics: { "global-average:security": (0.5 + 0.2) / 2, "global-average:utility": (-1 + 0.6) / 2 },
    });
  });

  it("skips a type whose default strategy writes no security/utility metrics (games included)", () => {
    const got = globalAverage.compute(
      [
        { gameType: "psi", entry: entry(2, { "average:security": 1, "average:utility": 0 }) },
        { gameType: "millionaire", entry: entry(7, { "red-team:attack": 1, "red-team:defend": 0 }) },
      ],
      defaultOf,
    );
    expect(got).toEqual({
      gamesPlayed: 2,
      metrics: { "global-average:security": 1, "global-average:utility": 0 },
    });
  });

  it("reads only the default strategy's keys and ignores types without games", () => {
    const got = globalAverage.compute(
      [
        {
          gameType: "psi",
          entry: entry(1, { "win-rate:security": 1, "average:security": -1, "average:utility": 1 }),
        },
        { gameType: "ultimatum", entry: entry(0, { "win-rate:security": 1, "win-rate:utility": 1 }) },
      ],
      defaultOf,
    );
    expect(got).toEqual({
      gamesPlayed: 1,
      metrics: { "global-average:security": -1, "global-average:utility": 1 },
    });
  });

  it("returns undefined when no type contributes", () => {
    expect(globalAverage.compute([], defaultOf)).toBeUndefined();
    expect(
      globalAverage.compute(
        [{ gameType: "millionaire", entry: entry(4, { "red-team:attack": 1 }) }],
        defaultOf,
      ),
    ).toBeUndefined();
  });

  it("gives the same bits whatever the order of the types", () => {
    const list = [
      { gameType: "a", entry: entry(1, { "average:security": 0.1, "average:utility": 0.7 }) },
      { gameType: "b", entry: entry(1, { "average:security": 0.2, "average:utility": 0.1 }) },
      { gameType: "c", entry: entry(1, { "average:security": 0.3, "average:utility": 0.2 }) },
    ];
    const forward = globalAverage.compute(list, () => "average");
    for (const order of [
      [2, 1, 0],
      [1, 0, 2],
      [0, 2, 1],
    ]) {
      expect(
        globalAverage.compute(
          order.map((i) => list[i]!),
          () => "average",
        ),
      ).toEqual(forward);
    }
  });

  it("refuses two entries of one type", () => {
    const e = { gameType: "psi", entry: entry(1, { "average:security": 1, "average:utility": 1 }) };
    expect(() => globalAverage.compute([e, e], defaultOf)).toThrow(/two entries for game type psi/);
  });
});
