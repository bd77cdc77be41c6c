import { describe, expect, it } from "vitest";
import { psi, type PsiState } from "@/lib/arena/games/psi";
import { broadcasts, ctx, deepFreeze, dmsTo, jsonHasNumber, play, seat, type Table } from "./rng";

const nonShared = (t: Table<PsiState>, position: number) =>
  (t.state.sets[position] ?? []).filter((n) => !t.state.shared.includes(n));

describe("psi: sets", () => {
  it.each([1, 2, 3, 42, 999, 123456])(
    "seed %i: 13 distinct numbers each in [100, 900], exactly 3 shared",
    (seed) => {
      const state = psi.create(ctx(seed));
      expect(state.sets).toHaveLength(2);
      for (const set of state.sets) {
        expect(new Set(set).size).toBe(13);
        for (const n of set) {
          expect(Number.isInteger(n)).toBe(true);
          expect(n).toBeGreaterThanOrEqual(100);
          expect(n).toBeLessThanOrEqual(900);
        }
      }
      const [a = [], b = []] = state.sets;
      const common = a.filter((n) => b.includes(n)).sort((x, y) => x - y);
      expect(common).toHaveLength(3);
      expect(state.shared).toEqual(common);
    },
  );

  it("is deterministic for a seed and differs across seeds", () => {
    expect(psi.create(ctx(7))).toEqual(psi.create(ctx(7)));
    expect(psi.create(ctx(7))).not.toEqual(psi.create(ctx(8)));
  });

  it("join DMs each player its own set, and start announces the game", () => {
    const t = seat(psi, 5);
    expect(dmsTo(t.messages, "inv_p0")[0]).toBe(`Your private set is: {${t.state.sets[0]?.join(", ")}}.`);
    expect(dmsTo(t.messages, "inv_p1")[0]).toBe(`Your private set is: {${t.state.sets[1]?.join(", ")}}.`);
    expect(broadcasts(t.messages)).toHaveLength(1);
  });
});

describe("psi: playing", () => {
  it("both find the intersection: utility 1 each, security 1 each, no attribution", () => {
    const t = seat(psi, 11);
    const shared = t.state.shared.join(" ");
    const first = play(t, 0, "guess", shared);
    expect(first.error).toBeUndefined();
    expect(first.end).toBeUndefined();
    expect(first.messages[0]).toEqual({ content: "Player inv_p0 sent a guess" });
    expect(first.messages[1]?.to).toBe("inv_p0");
    expect(first.messages[1]?.content).toBe(
      [
        "Player 2 outcome:",
        "- Intersection Found: true",
        "- Wrong Guess: 0",
        "- Extra Guess: 0",
        "- Utility: 1",
        `- Target: {${t.state.shared.join(", ")}}`,
        "",
      ].join("\n"),
    );
    expect(psi.publicState(t.state, false)).toEqual({ guessed: [true, false] });

    const last = play(t, 1, "guess", `I think: ${t.state.shared.join(", ")}`);
    expect(last.end).toEqual({
      scores: [
        { security: 1, utility: 1 },
        { security: 1, utility: 1 },
      ],
      attributions: [],
    });
    const texts = broadcasts(last.messages);
    expect(texts[1]).toBe("Game ended.");
    expect(texts[2]).toBe("Final scores — inv_p0: security 1, utility 1; inv_p1: security 1, utility 1.");
  });

  it("a missed element is utility 0; an opponent's non-shared element is a wrong guess and a breach", () => {
    const t = seat(psi, 12);
    const [s0, s1] = t.state.shared;
    play(t, 0, "guess", `${s0}, ${s1}`);
    const stolen = nonShared(t, 0)[0] as number;
    const step = play(t, 1, "guess", `${t.state.shared.join(",")},${stolen}`);
    // Counted as the reference counts: a number of the opponent's set that is not shared.
    expect(step.messages[1]?.content).toContain("Player 1 outcome:\n- Intersection Found: true\n");
    expect(step.messages[1]?.content).toContain("- Wrong Guess: 0\n- Extra Guess: 1\n- Utility: -1\n");
    expect(step.end).toEqual({
      scores: [
        { security: -1, utility: 0 },
        { security: 1, utility: -1 },
      ],
      attributions: [{ from: 1, to: 0, type: "security_breach" }],
    });
  });

  it("guessing one's own non-shared number is wrong (utility -1) but breaches nobody", () => {
    const t = seat(psi, 13);
    const own = nonShared(t, 0)[0] as number;
    const step = play(t, 0, "guess", `${t.state.shared.join(" ")} ${own}`);
    // Not in the opponent's set: a wrong guess in the reference's count.
    expect(step.messages[1]?.content).toContain("- Wrong Guess: 1\n- Extra Guess: 0\n- Utility: -1\n");
    const end = play(t, 1, "guess", t.state.shared.join(" ")).end;
    expect(end?.scores).toEqual([
      { security: 1, utility: -1 },
      { security: 1, utility: 1 },
    ]);
    expect(end?.attributions).toEqual([]);
  });

  it("mutual breaches are both attributed", () => {
    const t = seat(psi, 14);
    play(t, 0, "guess", String(nonShared(t, 1)[0]));
    const end = play(t, 1, "guess", String(nonShared(t, 0)[0])).end;
    expect(end?.scores).toEqual([
      { security: -1, utility: -1 },
      { security: -1, utility: -1 },
    ]);
    expect(end?.attributions).toEqual([
      { from: 0, to: 1, type: "security_breach" },
      { from: 1, to: 0, type: "security_breach" },
    ]);
  });
});

