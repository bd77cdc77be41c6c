import { describe, expect, it } from "vitest";
import { compareRanked, isBetter } from "@/lib/scoring/compare";
import { leaderboardOrderBy } from "@/lib/services/leaderboards/order";
import { challengeStrategies, getChallengeStrategy, isChallengeStrategyName } from "@/lib/scoring/registry";
import { CHALLENGE_STRATEGIES, type ChallengeStrategyName, type RankedMetrics } from "@/lib/scoring/types";

const t0 = Date.UTC(2026, 0, 1);
function m(id: string, over: Partial<RankedMetrics> & { at?: number } = {}): RankedMetrics {
  const { at = 0, ...rest } = over;
  return { id, score: null, elapsedMs: 1000, tokensTotal: 100, judgeRating: 5, achievedAt: new Date(t0 + at), ...rest };
}

describe("registry", () => {
  it("has exactly the five challenge strategies", () => {
    expect(Object.keys(challengeStrategies).sort()).toEqual([...CHALLENGE_STRATEGIES].sort());
    for (const name of CHALLENGE_STRATEGIES) expect(getChallengeStrategy(name).name).toBe(name);
  });

  it.each(["", "FIRST", "slowest", "sum"])("refuses the unknown strategy %j", (name) => {
    expect(isChallengeStrategyName(name)).toBe(false);
    expect(() => getChallengeStrategy(name)).toThrow(/Unknown challenge scoring strategy/);
  });
});

describe("isBetter: does a new success replace the player's best?", () => {
  const cases: { name: string; strategy: ChallengeStrategyName; candidate: RankedMetrics; current: RankedMetrics; better: boolean }[] = [
    { name: "first never replaces an earlier success", strategy: "first", candidate: m("b", { at: 5, elapsedMs: 1 }), current: m("a"), better: false },
    { name: "fastest: lower elapsed wins", strategy: "fastest", candidate: m("b", { elapsedMs: 900 }), current: m("a"), better: true },
    { name: "fastest: higher elapsed loses", strategy: "fastest", candidate: m("b", { elapsedMs: 1100 }), current: m("a"), better: false },
    { name: "fastest: a tie keeps the earlier best", strategy: "fastest", candidate: m("b", { at: 9 }), current: m("a"), better: false },
    { name: "fastest: a missing time never wins", strategy: "fastest", candidate: m("b", { elapsedMs: null }), current: m("a"), better: false },
    { name: "fewest_tokens: fewer tokens win", strategy: "fewest_tokens", candidate: m("b", { tokensTotal: 99 }), current: m("a"), better: true },
    { name: "fewest_tokens: more tokens lose even when faster", strategy: "fewest_tokens", candidate: m("b", { tokensTotal: 101, elapsedMs: 1 }), current: m("a"), better: false },
    { name: "fewest_tokens: a tie keeps the earlier best", strategy: "fewest_tokens", candidate: m("b"), current: m("a"), better: false },
    { name: "highest_rating: a higher rating wins", strategy: "highest_rating", candidate: m("b", { judgeRating: 6 }), current: m("a"), better: true },
    { name: "highest_rating: a lower rating loses", strategy: "highest_rating", candidate: m("b", { judgeRating: 4 }), current: m("a"), better: false },
    { name: "highest_rating: an unrated success ranks as 0", strategy: "highest_rating", candidate: m("b", { judgeRating: 1 }), current: m("a", { judgeRating: null }), better: true },
    { name: "highest_rating: a tie keeps the earlier best", strategy: "highest_rating", candidate: m("b", { judgeRating: 5 }), current: m("a"), better: false },
    { name: "custom: a higher score wins", strategy: "custom", candidate: m("b", { score: 10.5 }), current: m("a", { score: 10 }), better: true },
    { name: "custom: a lower score loses", strategy: "custom", candidate: m("b", { score: 9 }), current: m("a", { score: 10 }), better: false },
    { name: "custom: an unscored success never wins", strategy: "custom", candidate: m("b", { score: null }), current: m("a", { score: 0 }), better: false },
    { name: "custom: any score beats an unscored best", strategy: "custom", candidate: m("b", { score: -3 }), current: m("a", { score: null }), better: true },
  ];
  it.each(cases)("$name", ({ strategy, candidate, current, better }) => {
    expect(isBetter(getChallengeStrategy(strategy), candidate, current)).toBe(better);
  });
});

