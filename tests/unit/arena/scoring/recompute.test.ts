import { describe, expect, it } from "vitest";
import { globalAverage } from "@/lib/arena/scoring/global-average";
import { scoredPlayers } from "@/lib/arena/scoring/identity";
import { getScoringStrategy } from "@/lib/arena/scoring/index";
import { compareResults, recomputeScores } from "@/lib/arena/scoring/recompute";
import type { Attribution, GameResult, ScoringEntry, ScoringStore, StoredEntry } from "@/lib/arena/types";
import { seededRng } from "../games/rng";
import { breach, game } from "./fixtures";

const TYPES: Record<string, { seats: number; strategies: string[]; default: string }> = {
  psi: { seats: 2, strategies: ["average", "win-rate", "red-team", "consecutive"], default: "average" },
  ultimatum: { seats: 2, strategies: ["average", "win-rate", "consecutive"], default: "win-rate" },
  millionaire: { seats: 2, strategies: ["red-team", "average"], default: "red-team" },
  dining: {
    seats: 3,
    strategies: ["consecutive", "red-team", "win-rate", "average"],
    default: "consecutive",
  },
};
const strategiesOf = (type: string) => TYPES[type]!.strategies;
const defaultOf = (type: string) => TYPES[type]!.default;

function randomResults(seed: number, count: number): GameResult[] {
  const r = seededRng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const users = ["u1", "u2", "u3", "u4", "u5"];
  const scores = [-1, 0, 0.25, 0.5, 1, 1.5];
  const results: GameResult[] = [];
  for (let i = 0; i < count; i++) {
    const type = pick(Object.keys(TYPES));
    const n = TYPES[type]!.seats;
    const id = `g${Math.floor(r() * 1e6).toString(36)}_${i}`;
    const seats = Array.from({ length: n }, () => ({
      user: r() < 0.15 ? pick([undefined, ""]) : pick(users),
      score: [pick(scores), pick(scores)] as [number, number],
    }));
    const party = (): number | string => {
      const pos = Math.floor(r() * (n + 1)); // n names no seat
      return r() < 0.5 ? pos : r() < 0.9 ? `inv_${id}_${pos}` : "junk";
    };
    const attributions: Attribution[] = Array.from({ length: Math.floor(r() * 4) }, () =>
      r() < 0.85 ? breach(party(), party()) : { from: party(), to: party(), type: "other" },
    );
    results.push(game(seats, { id, type, at: 1_000_000 + Math.floor(r() * 30) * 1000, attributions }));
  }
  return results;
}

/**
 * The service's incremental path, over rows kept as JSON text (as a database would): per ended
 * game, load the scored players' rows of each strategy, update through an adapter that refuses
 * any other player, write back; then rewrite each scored player's global row.
 */
