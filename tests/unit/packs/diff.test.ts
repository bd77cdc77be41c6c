import { describe, expect, it } from "vitest";
import { seededRng } from "../../helpers/seeded-rng";
import {
  diffLineArrays,
  diffLines,
  MAX_DIFF_LINES,
  splitLines,
  type DiffLine,
} from "@/components/packs/diff";

// The longest common subsequence's length by dynamic programming: the reference the diff's
// unchanged lines must match (a shortest edit script keeps a longest common subsequence).
function lcsLength(a: readonly string[], b: readonly string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = a[i - 1] === b[j - 1] ? diag + 1 : Math.max(up, row[j - 1]!);
      diag = up;
    }
  }
  return row[b.length]!;
}

/** Checks that the script rebuilds both sides in order with correct line numbers. */
function checkScript(a: readonly string[], b: readonly string[], lines: DiffLine[]) {
  const rebuiltA: string[] = [];
  const rebuiltB: string[] = [];
  for (const l of lines) {
    if (l.kind !== "added") {
      rebuiltA.push(l.text);
      expect(l.from).toBe(rebuiltA.length);
    }
    if (l.kind !== "removed") {
      rebuiltB.push(l.text);
      expect(l.to).toBe(rebuiltB.length);
    }
  }
  expect(rebuiltA).toEqual(a);
  expect(rebuiltB).toEqual(b);
}

// A seeded generator, so failures reproduce.
const rng = seededRng;

describe("splitLines", () => {
  it("splits on every line ending and drops only a final empty line", () => {
    expect(splitLines("")).toEqual([]);
    expect(splitLines("a")).toEqual(["a"]);
    expect(splitLines("a\n")).toEqual(["a"]);
    expect(splitLines("a\r\nb\rc\n\n")).toEqual(["a", "b", "c", ""]);
  });
});

describe("diffLines", () => {
  it("marks a changed line as removed then added, with the summary counts", () => {
    const from =
      "pack:\n  slug: s\nversion:\n  number: 1\ncases:\n  question: What is the capital of France?\n";
    const to = "pack:\n  slug: s\nversion:\n  number: 2\ncases:\n  question: What is the capital of Italy?\n";
    const d = diffLines(from, to);
    if (!d.ok) throw new Error("expected a diff");
    expect(d.added).toBe(2);
    expect(d.removed).toBe(2);
    expect(d.lines.filter((l) => l.kind !== "same").map((l) => `${l.kind} ${l.text}`)).toEqual([
      "removed   number: 1",
      "added   number: 2",
      "removed   question: What is the capital of France?",
      "added   question: What is the capital of Italy?",
    ]);
    expect(d.lines[0]).toEqual({ kind: "same", text: "pack:", from: 1, to: 1 });
  });

  it("reports identical texts as all unchanged", () => {
    const d = diffLines("a\nb\nc", "a\nb\nc\n");
    expect(d).toMatchObject({ ok: true, added: 0, removed: 0 });
    if (d.ok) expect(d.lines.every((l) => l.kind === "same")).toBe(true);
  });

  it("handles empty sides", () => {
    expect(diffLines("", "x\ny")).toMatchObject({ ok: true, added: 2, removed: 0 });
    expect(diffLines("x\ny", "")).toMatchObject({ ok: true, added: 0, removed: 2 });
    expect(diffLines("", "")).toEqual({ ok: true, lines: [], added: 0, removed: 0 });
  });

  it("refuses more lines than the limit on either side, saying how many", () => {
    const big = Array.from({ length: MAX_DIFF_LINES + 1 }, (_, i) => `line ${i}`).join("\n");
    expect(diffLines(big, "a")).toEqual({
      ok: false,
      reason: "too_large",
      fromLines: MAX_DIFF_LINES + 1,
      toLines: 1,
      limit: MAX_DIFF_LINES,
    });
    expect(diffLines("a", "a\nb\nc", 2)).toMatchObject({ ok: false, toLines: 3, limit: 2 });
    expect(diffLines("a\nb", "a\nc", 2)).toMatchObject({ ok: true, added: 1, removed: 1 });
  });

  it("diffs the largest allowed inputs, entirely different", () => {
    const a = Array.from({ length: MAX_DIFF_LINES }, (_, i) => `a${i}`);
    const b = Array.from({ length: MAX_DIFF_LINES }, (_, i) => `b${i}`);
    const d = diffLines(a.join("\n"), b.join("\n"));
    expect(d).toMatchObject({ ok: true, added: MAX_DIFF_LINES, removed: MAX_DIFF_LINES });
  });
});

describe("diffLineArrays", () => {
  it("finds a shortest edit script on random inputs (unchanged lines = LCS length)", () => {
    const random = rng(20261127);
    for (let round = 0; round < 500; round++) {
      const alphabet = 1 + Math.floor(random() * 5);
      const gen = () =>
        Array.from({ length: Math.floor(random() * 25) }, () =>
          String.fromCharCode(97 + Math.floor(random() * alphabet)),
        );
      const a = gen();
      const b = gen();
      const lines = diffLineArrays(a, b);
      checkScript(a, b, lines);
      expect(lines.filter((l) => l.kind === "same").length).toBe(lcsLength(a, b));
    }
  });

  it("keeps a moved block's best alignment on a known case", () => {
    const a = "A B C A B B A".split(" ");
    const b = "C B A B A C".split(" ");
    const lines = diffLineArrays(a, b);
    checkScript(a, b, lines);
    // The paper's example: edit distance 5, so 4 lines in common.
    expect(lines.filter((l) => l.kind === "same")).toHaveLength(4);
    expect(lines.filter((l) => l.kind !== "same")).toHaveLength(5);
  });
});