describe("leaderboard order (compareRanked)", () => {
  const cases: { strategy: ChallengeStrategyName; rows: RankedMetrics[]; order: string[] }[] = [
    {
      strategy: "first",
      rows: [m("c", { at: 30 }), m("a", { at: 10 }), m("b", { at: 20 }), m("a2", { at: 10 })],
      order: ["a", "a2", "b", "c"],
    },
    {
      strategy: "fastest",
      rows: [m("slow", { elapsedMs: 900 }), m("late", { elapsedMs: 100, at: 5 }), m("early", { elapsedMs: 100, at: 1 }), m("mid", { elapsedMs: 500 })],
      order: ["early", "late", "mid", "slow"],
    },
    {
      strategy: "fewest_tokens",
      rows: [m("x", { tokensTotal: 30 }), m("y", { tokensTotal: 10, at: 2 }), m("z", { tokensTotal: 10, at: 1 }), m("w", { tokensTotal: 0 })],
      order: ["w", "z", "y", "x"],
    },
    {
      strategy: "highest_rating",
      rows: [m("r5", { judgeRating: 5 }), m("r10b", { judgeRating: 10, at: 3 }), m("r10a", { judgeRating: 10, at: 1 }), m("none", { judgeRating: null }), m("r0", { judgeRating: 0, at: -1 })],
      order: ["r10a", "r10b", "r5", "r0", "none"],
    },
    {
      strategy: "custom",
      rows: [m("low", { score: 1 }), m("unscored", { score: null }), m("high", { score: 99.5 }), m("mid-b", { score: 50, at: 2 }), m("mid-a", { score: 50, at: 1 })],
      order: ["high", "mid-a", "mid-b", "low", "unscored"],
    },
  ];
  it.each(cases)("$strategy", ({ strategy, rows, order }) => {
    const s = getChallengeStrategy(strategy);
    expect([...rows].sort((a, b) => compareRanked(s, a, b)).map((r) => r.id)).toEqual(order);
  });

  it("is a total order: equal metrics and times fall back to the attempt id", () => {
    const s = getChallengeStrategy("fastest");
    expect(compareRanked(s, m("b"), m("a"))).toBeGreaterThan(0);
    expect(compareRanked(s, m("a"), m("a"))).toBe(0);
  });
});

describe("stored score", () => {
  const input = { elapsedMs: 1234, tokensTotal: 56, judgeRating: 7, points: 100 };
  it.each([
    { strategy: "first", expected: 100 },
    { strategy: "fastest", expected: 1234 },
    { strategy: "fewest_tokens", expected: 56 },
    { strategy: "highest_rating", expected: 7 },
    { strategy: "custom", expected: null },
  ] as const)("$strategy scores a success as $expected", ({ strategy, expected }) => {
    expect(getChallengeStrategy(strategy).score(input)).toBe(expected);
  });

  it.each([
    { pluginScore: 42.5, expected: 42.5 },
    { pluginScore: null, expected: null },
    { pluginScore: Number.NaN, expected: null },
    { pluginScore: Number.POSITIVE_INFINITY, expected: null },
  ])("custom keeps the plugin score $pluginScore as $expected", ({ pluginScore, expected }) => {
    expect(getChallengeStrategy("custom").score({ ...input, pluginScore })).toBe(expected);
  });

  it("highest_rating scores an unrated success as 0", () => {
    expect(getChallengeStrategy("highest_rating").score({ ...input, judgeRating: null })).toBe(0);
  });
});

describe("leaderboardOrderBy follows the per-strategy indexes", () => {
  it.each([
    { strategy: "first", order: [{ achievedAt: "asc" }, { bestAttemptId: "asc" }] },
    { strategy: "fastest", order: [{ elapsedMs: "asc" }, { achievedAt: "asc" }, { bestAttemptId: "asc" }] },
    { strategy: "fewest_tokens", order: [{ tokensTotal: "asc" }, { achievedAt: "asc" }, { bestAttemptId: "asc" }] },
    { strategy: "highest_rating", order: [{ judgeRating: "desc" }, { achievedAt: "asc" }, { bestAttemptId: "asc" }] },
    { strategy: "custom", order: [{ score: "desc" }, { achievedAt: "asc" }, { bestAttemptId: "asc" }] },
  ] as const)("$strategy", ({ strategy, order }) => {
    expect(leaderboardOrderBy(getChallengeStrategy(strategy))).toEqual(order);
  });
});
