import { describe, expect, it } from "vitest";
import {
  aggregateStanding,
  collectionStrategies,
  getCollectionStrategy,
  isCollectionStrategyName,
} from "@/lib/scoring/registry";
import {
  COLLECTION_STRATEGIES,
  type CollectionEntry,
  type CollectionStanding,
  type CollectionStrategyName,
} from "@/lib/scoring/types";

const t0 = Date.UTC(2026, 0, 1);
function s(endUserId: string, over: Partial<CollectionStanding> & { at?: number } = {}): CollectionStanding {
  const { at = 0, ...rest } = over;
  return {
    endUserId,
    accountId: `acc-${endUserId}`,
    solved: 2,
    pointsTotal: 200,
    elapsedMsTotal: 5000,
    tokensTotal: 300,
    ratingAvg: 7,
    lastAchievedAt: new Date(t0 + at),
    ...rest,
  };
}
const entry = (over: Partial<CollectionEntry>): CollectionEntry => ({
  challengeId: "c",
  points: 100,
  score: null,
  elapsedMs: 1000,
  tokensTotal: 10,
  judgeRating: null,
  achievedAt: new Date(t0),
  ...over,
});

describe("registry", () => {
  it("has exactly the five collection strategies", () => {
    expect(Object.keys(collectionStrategies).sort()).toEqual([...COLLECTION_STRATEGIES].sort());
  });
  it.each(["first", "avg", ""])("refuses %j", (name) => {
    expect(isCollectionStrategyName(name)).toBe(false);
    expect(() => getCollectionStrategy(name)).toThrow(/Unknown collection scoring strategy/);
  });
});

describe("aggregateStanding", () => {
  it("sums points, time and tokens, averages the ratings that exist, keeps the latest time", () => {
    const standing = aggregateStanding("u1", "a1", [
      entry({ challengeId: "c1", points: 100, elapsedMs: 1000, tokensTotal: 10, judgeRating: 8, achievedAt: new Date(t0 + 5) }),
      entry({ challengeId: "c2", points: 42.5, elapsedMs: 250, tokensTotal: 7, judgeRating: null, achievedAt: new Date(t0 + 9) }),
      entry({ challengeId: "c3", points: 50, elapsedMs: null, tokensTotal: null, judgeRating: 5, achievedAt: new Date(t0 + 1) }),
    ]);
    expect(standing).toEqual({
      endUserId: "u1",
      accountId: "a1",
      solved: 3,
      pointsTotal: 192.5,
      elapsedMsTotal: 1250,
      tokensTotal: 17,
      ratingAvg: 6.5,
      lastAchievedAt: new Date(t0 + 9),
    });
  });

  it("has no average rating when no solve was rated", () => {
    expect(aggregateStanding("u", null, [entry({})]).ratingAvg).toBeNull();
  });
});

describe("collection order", () => {
  const cases: { strategy: CollectionStrategyName; rows: CollectionStanding[]; order: string[] }[] = [
    {
      strategy: "sum",
      rows: [
        s("less", { pointsTotal: 100 }),
        s("tie-fewer-solves", { pointsTotal: 300, solved: 2 }),
        s("tie-more-solves", { pointsTotal: 300, solved: 3 }),
        s("tie-later", { pointsTotal: 300, solved: 3, at: 5 }),
      ],
      order: ["tie-more-solves", "tie-later", "tie-fewer-solves", "less"],
    },
    {
      strategy: "fastest_total",
      rows: [
        s("fast-but-fewer", { solved: 1, elapsedMsTotal: 10 }),
        s("slow", { solved: 3, elapsedMsTotal: 9000 }),
        s("fast", { solved: 3, elapsedMsTotal: 3000 }),
        s("fast-later", { solved: 3, elapsedMsTotal: 3000, at: 1 }),
      ],
      order: ["fast", "fast-later", "slow", "fast-but-fewer"],
    },
    {
      strategy: "fewest_tokens_total",
      rows: [s("few-but-fewer-solves", { solved: 1, tokensTotal: 1 }), s("many", { tokensTotal: 900 }), s("few", { tokensTotal: 90 })],
      order: ["few", "many", "few-but-fewer-solves"],
    },
    {
      strategy: "highest_avg_rating",
      rows: [
        s("unrated", { ratingAvg: null, solved: 5 }),
        s("nine", { ratingAvg: 9, solved: 1 }),
        s("ten", { ratingAvg: 10, solved: 1 }),
        s("nine-more-solves", { ratingAvg: 9, solved: 4 }),
      ],
      order: ["ten", "nine-more-solves", "nine", "unrated"],
    },
    {
      strategy: "custom",
      rows: [s("failed", { customScore: null }), s("low", { customScore: 1 }), s("high", { customScore: 50 }), s("high-later", { customScore: 50, at: 9 })],
      order: ["high", "high-later", "low", "failed"],
    },
  ];
  it.each(cases)("$strategy", ({ strategy, rows, order }) => {
    const st = getCollectionStrategy(strategy);
    expect([...rows].sort(st.compare).map((r) => r.endUserId)).toEqual(order);
  });

  it("breaks a complete tie by end user id", () => {
    const st = getCollectionStrategy("sum");
    expect([s("b"), s("a")].sort(st.compare).map((r) => r.endUserId)).toEqual(["a", "b"]);
  });

  it.each([
    { strategy: "sum", expected: 200 },
    { strategy: "fastest_total", expected: 5000 },
    { strategy: "fewest_tokens_total", expected: 300 },
    { strategy: "highest_avg_rating", expected: 7 },
    { strategy: "custom", expected: 12 },
  ] as const)("$strategy shows $expected as the score", ({ strategy, expected }) => {
    expect(getCollectionStrategy(strategy).score(s("u", { customScore: 12 }))).toBe(expected);
  });

  it("only custom is ranked in memory; the others have an SQL order", () => {
    for (const name of COLLECTION_STRATEGIES) {
      expect(Boolean(getCollectionStrategy(name).sqlOrder)).toBe(name !== "custom");
    }
  });
});
