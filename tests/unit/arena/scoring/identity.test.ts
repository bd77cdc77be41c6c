import { describe, expect, it } from "vitest";
import {
  breachCounts,
  everyPlayerIdentified,
  resolveAttributionParty,
  scoredPlayers,
} from "@/lib/arena/scoring/identity";
import { breach, game } from "./fixtures";

describe("scoredPlayers", () => {
  it("scores only seats with a persistent identity, in seat order", () => {
    const g = game(
      [
        { user: "alice", score: [1, 1] },
        { score: [1, 1] },
        { user: "", score: [1, 1] },
        { user: "bob", score: [1, 1] },
      ],
      { id: "x" },
    );
    expect(scoredPlayers(g)).toEqual([
      { position: 0, invite: "inv_x_0", userId: "alice" },
      { position: 3, invite: "inv_x_3", userId: "bob" },
    ]);
  });

  it("skips the whole game when one user holds two seats (self-play)", () => {
    const g = game([
      { user: "alice", score: [1, 1] },
      { user: "bob", score: [1, 1] },
      { user: "alice", score: [-1, -1] },
    ]);
    expect(scoredPlayers(g)).toEqual([]);
  });

  it("ignores identities of invites that did not join and inherited object keys", () => {
    const g = game([{ score: [1, 1] }], { id: "y" });
    g.playerIdentities = { inv_other: "carol" };
    expect(scoredPlayers(g)).toEqual([]);
    const h = game([{ score: [1, 1] }], { id: "z" });
    h.players = ["toString"];
    expect(scoredPlayers(h)).toEqual([]);
  });
});

describe("everyPlayerIdentified", () => {
  it.each([
    { name: "all identified", seats: [{ user: "a" }, { user: "b" }], want: true },
    { name: "one anonymous", seats: [{ user: "a" }, {}], want: false },
    { name: "one empty id", seats: [{ user: "a" }, { user: "" }], want: false },
    { name: "no players", seats: [], want: false },
  ])("$name → $want", ({ seats, want }) => {
    const g = game(seats.map((s) => ({ ...s, score: [0, 0] as [number, number] })));
    expect(everyPlayerIdentified(g)).toBe(want);
  });
});

describe("resolveAttributionParty", () => {
  const g = game([{ user: "alice", score: [0, 0] }, { user: "bob", score: [0, 0] }, { score: [0, 0] }], {
    id: "r",
  });
  it.each([
    { party: 0, want: "alice" },
    { party: 1, want: "bob" },
    { party: "inv_r_0", want: "alice" },
    { party: "inv_r_1", want: "bob" },
    { party: "1", want: "bob" },
    { party: 2, want: undefined },
    { party: "inv_r_2", want: undefined },
    { party: 3, want: undefined },
    { party: -1, want: undefined },
    { party: 0.5, want: undefined },
    { party: "01", want: undefined },
    { party: "alice", want: undefined },
    { party: "inv_unknown", want: undefined },
  ])("$party → $want", ({ party, want }) => {
    expect(resolveAttributionParty(g, party)).toBe(want);
  });

  it("prefers an invite code over the position reading of the same text", () => {
    const h = game([
      { user: "alice", score: [0, 0] },
      { user: "bob", score: [0, 0] },
    ]);
    h.players = ["1", "0"];
    h.playerIdentities = { "1": "alice", "0": "bob" };
    expect(resolveAttributionParty(h, "1")).toBe("alice");
    expect(resolveAttributionParty(h, 1)).toBe("bob");
  });
});

describe("breachCounts", () => {
  it("counts every security_breach between identified, distinct seats", () => {
    const g = game([{ user: "alice", score: [0, 0] }, { user: "bob", score: [0, 0] }, { score: [0, 0] }], {
      id: "b",
      attributions: [
        breach(0, 1),
        breach("inv_b_0", "inv_b_1"),
        breach(1, 0),
        breach(0, 2), // anonymous victim: ignored
        breach(2, 1), // anonymous attacker: ignored
        breach(1, 1), // a seat breaching itself: ignored
        breach(0, 9), // no such seat: ignored
        { from: 0, to: 1, type: "other" },
      ],
    });
    expect(Object.fromEntries(breachCounts(g))).toEqual({
      alice: { caused: 2, suffered: 1 },
      bob: { caused: 1, suffered: 2 },
    });
  });
});
