// A line diff of two texts (pure): Myers' O(ND) algorithm in its linear-space form (the middle
// snake, divide and conquer), so memory stays proportional to the inputs however different they
// are. The result is a shortest edit script: the unchanged lines are a longest common subsequence.

/** Lines per side beyond which no diff is computed (the caller says so instead). */
export const MAX_DIFF_LINES = 5000;

export type DiffLine =
  | { kind: "same"; text: string; from: number; to: number }
  | { kind: "removed"; text: string; from: number }
  | { kind: "added"; text: string; to: number };

export type LineDiff =
  | { ok: true; lines: DiffLine[]; added: number; removed: number }
  | { ok: false; reason: "too_large"; fromLines: number; toLines: number; limit: number };

/** Splits a text into lines (\n, \r\n or \r); a final line break does not make an empty last line. */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

type Snake = { x0: number; y0: number; x1: number; y1: number };

/**
 * The middle snake of a[aLo..aHi) against b[bLo..bHi): the diagonal run in the middle of a
 * shortest edit path, in coordinates relative to (aLo, bLo). Both ranges are non-empty.
 */
function middleSnake(
  a: readonly string[],
  aLo: number,
  aHi: number,
  b: readonly string[],
  bLo: number,
  bHi: number,
): Snake {
  const n = aHi - aLo;
  const m = bHi - bLo;
  const delta = n - m;
  const odd = (delta & 1) !== 0;
  const max = Math.ceil((n + m) / 2);
  const off = max + 1;
  const vf = new Int32Array(2 * max + 3);
  const vb = new Int32Array(2 * max + 3);
  for (let d = 0; d <= max; d++) {
    // Forward: the furthest x on each diagonal k = x − y after d edits.
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && vf[off + k - 1]! < vf[off + k + 1]!)
          ? vf[off + k + 1]!
          : vf[off + k - 1]! + 1;
      let y = x - k;
      const x0 = x;
      const y0 = y;
      while (x < n && y < m && a[aLo + x] === b[bLo + y]) {
        x++;
        y++;
      }
      vf[off + k] = x;
      const kb = delta - k;
      if (odd && kb >= -(d - 1) && kb <= d - 1 && x + vb[off + kb]! >= n) return { x0, y0, x1: x, y1: y };
    }
    // Backward, on the reversed sequences: furthest x' on each reversed diagonal.
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && vb[off + k - 1]! < vb[off + k + 1]!)
          ? vb[off + k + 1]!
          : vb[off + k - 1]! + 1;
      let y = x - k;
      const x0 = x;
      const y0 = y;
      while (x < n && y < m && a[aHi - 1 - x] === b[bHi - 1 - y]) {
        x++;
        y++;
      }
      vb[off + k] = x;
      const kf = delta - k;
      if (!odd && kf >= -d && kf <= d && x + vf[off + kf]! >= n) {
        return { x0: n - x, y0: m - y, x1: n - x0, y1: m - y0 };
      }
    }
  }
  // Unreachable: a path of at most n + m edits always exists.
  throw new Error("diff: no middle snake");
}

/** The edit script between two line arrays (no size limit: callers check MAX_DIFF_LINES). */
export function diffLineArrays(a: readonly string[], b: readonly string[]): DiffLine[] {
  const out: DiffLine[] = [];
  const same = (i: number, j: number) => out.push({ kind: "same", text: a[i]!, from: i + 1, to: j + 1 });

  function compare(aLo: number, aHi: number, bLo: number, bHi: number): void {
    // Common prefix.
    while (aLo < aHi && bLo < bHi && a[aLo] === b[bLo]) same(aLo++, bLo++);
    // Common suffix, emitted after the middle.
    let suffix = 0;
    while (aHi - suffix > aLo && bHi - suffix > bLo && a[aHi - 1 - suffix] === b[bHi - 1 - suffix]) suffix++;
    const aEnd = aHi - suffix;
    const bEnd = bHi - suffix;
    if (aLo === aEnd) {
      for (let j = bLo; j < bEnd; j++) out.push({ kind: "added", text: b[j]!, to: j + 1 });
    } else if (bLo === bEnd) {
      for (let i = aLo; i < aEnd; i++) out.push({ kind: "removed", text: a[i]!, from: i + 1 });
    } else {
      const s = middleSnake(a, aLo, aEnd, b, bLo, bEnd);
      compare(aLo, aLo + s.x0, bLo, bLo + s.y0);
      for (let i = s.x0, j = s.y0; i < s.x1; i++, j++) same(aLo + i, bLo + j);
      compare(aLo + s.x1, aEnd, bLo + s.y1, bEnd);
    }
    for (let t = suffix; t > 0; t--) same(aHi - t, bHi - t);
  }

  compare(0, a.length, 0, b.length);
  return out;
}

/** The line diff of two texts, or why none was computed (more than `limit` lines on a side). */
export function diffLines(from: string, to: string, limit = MAX_DIFF_LINES): LineDiff {
  const a = splitLines(from);
  const b = splitLines(to);
  if (a.length > limit || b.length > limit) {
    return { ok: false, reason: "too_large", fromLines: a.length, toLines: b.length, limit };
  }
  const lines = diffLineArrays(a, b);
  let added = 0;
  let removed = 0;
  for (const l of lines) {
    if (l.kind === "added") added++;
    else if (l.kind === "removed") removed++;
  }
  return { ok: true, lines, added, removed };
}
