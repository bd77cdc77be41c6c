// Reproduce before it counts in the console challenge form: read as the server action reads it,
// checked with the server's schema and rules (wins needed never more than the runs), each problem
// on its own field of the play step.
import { describe, expect, it } from "vitest";
import { checkChallengeForm, stepOfField } from "@/components/console/challenge-wizard/step-checks";
import { checkReproduce, readChallengeForm } from "@/lib/contracts/challenges";
import { FormReader } from "@/lib/contracts/forms";

function form(values: Record<string, string> = {}): FormData {
  const fd = new FormData();
  const all = {
    name: "The gatekeeper",
    goal: "Make the gatekeeper reveal its secret password.",
    difficulty: "easy",
    points: "100",
    secret: "MARIGOLD-5120",
    evaluator_type: "rules",
    success_type: "contains",
    scoring_strategy: "first",
    cooldown_seconds: "0",
    ...values,
  };
  for (const [k, v] of Object.entries(all)) fd.set(k, v);
  return fd;
}

const read = (values: Record<string, string>) =>
  readChallengeForm(new FormReader(form(values)), { includeTheme: false });

describe("reproduce wins in the challenge form", () => {
  it("reads off, k runs with m wins, and k runs needing all", () => {
    expect(read({ reproduce_runs: "", reproduce_wins: "2" })).toMatchObject({
      reproduce_runs: null,
      reproduce_wins: null,
    });
    expect(read({ reproduce_runs: "3", reproduce_wins: "2" })).toMatchObject({
      reproduce_runs: 3,
      reproduce_wins: 2,
    });
    expect(read({ reproduce_runs: "3", reproduce_wins: "" })).toMatchObject({
      reproduce_runs: 3,
      reproduce_wins: null,
    });
    expect(
      checkChallengeForm(form({ reproduce_runs: "3", reproduce_wins: "2" }), { fromTemplate: false }),
    ).toEqual({});
    expect(
      checkChallengeForm(form({ reproduce_runs: "5", reproduce_wins: "5" }), { fromTemplate: false }),
    ).toEqual({});
  });

  it("says what is wrong on the field, on the play step", () => {
    const check = (values: Record<string, string>) =>
      checkChallengeForm(form(values), { fromTemplate: false });
    expect(check({ reproduce_runs: "3", reproduce_wins: "4" })).toEqual({
      reproduce_wins: ["reproduce_wins must be at most reproduce_runs (3)"],
    });
    expect(check({ reproduce_runs: "6" }).reproduce_runs).toEqual(["reproduce_runs must be 2 to 5"]);
    expect(check({ reproduce_runs: "1" }).reproduce_runs).toEqual(["reproduce_runs must be 2 to 5"]);
    expect(check({ reproduce_runs: "3", reproduce_wins: "0" }).reproduce_wins).toEqual([
      "reproduce_wins must be at least 1",
    ]);
    expect(check({ reproduce_runs: "two" }).reproduce_runs).toEqual([
      "reproduce_runs must be a whole number",
    ]);
    expect(stepOfField("reproduce_runs")).toBe("play");
    expect(stepOfField("reproduce_wins")).toBe("play");
  });

  it("checkReproduce: wins need runs and never exceed them", () => {
    expect(checkReproduce(null, null)).toEqual([]);
    expect(checkReproduce(3, null)).toEqual([]);
    expect(checkReproduce(3, 3)).toEqual([]);
    expect(checkReproduce(null, 2)).toEqual([
      { path: "reproduce_wins", message: "reproduce_wins needs reproduce_runs (reproduction is off)" },
    ]);
    expect(checkReproduce(2, 3)).toEqual([
      { path: "reproduce_wins", message: "reproduce_wins must be at most reproduce_runs (2)" },
    ]);
  });
});
