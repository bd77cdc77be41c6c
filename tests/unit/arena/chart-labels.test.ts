// The scatter chart's label placement: labels never overlap each other or another dot, stay inside
// the plot, dots on one spot share a label, and long names are cut.
import { describe, expect, it } from "vitest";
import { groupText, placeLabels, type Box, type ChartDot } from "@/components/arena/chart-labels";

const AREA: Box = { left: 46, top: 2, right: 358, bottom: 320 };
const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

function check(dots: ChartDot[]) {
  const placed = placeLabels(dots, AREA, { fontSize: 11, dotRadius: 6 });
  for (const [i, a] of placed.entries()) {
    expect(a.box.left).toBeGreaterThanOrEqual(AREA.left);
    expect(a.box.right).toBeLessThanOrEqual(AREA.right);
    expect(a.box.top).toBeGreaterThanOrEqual(AREA.top);
    expect(a.box.bottom).toBeLessThanOrEqual(AREA.bottom);
    for (const b of placed.slice(i + 1)) expect(overlaps(a.box, b.box), `${a.text} / ${b.text}`).toBe(false);
    for (const d of dots) {
      if (a.ids.includes(d.id)) continue;
      const dot = { left: d.cx - 6, right: d.cx + 6, top: d.cy - 6, bottom: d.cy + 6 };
      expect(overlaps(a.box, dot), `${a.text} over ${d.id}`).toBe(false);
    }
  }
  return placed;
}

describe("chart labels", () => {
  it("dots on the same spot share one label", () => {
    const placed = check([
      { id: "a", label: "alice", cx: 200, cy: 100 },
      { id: "b", label: "bob", cx: 200, cy: 100 },
      { id: "c", label: "carol", cx: 202, cy: 101 },
    ]);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.ids).toEqual(["a", "b", "c"]);
    expect(placed[0]!.text).toBe("alice +2");
    expect(groupText(["alice", "bob"], 18)).toBe("alice, bob");
  });

  it("close dots get labels that do not overlap", () => {
    const dots: ChartDot[] = Array.from({ length: 12 }, (_, i) => ({
      id: `p${i}`,
      label: `Anonymous Amber Otter ${i}`,
      cx: 120 + (i % 4) * 16,
      cy: 100 + Math.floor(i / 4) * 14,
    }));
    const placed = check(dots);
    expect(placed.length).toBeGreaterThan(0);
    for (const l of placed) expect(Array.from(l.text).length).toBeLessThanOrEqual(18);
  });

  it("a label at the right or top edge goes where it fits", () => {
    const [right] = check([{ id: "r", label: "right edge player", cx: 356, cy: 160 }]);
    expect(right!.anchor).toBe("end");
    const [corner] = check([{ id: "c", label: "corner", cx: 356, cy: 4 }]);
    expect(corner).toBeDefined();
  });

  it("does not depend on the order of the dots", () => {
    const dots: ChartDot[] = [
      { id: "a", label: "alice", cx: 100, cy: 100 },
      { id: "b", label: "bob", cx: 112, cy: 100 },
      { id: "c", label: "carol", cx: 100, cy: 112 },
    ];
    const key = (dots: ChartDot[]) =>
      placeLabels(dots, AREA)
        .map((l) => `${l.ids.join()}@${l.x},${l.y}`)
        .sort();
    expect(key([...dots].reverse())).toEqual(key(dots));
  });
});
