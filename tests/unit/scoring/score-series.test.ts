import { describe, expect, it } from "vitest";
import { buildScoreSeries, stepPath } from "@/lib/scoring/score-series";
import { netPoints } from "@/lib/scoring/hint-cost";

describe("buildScoreSeries", () => {
  it("accumulates each player's solves in time order, from a shared start to the end", () => {
    const out = buildScoreSeries(
      ["a", "b", "c"],
      [
        { player: "a", at: 300, points: 50 },
        { player: "a", at: 100, points: 100 },
        { player: "b", at: 200, points: 70 },
        { player: "z", at: 50, points: 999 }, // not a charted player
      ],
      1_000,
    );
    expect(out.start).toBe(100);
    expect(out.end).toBe(1_000);
    expect(out.max).toBe(150);
    expect(out.series.map((s) => s.player)).toEqual(["a", "b", "c"]);
    expect(out.series[0]!.steps).toEqual([
      { at: 100, total: 100 },
      { at: 300, total: 150 },
      { at: 1_000, total: 150 },
    ]);
    expect(out.series[1]!.steps).toEqual([
      { at: 100, total: 0 },
      { at: 200, total: 70 },
      { at: 1_000, total: 70 },
    ]);
    expect(out.series[2]!.steps).toEqual([
      { at: 100, total: 0 },
      { at: 1_000, total: 0 },
    ]);
  });

  it("merges solves at the same instant, ignores negative points and never ends before the last solve", () => {
    const out = buildScoreSeries(
      ["a"],
      [
        { player: "a", at: 10, points: 5 },
        { player: "a", at: 10, points: 7 },
        { player: "a", at: 20, points: -40 },
      ],
      15,
    );
    expect(out.end).toBe(20);
    expect(out.series[0]!.steps).toEqual([
      { at: 10, total: 12 },
      { at: 20, total: 12 },
    ]);
    expect(out.series[0]!.total).toBe(12);
  });

  it("with no solves gives flat lines and a scale of at least 1", () => {
    const out = buildScoreSeries(["a"], [], 42);
    expect(out).toMatchObject({ start: 42, end: 42, max: 1 });
    expect(out.series[0]!.steps).toEqual([{ at: 42, total: 0 }]);
  });
});

describe("stepPath", () => {
  it("draws a step line inside the box (y grows downwards)", () => {
    const d = stepPath(
      [
        { at: 0, total: 0 },
        { at: 50, total: 10 },
        { at: 100, total: 10 },
      ],
      { start: 0, end: 100, max: 10, width: 200, height: 40 },
    );
    expect(d).toBe("M0 40 H100 V0 H200 V0");
  });
});

describe("netPoints", () => {
  it("takes the hint cost off the points, never below 0", () => {
    expect(netPoints(100, 30)).toBe(70);
    expect(netPoints(100, 130)).toBe(0);
    expect(netPoints(100, 0)).toBe(100);
    expect(netPoints(100, -5)).toBe(100);
  });
});
