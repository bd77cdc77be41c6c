import { describe, expect, it } from "vitest";
import { gatedLocks, levelStates } from "@/components/play/level-states";

const level = (id: string, solved = false, locked = false) => ({ id, name: `Level ${id}`, solved, locked });

describe("levelStates (the ladder's level map)", () => {
  it("marks the first unsolved open level current, later open ones open", () => {
    const map = levelStates([level("1", true), level("2"), level("3")]);
    expect(map.map((l) => l.state)).toEqual(["solved", "current", "open"]);
  });

  it("keeps gated levels locked and never makes a locked level current", () => {
    const map = levelStates([level("1"), level("2", false, true), level("3", false, true)]);
    expect(map.map((l) => l.state)).toEqual(["current", "locked", "locked"]);
  });

  it("has no current level once every level is solved", () => {
    expect(levelStates([level("1", true), level("2", true)]).some((l) => l.state === "current")).toBe(false);
  });
});

describe("gatedLocks", () => {
  it("locks a level of a gated ladder until the one before it is won", () => {
    expect(gatedLocks([{ solved: true }, { solved: false }, { solved: false }], true)).toEqual([false, false, true]);
  });

  it("locks nothing in an ungated ladder", () => {
    expect(gatedLocks([{ solved: false }, { solved: false }], false)).toEqual([false, false]);
  });
});
