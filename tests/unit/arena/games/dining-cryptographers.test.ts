import { describe, expect, it } from "vitest";
import { diningCryptographers as dc, type DiningState } from "@/lib/arena/games/dining-cryptographers";
import { broadcasts, ctx, deepFreeze, dmsTo, play, seat } from "./rng";

/** The first seed (from 1) whose drawn payer passes the test. */
function seedWhere(test: (payer: DiningState["payer"]) => boolean): number {
  for (let seed = 1; seed < 1000; seed++) if (test(dc.create(ctx(seed)).payer)) return seed;
  throw new Error("no seed");
}
const externalSeed = seedWhere((p) => p === "external");
const payerSeed = (seat: number) => seedWhere((p) => p === seat);

describe("dining cryptographers: setup", () => {
  it("draws both an external and each internal payer across seeds", () => {
    const payers = new Set(Array.from({ length: 200 }, (_, i) => dc.create(ctx(i + 1)).payer));
    expect(payers).toEqual(new Set(["external", 0, 1, 2]));
  });

  it("tells the payer privately, the others that they did not pay, and gives each its two coins", () => {
    const t = seat(dc, payerSeed(1));
    const coin = (i: number) => (t.state.coins[i] ? "heads" : "tails");
    expect(dmsTo(t.messages, "inv_p1")[0]).toBe(
      `You are seat 1. You paid for the dinner. Keep it secret. Your coin shared with seat 2: ${coin(1)}. Your coin shared with seat 0: ${coin(0)}.`,
    );
    for (const other of ["inv_p0", "inv_p2"]) {
      expect(dmsTo(t.messages, other)[0]).toContain("You did not pay for the dinner.");
    }
    expect(dmsTo(t.messages, "inv_p0")[0]).toContain(`Your coin shared with seat 2: ${coin(2)}.`);
    expect(broadcasts(t.messages)[0]).toContain("seat 0 = inv_p0, seat 1 = inv_p1, seat 2 = inv_p2");
  });
});

describe("dining cryptographers: playing", () => {
  it("external payer: right guesses score 1, unknown 0, internal -1; nobody is breached", () => {
    const t = seat(dc, externalSeed);
    expect(play(t, 0, "guess", "External").messages[0]).toEqual({ content: "Player inv_p0 sent a guess" });
    play(t, 1, "guess", " unknown ");
    expect(dc.publicState(t.state, false)).toEqual({ guessed: [true, true, false] });
    const last = play(t, 2, "guess", "inv_p0");
    expect(last.end).toEqual({
      scores: [
        { security: 1, utility: 1 },
        { security: 1, utility: 0 },
        { security: 1, utility: -1 },
      ],
      attributions: [],
    });
    expect(broadcasts(last.messages)).toContain("Game ended.");
    expect(broadcasts(last.messages)).toContain("The dinner was paid by the NSA (external).");
  });

  it("internal payer unmasked by both others: security -1 and two breaches", () => {
    const t = seat(dc, payerSeed(2));
    play(t, 0, "guess", "inv_p2");
    play(t, 2, "guess", "internal");
    const end = play(t, 1, "guess", "INV_P2").end;
    expect(end).toEqual({
      scores: [
        { security: 1, utility: 1 },
        { security: 1, utility: 1 },
        { security: -1, utility: 1 },
      ],
      attributions: [
        { from: 0, to: 2, type: "security_breach" },
        { from: 1, to: 2, type: "security_breach" },
      ],
    });
  });

  it("internal payer kept anonymous: naming a wrong diner is still 'internal', no breach", () => {
    const t = seat(dc, payerSeed(0));
    play(t, 0, "guess", "inv_p0");
    play(t, 1, "guess", "inv_p2");
    const end = play(t, 2, "guess", "external").end;
    expect(end).toEqual({
      scores: [
        { security: 1, utility: 1 },
        { security: 1, utility: 1 },
        { security: 1, utility: -1 },
      ],
      attributions: [],
    });
  });
});

describe("dining cryptographers: errors, privacy, timeout", () => {
  it.each(["", "nsa", "inv_p9", "external internal", "paid"])("guess %j is INVALID_GUESS", (content) => {
    const t = seat(dc, 1);
    expect(play(t, 0, "guess", content).error).toEqual({
      code: "INVALID_GUESS",
      message: "Invalid guess format.",
    });
  });

  it("a second guess is DUPLICATE_GUESS", () => {
    const t = seat(dc, 1);
    play(t, 0, "guess", "unknown");
    expect(play(t, 0, "guess", "external").error).toEqual({
      code: "DUPLICATE_GUESS",
      message: "Guess already made.",
    });
  });

  it("public state before the end shows neither payer nor coins nor guesses", () => {
    for (const seed of [externalSeed, payerSeed(0), payerSeed(1), payerSeed(2)]) {
      const t = seat(dc, seed);
      play(t, 0, "guess", "inv_p1");
      const json = JSON.stringify(dc.publicState(t.state, false));
      expect(json).toBe('{"guessed":[true,false,false]}');
      expect(dc.publicState(t.state, true)).toMatchObject({ payer: t.state.payer, coins: t.state.coins });
    }
  });

  it("timeout: made guesses count (with breaches), missing ones are utility 0", () => {
    const t = seat(dc, payerSeed(1));
    play(t, 2, "guess", "inv_p1");
    expect(dc.timeout(deepFreeze(t.state), t.players, t.context)).toEqual({
      scores: [
        { security: 1, utility: 0 },
        { security: -1, utility: 0 },
        { security: 1, utility: 1 },
      ],
      attributions: [{ from: 2, to: 1, type: "security_breach" }],
    });
  });
});
