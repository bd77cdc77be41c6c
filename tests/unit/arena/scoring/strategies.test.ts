import { describe, expect, it } from "vitest";
import { average } from "@/lib/arena/scoring/average";
import { consecutive } from "@/lib/arena/scoring/consecutive";
import { MemoryScoringStore } from "@/lib/arena/scoring/memory-store";
import { redTeam } from "@/lib/arena/scoring/red-team";
import { winRate } from "@/lib/arena/scoring/win-rate";
import { breach, game, metricsOf, run } from "./fixtures";

describe("average", () => {
  it("is the mean of each identified player's scores, with running sums in its state", () => {
    const store = run(average, [
      game([
        { user: "alice", score: [1, -1] },
        { user: "bob", score: [-1, 1] },
      ]),
      game([
        { user: "bob", score: [1, 0.5] },
        { user: "alice", score: [1, 0] },
      ]),
      game([{ user: "alice", score: [-1, 1] }, { score: [1, 1] }]),
    ]);
    expect(store.get("alice")).toEqual({
      playerId: "alice",
      gamesPlayed: 3,
      state: { securitySum: 1, utilitySum: 0 },
      metrics: { "average:security": 1 / 3, "average:utility": 0 },
    });
    expect(store.get("bob")).toEqual({
      playerId: "bob",
      gamesPlayed: 2,
      state: { securitySum: 0, utilitySum: 1.5 },
      metrics: { "average:security": 0, "average:utility": 0.75 },
    });
    expect(store.size).toBe(2);
  });

  it("skips self-play games and never scores anonymous seats", () => {
    const store = run(average, [
      game([
        { user: "alice", score: [1, 1] },
        { user: "alice", score: [-1, -1] },
      ]),
      game([{ user: "", score: [1, 1] }, { score: [1, 1] }]),
    ]);
    expect(store.entries()).toEqual([]);
  });

  it("continues from a stored row", () => {
    const store = new MemoryScoringStore([
      { playerId: "alice", gamesPlayed: 4, state: { securitySum: 2, utilitySum: -4 }, metrics: {} },
    ]);
    average.update(game([{ user: "alice", score: [1, 1] }]), store);
    expect(store.get("alice")).toMatchObject({
      gamesPlayed: 5,
      metrics: { "average:security": 3 / 5, "average:utility": -3 / 5 },
    });
  });

  it("does not count a seat the result gives no score", () => {
    const g = game([
      { user: "alice", score: [1, 1] },
      { user: "bob", score: [1, 1] },
    ]);
    g.scores = g.scores.slice(0, 1);
    const store = run(average, [g]);
    expect(store.entries().map((e) => e.playerId)).toEqual(["alice"]);
  });
});

describe("win-rate", () => {
  it("is the share of games with the score ≥ 1", () => {
    const store = run(winRate, [
      game([
        { user: "alice", score: [1, 0.99] },
        { user: "bob", score: [-1, 1] },
      ]),
      game([
        { user: "alice", score: [2, 1] },
        { user: "bob", score: [0, 1] },
      ]),
      game([{ user: "alice", score: [-1, -1] }, { score: [1, 1] }]),
      game([
        { user: "alice", score: [1, 1] },
        { user: "alice", score: [1, 1] },
      ]),
    ]);
    expect(store.get("alice")).toEqual({
      playerId: "alice",
      gamesPlayed: 3,
      state: { securityWins: 2, utilityWins: 1 },
      metrics: { "win-rate:security": 2 / 3, "win-rate:utility": 1 / 3 },
    });
    expect(metricsOf(store, "bob")).toEqual({ "win-rate:security": 0, "win-rate:utility": 1 });
  });
});

