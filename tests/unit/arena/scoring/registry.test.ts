import { describe, expect, it } from "vitest";
import {
  allMetricDescriptors,
  getScoringStrategy,
  GLOBAL_STRATEGY,
  isScoringStrategyName,
  scoringStrategies,
} from "@/lib/arena/scoring/index";

describe("arena scoring registry", () => {
  it("has the four per-type strategies of the protocol, each under its own name", () => {
    expect(Object.keys(scoringStrategies).sort()).toEqual(["average", "consecutive", "red-team", "win-rate"]);
    for (const [name, s] of Object.entries(scoringStrategies)) {
      expect(s.name).toBe(name);
      expect(getScoringStrategy(name)).toBe(s);
    }
  });

  it.each(["", "global-average", "AVERAGE", "toString", "__proto__"])("refuses %j", (name) => {
    expect(isScoringStrategyName(name)).toBe(false);
    expect(() => getScoringStrategy(name)).toThrow(/Unknown arena scoring strategy/);
  });

  it("describes every metric, keyed <strategy>:<metric>, unique, with a label", () => {
    const all = allMetricDescriptors();
    expect(Object.keys(all).sort()).toEqual([...Object.keys(scoringStrategies), GLOBAL_STRATEGY].sort());
    const keys = Object.entries(all).flatMap(([name, ds]) =>
      ds.map((d) => {
        expect(d.key.startsWith(`${name}:`)).toBe(true);
        expect(d.label.trim()).not.toBe("");
        return d.key;
      }),
    );
    expect(new Set(keys).size).toBe(keys.length);
    expect(all["red-team"]).toEqual([
      { key: "red-team:attack", label: "Attack success" },
      { key: "red-team:defend", label: "Defense" },
    ]);
    expect(GLOBAL_STRATEGY).toBe("global-average");
  });
});