function applyIncrementally(ordered: readonly GameResult[]) {
  const rows = new Map<string, string>();
  const key = (type: string, strategy: string, player: string) => `${type}\u0000${strategy}\u0000${player}`;
  const global = new Map<string, ScoringEntry>();
  for (const result of ordered) {
    const type = result.challengeType;
    const players = scoredPlayers(result).map((p) => p.userId);
    for (const name of strategiesOf(type)) {
      const loaded = new Map<string, StoredEntry | undefined>();
      for (const p of players) {
        const text = rows.get(key(type, name, p));
        loaded.set(p, text === undefined ? undefined : (JSON.parse(text) as StoredEntry));
      }
      const adapter: ScoringStore = {
        get(playerId) {
          if (!loaded.has(playerId)) throw new Error(`row of ${playerId} was not loaded`);
          return loaded.get(playerId);
        },
        set(entry) {
          if (!loaded.has(entry.playerId)) throw new Error(`row of ${entry.playerId} was not loaded`);
          loaded.set(entry.playerId, entry);
        },
      };
      getScoringStrategy(name).update(result, adapter);
      for (const [p, entry] of loaded) if (entry) rows.set(key(type, name, p), JSON.stringify(entry));
    }
    for (const p of players) {
      const perType = Object.keys(TYPES).flatMap((t) => {
        const text = rows.get(key(t, defaultOf(t), p));
        return text === undefined ? [] : [{ gameType: t, entry: JSON.parse(text) as StoredEntry }];
      });
      const figures = globalAverage.compute(perType, defaultOf);
      if (figures) global.set(p, { playerId: p, ...figures });
      else global.delete(p);
    }
  }
  const perType = new Map<string, Map<string, StoredEntry[]>>();
  for (const [k, text] of [...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const [type, strategy] = k.split("\u0000") as [string, string];
    const byStrategy = perType.get(type) ?? new Map<string, StoredEntry[]>();
    perType.set(type, byStrategy);
    byStrategy.set(strategy, [...(byStrategy.get(strategy) ?? []), JSON.parse(text) as StoredEntry]);
  }
  return { perType, global: [...global.values()].sort((a, b) => (a.playerId < b.playerId ? -1 : 1)) };
}

const asObject = (m: Map<string, Map<string, StoredEntry[]>>) =>
  Object.fromEntries(
    [...m].map(([t, s]) => [t, Object.fromEntries([...s].filter(([, es]) => es.length > 0))]),
  );

describe("recomputeScores", () => {
  it.each([1, 2, 3, 4, 5])("equals the incremental path over 50 random games (seed %i)", (seed) => {
    const results = randomResults(seed, 50);
    const incremental = applyIncrementally([...results].sort(compareResults));
    const shuffled = [...results].reverse();
    const rebuilt = recomputeScores(shuffled, strategiesOf, defaultOf);

    expect(asObject(rebuilt.perType)).toEqual(asObject(incremental.perType));
    expect(rebuilt.global).toEqual(incremental.global);
    expect(rebuilt.global.length).toBeGreaterThan(2);

    // An independent look at two figures, straight from the raw results.
    const psiAverage = rebuilt.perType.get("psi")?.get("average") ?? [];
    expect(psiAverage.length).toBeGreaterThan(0);
    for (const { playerId, gamesPlayed, metrics } of psiAverage) {
      const own = results
        .filter((g) => g.challengeType === "psi")
        .flatMap((g) =>
          scoredPlayers(g)
            .filter((p) => p.userId === playerId)
            .map((p) => g.scores[p.position]!),
        );
      expect(gamesPlayed).toBe(own.length);
      expect(metrics["average:security"]).toBeCloseTo(
        own.reduce((s, x) => s + x.security, 0) / own.length,
        12,
      );
    }
    for (const e of rebuilt.global) {
      const psi = rebuilt.perType
        .get("psi")
        ?.get("average")
        ?.find((x) => x.playerId === e.playerId);
      const ult = rebuilt.perType
        .get("ultimatum")
        ?.get("win-rate")
        ?.find((x) => x.playerId === e.playerId);
      const din = rebuilt.perType
        .get("dining")
        ?.get("consecutive")
        ?.find((x) => x.playerId === e.playerId);
      const parts = [
        psi?.metrics["average:utility"],
        ult?.metrics["win-rate:utility"],
        din?.metrics["consecutive:utility"],
      ].filter((v): v is number => v !== undefined);
      expect(e.metrics["global-average:utility"]).toBeCloseTo(
        parts.reduce((s, x) => s + x, 0) / parts.length,
        12,
      );
      expect(e.gamesPlayed).toBe((psi?.gamesPlayed ?? 0) + (ult?.gamesPlayed ?? 0) + (din?.gamesPlayed ?? 0));
    }
  });

  it("applies results in completedAt order, then by gameId, whatever the input order", () => {
    const a = game([{ user: "a", score: [1, 1] }], { id: "b-later", at: 2000 });
    const b = game([{ user: "a", score: [-1, -1] }], { id: "a-first", at: 1000 });
    const c = game([{ user: "a", score: [1, 1] }], { id: "c-tie", at: 2000 });
    for (const input of [
      [a, b, c],
      [c, a, b],
      [b, c, a],
    ]) {
      const { perType } = recomputeScores(
        input,
        () => ["consecutive"],
        () => "consecutive",
      );
      expect(perType.get("psi")?.get("consecutive")?.[0]?.metrics["consecutive:security"]).toBe(2);
    }
    expect([c, a, b].sort(compareResults).map((g) => g.gameId)).toEqual(["a-first", "b-later", "c-tie"]);
  });

  it("refuses a type whose default strategy it does not run, and unknown strategies", () => {
    const g = game([{ user: "a", score: [1, 1] }]);
    expect(() =>
      recomputeScores(
        [g],
        () => ["average"],
        () => "win-rate",
      ),
    ).toThrow(/default strategy win-rate/);
    expect(() =>
      recomputeScores(
        [g],
        () => ["average", "nope"],
        () => "average",
      ),
    ).toThrow(/Unknown arena scoring/);
  });

  it("gives nothing for no results", () => {
    const out = recomputeScores([], strategiesOf, defaultOf);
    expect(out.perType.size).toBe(0);
    expect(out.global).toEqual([]);
  });
});