describe("red-team", () => {
  it("attack = breaches caused ÷ games, defend = 1 − breaches suffered ÷ games", () => {
    const store = run(redTeam, [
      game(
        [
          { user: "alice", score: [1, 1] },
          { user: "bob", score: [-1, 0] },
        ],
        {
          id: "r1",
          attributions: [breach(0, 1)],
        },
      ),
      game(
        [
          { user: "bob", score: [1, 1] },
          { user: "alice", score: [1, 1] },
        ],
        { id: "r2" },
      ),
      game(
        [
          { user: "alice", score: [-1, 1] },
          { user: "bob", score: [1, 1] },
        ],
        {
          id: "r3",
          attributions: [breach("inv_r3_1", "inv_r3_0")],
        },
      ),
    ]);
    expect(store.get("alice")).toEqual({
      playerId: "alice",
      gamesPlayed: 3,
      state: { caused: 1, suffered: 1 },
      metrics: { "red-team:attack": 1 / 3, "red-team:defend": 1 - 1 / 3 },
    });
    expect(metricsOf(store, "bob")).toEqual({ "red-team:attack": 1 / 3, "red-team:defend": 1 - 1 / 3 });
  });

  it("takes attributions by position number and by invite code alike", () => {
    const byNumber = run(redTeam, [
      game(
        [
          { user: "a", score: [0, 0] },
          { user: "b", score: [0, 0] },
        ],
        { id: "n", attributions: [breach(1, 0)] },
      ),
    ]);
    const byInvite = run(redTeam, [
      game(
        [
          { user: "a", score: [0, 0] },
          { user: "b", score: [0, 0] },
        ],
        {
          id: "i",
          attributions: [breach("inv_i_1", "inv_i_0")],
        },
      ),
    ]);
    expect(byNumber.entries()).toEqual(byInvite.entries());
    expect(metricsOf(byNumber, "b")).toEqual({ "red-team:attack": 1, "red-team:defend": 1 });
    expect(metricsOf(byNumber, "a")).toEqual({ "red-team:attack": 0, "red-team:defend": 0 });
  });

  it("counts each attribution: twice breached in one game leaves defend below 0 (not clamped)", () => {
    const store = run(redTeam, [
      game(
        [
          { user: "a", score: [0, 0] },
          { user: "b", score: [0, 0] },
        ],
        { attributions: [breach(0, 1), breach(0, 1)] },
      ),
    ]);
    expect(metricsOf(store, "a")).toEqual({ "red-team:attack": 2, "red-team:defend": 1 });
    expect(metricsOf(store, "b")).toEqual({ "red-team:attack": 0, "red-team:defend": -1 });
  });

  it("skips a game in which a seat has no identity, for every player", () => {
    const store = run(redTeam, [
      game([{ user: "a", score: [0, 0] }, { score: [0, 0] }], { attributions: [breach(0, 1)] }),
      game(
        [
          { user: "a", score: [0, 0] },
          { user: "", score: [0, 0] },
        ],
        { attributions: [breach(1, 0)] },
      ),
    ]);
    expect(store.entries()).toEqual([]);
  });

  it("skips self-play and ignores attributions naming no seat", () => {
    const store = run(redTeam, [
      game(
        [
          { user: "a", score: [0, 0] },
          { user: "a", score: [0, 0] },
        ],
        { attributions: [breach(0, 1)] },
      ),
      game(
        [
          { user: "a", score: [0, 0] },
          { user: "b", score: [0, 0] },
        ],
        {
          attributions: [breach(0, 7), breach("inv_nope", 1), breach(0, 0)],
        },
      ),
    ]);
    expect(store.entries().map((e) => [e.playerId, e.gamesPlayed, e.metrics])).toEqual([
      ["a", 1, { "red-team:attack": 0, "red-team:defend": 1 }],
      ["b", 1, { "red-team:attack": 0, "red-team:defend": 1 }],
    ]);
  });
});

describe("consecutive", () => {
  const streaks = (store: MemoryScoringStore, id: string) => {
    const m = metricsOf(store, id) ?? {};
    return [m["consecutive:security"], m["consecutive:utility"], m["consecutive:attack"]];
  };

  it("counts current streaks and resets a broken one to 0", () => {
    const store = new MemoryScoringStore();
    const seen: (number | undefined)[][] = [];
    const games = [
      game(
        [
          { user: "a", score: [1, 1] },
          { user: "b", score: [-1, 0] },
        ],
        { attributions: [breach(0, 1)] },
      ),
      game(
        [
          { user: "a", score: [1, 0] },
          { user: "b", score: [1, 1] },
        ],
        { attributions: [breach(0, 1)] },
      ),
      game(
        [
          { user: "a", score: [-1, 1] },
          { user: "b", score: [1, 1] },
        ],
        { attributions: [breach(1, 0)] },
      ),
      game([
        { user: "a", score: [1, 1] },
        { user: "b", score: [1, 1] },
      ]),
    ];
    for (const g of games) {
      consecutive.update(g, store);
      seen.push(streaks(store, "a"));
    }
    expect(seen).toEqual([
      [1, 1, 1],
      [2, 0, 2],
      [0, 1, 0],
      [1, 2, 0],
    ]);
    expect(streaks(store, "b")).toEqual([3, 3, 0]);
    expect(store.get("a")).toMatchObject({ gamesPlayed: 4, state: { security: 1, utility: 2, attack: 0 } });
  });

  it("plays games with an anonymous seat (unlike red-team) but credits no breach of that seat", () => {
    const store = run(consecutive, [
      game([{ user: "a", score: [1, 1] }, { score: [1, 1] }], { attributions: [breach(0, 1)] }),
      game(
        [
          { user: "a", score: [1, 1] },
          { user: "b", score: [1, 1] },
        ],
        { attributions: [breach(0, 1)] },
      ),
    ]);
    expect(streaks(store, "a")).toEqual([2, 2, 1]);
    expect(store.get("b")?.gamesPlayed).toBe(1);
  });

  it("skips self-play games (the streak neither grows nor resets)", () => {
    const store = run(consecutive, [
      game([
        { user: "a", score: [1, 1] },
        { user: "b", score: [1, 1] },
      ]),
      game([
        { user: "a", score: [-1, -1] },
        { user: "a", score: [-1, -1] },
      ]),
    ]);
    expect(streaks(store, "a")).toEqual([1, 1, 0]);
    expect(store.get("a")?.gamesPlayed).toBe(1);
  });
});

describe("every strategy", () => {
  it.each([average, winRate, redTeam, consecutive])("$name leaves the row it read unchanged", (strategy) => {
    const before = { playerId: "a", gamesPlayed: 1, state: {}, metrics: {} };
    const held = { ...before, state: { ...before.state }, metrics: { ...before.metrics } };
    const store = {
      get: () => held,
      set: () => undefined,
    };
    strategy.update(
      game([
        { user: "a", score: [1, 1] },
        { user: "b", score: [1, 1] },
      ]),
      store,
    );
    expect(held).toEqual(before);
  });
});
