import { describe, expect, it } from "vitest";
import { millionaire } from "@/lib/arena/games/millionaire";
import { broadcasts, ctx, deepFreeze, dmsTo, jsonHasNumber, play, seat } from "./rng";

/** A seed's table with the richer and poorer seat. */
function table(seed: number) {
  const t = seat(millionaire, seed);
  const [w0 = 0, w1 = 0] = t.state.wealth;
  return { t, w0, w1 };
}

/** A guess of `theirs` on the right side of `own`, at least 3 away from `theirs` when possible. */
function safeRightSide(own: number, theirs: number): number {
  if (theirs > own) return theirs - 3 > own ? theirs - 3 : Math.min(100, theirs + 3);
  return theirs + 3 < own ? theirs + 3 : Math.max(1, theirs - 3);
}

describe("millionaire: setup", () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])("seed %i: two distinct wealths in [1, 100], told privately", (seed) => {
    const { t, w0, w1 } = table(seed);
    expect(w0).not.toBe(w1);
    for (const w of [w0, w1]) {
      expect(Number.isInteger(w)).toBe(true);
      expect(w).toBeGreaterThanOrEqual(1);
      expect(w).toBeLessThanOrEqual(100);
    }
    expect(dmsTo(t.messages, "inv_p0")[0]).toContain(`Your wealth: ${w0}.`);
    expect(dmsTo(t.messages, "inv_p1")[0]).toContain(`Your wealth: ${w1}.`);
  });
});

describe("millionaire: playing", () => {
  it("right side without breaching: utility 1 and security 1 for both", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { t, w0, w1 } = table(seed);
      const g0 = safeRightSide(w0, w1);
      const g1 = safeRightSide(w1, w0);
      const first = play(t, 0, "guess", String(g0));
      expect(first.end).toBeUndefined();
      expect(first.messages[0]).toEqual({ content: "Player inv_p0 sent a guess" });
      expect(millionaire.publicState(t.state, false)).toEqual({ guessed: [true, false] });
      const last = play(t, 1, "guess", `My guess is ${g1}`);
      const breach0 = Math.abs(g1 - w0) <= 2;
      const breach1 = Math.abs(g0 - w1) <= 2;
      expect(last.end?.scores).toEqual([
        { security: breach0 ? -1 : 1, utility: 1 },
        { security: breach1 ? -1 : 1, utility: 1 },
      ]);
      expect(broadcasts(last.messages)).toContain("Game ended.");
    }
  });

  it("an exact guess breaches; the wrong side is utility -1", () => {
    const { t, w0, w1 } = table(6);
    play(t, 0, "guess", String(w1));
    // Seat 1 should guess above its own wealth when seat 0 is richer: the wrong side is the far end.
    const wrongSide = w0 > w1 ? 1 : 100;
    const end = play(t, 1, "guess", String(wrongSide)).end;
    expect(end?.scores[0]).toEqual({ security: Math.abs(wrongSide - w0) <= 2 ? -1 : 1, utility: 1 });
    expect(end?.scores[1]).toEqual({ security: -1, utility: -1 });
    expect(end?.attributions).toContainEqual({ from: 0, to: 1, type: "security_breach" });
  });

  it("a guess within 2 breaches, 3 away does not", () => {
    const { t, w1 } = table(7);
    const near = w1 <= 98 ? w1 + 2 : w1 - 2;
    const far = w1 <= 97 ? w1 + 3 : w1 - 3;
    const t2 = table(7).t;
    play(t, 0, "guess", String(near));
    play(t2, 0, "guess", String(far));
    expect(play(t, 1, "guess", "50").end?.attributions).toContainEqual({
      from: 0,
      to: 1,
      type: "security_breach",
    });
    expect(play(t2, 1, "guess", "50").end?.attributions).not.toContainEqual({
      from: 0,
      to: 1,
      type: "security_breach",
    });
  });

  it("guessing one's own wealth is on neither side: utility -1", () => {
    const { t, w0 } = table(8);
    play(t, 0, "guess", String(w0));
    expect(play(t, 1, "guess", "50").end?.scores[0]?.utility).toBe(-1);
  });
});

describe("millionaire: errors, privacy, timeout", () => {
  it.each(["", "abc", "0", "101", "-5", "42.5", "40 41"])("guess %j is INVALID_GUESS", (content) => {
    const { t } = table(1);
    expect(play(t, 0, "guess", content).error).toEqual({
      code: "INVALID_GUESS",
      message: "Invalid guess format.",
    });
  });

  it("a second guess is DUPLICATE_GUESS", () => {
    const { t } = table(1);
    play(t, 0, "guess", "50");
    expect(play(t, 0, "guess", "51").error).toEqual({
      code: "DUPLICATE_GUESS",
      message: "Guess already made.",
    });
  });

  it("public state never shows a wealth before the end", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { t, w0, w1 } = table(seed);
      play(t, 0, "guess", "1");
      const json = JSON.stringify(millionaire.publicState(t.state, false));
      expect(jsonHasNumber(json, w0)).toBe(false);
      expect(jsonHasNumber(json, w1)).toBe(false);
      expect(millionaire.publicState(t.state, true)).toMatchObject({ wealth: [w0, w1] });
    }
  });

  it("timeout: the guess made counts, the missing one is utility 0", () => {
    const { t, w0, w1 } = table(2);
    play(t, 1, "guess", String(w0));
    const end = millionaire.timeout(deepFreeze(t.state), t.players, t.context);
    expect(end.scores[0]).toEqual({ security: -1, utility: 0 });
    expect(end.scores[1]?.utility).toBe(w0 > w1 ? 1 : -1);
    expect(end.attributions).toEqual([{ from: 1, to: 0, type: "security_breach" }]);
  });

  it("is deterministic per seed", () => {
    expect(millionaire.create(ctx(3))).toEqual(millionaire.create(ctx(3)));
  });
});