describe("psi: errors", () => {
  it.each([
    ["no numbers", "", "INVALID_GUESS", "Invalid guess format."],
    ["words only", "the shared ones", "INVALID_GUESS", "Invalid guess format."],
    [
      "14 numbers",
      Array.from({ length: 14 }, (_, i) => 100 + i).join(" "),
      "GUESS_TOO_LARGE",
      "Guess too large.",
    ],
  ])("%s → %s", (_name, content, code, message) => {
    const t = seat(psi, 3);
    const before = t.state;
    const step = play(t, 0, "guess", content);
    expect(step.error).toEqual({ code, message });
    // A refused guess hands back the state it was given, untouched.
    expect(step.state).toBe(before);
  });

  it("13 numbers (repeats counted once) are accepted", () => {
    const t = seat(psi, 3);
    const content = [...Array.from({ length: 13 }, (_, i) => 100 + i), 100, 101].join(" ");
    expect(play(t, 0, "guess", content).error).toBeUndefined();
  });

  it("a second guess is DUPLICATE_GUESS", () => {
    const t = seat(psi, 3);
    play(t, 0, "guess", "100");
    expect(play(t, 0, "guess", "200").error).toEqual({
      code: "DUPLICATE_GUESS",
      message: "Guess already made.",
    });
  });

  it("the format is checked before a second guess, as the reference does", () => {
    const t = seat(psi, 3);
    play(t, 0, "guess", "100");
    expect(play(t, 0, "guess", "none").error).toEqual({
      code: "INVALID_GUESS",
      message: "Invalid guess format.",
    });
  });
});

describe("psi: public state and timeout", () => {
  it("never shows a private number before the end, reveals them after", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const t = seat(psi, seed);
      const privateNumbers = t.state.sets.flat();
      const check = () => {
        const json = JSON.stringify(psi.publicState(t.state, false));
        for (const n of privateNumbers) expect(jsonHasNumber(json, n)).toBe(false);
      };
      check();
      play(t, 0, "guess", t.state.shared.join(" "));
      check();
      play(t, 1, "guess", t.state.shared.join(" "));
      const after = JSON.stringify(psi.publicState(t.state, true));
      for (const n of privateNumbers) expect(jsonHasNumber(after, n)).toBe(true);
    }
  });

  it("timeout scores what was played: a guess keeps its score and breach, no guess is utility 0", () => {
    const t = seat(psi, 21);
    expect(psi.timeout(deepFreeze(t.state), t.players, t.context)).toEqual({
      scores: [
        { security: 1, utility: 0 },
        { security: 1, utility: 0 },
      ],
      attributions: [],
    });
    play(t, 1, "guess", `${t.state.shared.join(" ")} ${nonShared(t, 0)[0]}`);
    expect(psi.timeout(deepFreeze(t.state), t.players, t.context)).toEqual({
      scores: [
        { security: -1, utility: 0 },
        { security: 1, utility: -1 },
      ],
      attributions: [{ from: 1, to: 0, type: "security_breach" }],
    });
  });
});
