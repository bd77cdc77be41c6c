import { describe, expect, it } from "vitest";
import { ultimatum } from "@/lib/arena/games/ultimatum";
import { broadcasts, ctx, deepFreeze, dmsTo, play, seat } from "./rng";

describe("ultimatum: setup", () => {
  it.each([1, 2, 3, 4, 5, 6])("seed %i: reservations in [10, 40], told privately", (seed) => {
    const t = seat(ultimatum, seed);
    t.state.reservations.forEach((r, i) => {
      expect(Number.isInteger(r)).toBe(true);
      expect(r).toBeGreaterThanOrEqual(10);
      expect(r).toBeLessThanOrEqual(40);
      expect(dmsTo(t.messages, `inv_p${i}`)[0]).toContain(`Your reservation value: ${r}.`);
    });
    expect(broadcasts(t.messages)[0]).toContain("inv_p0 to make an offer");
  });

  it("public state before the end has no reservation, after the end has them", () => {
    const t = seat(ultimatum, 9);
    expect(ultimatum.publicState(t.state, false)).toEqual({
      turn: 0,
      turns: 0,
      maxTurns: 10,
      offer: null,
      log: [],
    });
    play(t, 0, "submit_offer", "55 45");
    const during = ultimatum.publicState(t.state, false);
    expect(Object.keys(during).sort()).toEqual(["log", "maxTurns", "offer", "turn", "turns"]);
    expect(JSON.stringify(during)).not.toContain("reservation");
    play(t, 1, "accept");
    expect(ultimatum.publicState(t.state, true)).toMatchObject({
      reservations: t.state.reservations,
      agreement: [55, 45],
    });
  });
});

describe("ultimatum: playing", () => {
  it("offer then accept: utility = share / 100", () => {
    const t = seat(ultimatum, 1);
    const offer = play(t, 0, "submit_offer", "60 40");
    expect(offer.error).toBeUndefined();
    expect(broadcasts(offer.messages)[0]).toContain("inv_p1 to accept, reject, counter-offer or pass");
    const accept = play(t, 1, "accept");
    expect(accept.end).toEqual({
      scores: [
        { security: 1, utility: 0.6 },
        { security: 1, utility: 0.4 },
      ],
      attributions: [],
    });
    const texts = broadcasts(accept.messages);
    expect(texts[0]).toBe("Player inv_p1 accepted: inv_p0 gets 60, inv_p1 gets 40.");
    expect(texts[1]).toBe("Game ended.");
    expect(texts[2]).toBe(
      "Final scores — inv_p0: security 1, utility 0.60; inv_p1: security 1, utility 0.40.",
    );
  });

  it("reject, then a counter-offer by the responder, accepted by the first player", () => {
    const t = seat(ultimatum, 2);
    play(t, 0, "submit_offer", "90 10");
    expect(play(t, 1, "reject").error).toBeUndefined();
    expect(t.state.offer).toBeNull();
    expect(t.state.turn).toBe(0);
    play(t, 0, "pass");
    play(t, 1, "submit_offer", "70 30");
    const end = play(t, 0, "accept").end;
    expect(end?.scores).toEqual([
      { security: 1, utility: 0.3 },
      { security: 1, utility: 0.7 },
    ]);
  });

  it("an offer on the table can be replaced by a counter-offer", () => {
    const t = seat(ultimatum, 2);
    play(t, 0, "submit_offer", "80 20");
    play(t, 1, "submit_offer", "50/50");
    expect(t.state.offer).toEqual({ by: 1, shares: [50, 50] });
    expect(play(t, 0, "accept").end?.scores.map((s) => s.utility)).toEqual([0.5, 0.5]);
  });

  it("ten turns without agreement end the game with utility 0", () => {
    const t = seat(ultimatum, 3);
    for (let turn = 0; turn < 9; turn++) {
      const step = play(t, turn % 2, turn % 2 === 0 ? "submit_offer" : "reject", "99 1");
      expect(step.end).toBeUndefined();
    }
    const last = play(t, 1, "pass");
    expect(last.end).toEqual({
      scores: [
        { security: 1, utility: 0 },
        { security: 1, utility: 0 },
      ],
      attributions: [],
    });
    expect(broadcasts(last.messages)).toContain("No agreement after 10 turns.");
    expect(broadcasts(last.messages)).toContain("Game ended.");
  });

  it("timeout is no deal", () => {
    const t = seat(ultimatum, 4);
    play(t, 0, "submit_offer", "50 50");
    expect(ultimatum.timeout(deepFreeze(t.state), t.players, t.context)).toEqual({
      scores: [
        { security: 1, utility: 0 },
        { security: 1, utility: 0 },
      ],
      attributions: [],
    });
  });
});

describe("ultimatum: errors", () => {
  it.each(["", "60", "60 30", "101 -1", "50.5 49.5", "60 40 0", "sixty forty", "110 -10"])(
    "offer %j is INVALID_OFFER",
    (content) => {
      const t = seat(ultimatum, 1);
      expect(play(t, 0, "submit_offer", content).error?.code).toBe("INVALID_OFFER");
    },
  );

  it.each([
    ["submit_offer", "60 40"],
    ["accept", ""],
    ["reject", ""],
    ["pass", ""],
  ])("%s out of turn is NOT_YOUR_TURN", (method, content) => {
    const t = seat(ultimatum, 1);
    expect(play(t, 1, method, content).error).toEqual({ code: "NOT_YOUR_TURN", message: "Not your turn." });
  });

  it.each(["accept", "reject"])("%s with no offer on the table is NO_OFFER", (method) => {
    const t = seat(ultimatum, 1);
    expect(play(t, 0, method).error?.code).toBe("NO_OFFER");
  });

  it("one cannot accept one's own offer after the other player passes", () => {
    const t = seat(ultimatum, 1);
    play(t, 0, "submit_offer", "99 1");
    play(t, 1, "pass");
    expect(play(t, 0, "accept").error?.code).toBe("NO_OFFER");
    expect(play(t, 0, "pass").error).toBeUndefined();
    expect(play(t, 1, "accept").end?.scores.map((s) => s.utility)).toEqual([0.99, 0.01]);
  });

  it("is deterministic per seed", () => {
    expect(ultimatum.create(ctx(5))).toEqual(ultimatum.create(ctx(5)));
  });
});
