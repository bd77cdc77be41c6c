// A node added by a click lands on a free spot — near the middle of what the creator
// sees, or right of the selected node — never on top of a node already there.
import { describe, expect, it } from "vitest";
import {
  estimateNodeSize,
  findFreeSpot,
  rectsOverlap,
  visibleCanvasRect,
  type Rect,
} from "@/components/builder/placement";

const size = { width: 240, height: 130 };

describe("findFreeSpot", () => {
  it("keeps the wanted spot when nothing is there", () => {
    expect(findFreeSpot({ at: { x: 100.4, y: 50.6 }, size, nodes: [] })).toEqual({ x: 100, y: 51 });
    const far: Rect = { x: 1000, y: 1000, width: 240, height: 130 };
    expect(findFreeSpot({ at: { x: 0, y: 0 }, size, nodes: [far] })).toEqual({ x: 0, y: 0 });
  });

  it("moves off a node on the spot, to the nearest free place, keeping the gap", () => {
    const taken: Rect = { x: 0, y: 0, width: 240, height: 130 };
    const spot = findFreeSpot({ at: { x: 0, y: 0 }, size, nodes: [taken], gap: 32 });
    expect(rectsOverlap({ ...spot, ...size }, taken, 32)).toBe(false);
    // Nearest: one node (plus gap) away along one axis at most.
    expect(Math.hypot(spot.x, spot.y)).toBeLessThanOrEqual(size.width + 32);
  });

  it("adding the same node type again and again never overlaps any earlier one", () => {
    const placed: Rect[] = [];
    for (let i = 0; i < 30; i++) {
      const spot = findFreeSpot({ at: { x: 300, y: 200 }, size, nodes: placed });
      const rect = { ...spot, ...size };
      for (const other of placed) expect(rectsOverlap(rect, other)).toBe(false);
      placed.push(rect);
    }
    // …and they stay clustered around the wanted spot rather than marching off in a line.
    const xs = placed.map((r) => r.x);
    const ys = placed.map((r) => r.y);
    expect(Math.max(...xs) - Math.min(...xs)).toBeLessThan(6 * size.width);
    expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(size.height);
  });

  it("rightward never goes left of the wanted spot", () => {
    const selected: Rect = { x: 0, y: 0, width: 240, height: 130 };
    const blocker: Rect = { x: 330, y: 0, width: 240, height: 200 };
    const at = { x: 330, y: 0 };
    const spot = findFreeSpot({ at, size, nodes: [selected, blocker], rightward: true });
    expect(spot.x).toBeGreaterThanOrEqual(at.x);
    expect(rectsOverlap({ ...spot, ...size }, blocker, 32)).toBe(false);
    expect(rectsOverlap({ ...spot, ...size }, selected, 32)).toBe(false);
  });

  it("falls back to the right of everything when the neighbourhood is full", () => {
    const wall: Rect = { x: -5000, y: -5000, width: 10000, height: 10000 };
    const spot = findFreeSpot({ at: { x: 0, y: 0 }, size, nodes: [wall], maxRings: 2 });
    expect(spot).toEqual({ x: 5000 + 32, y: 0 });
  });
});

describe("rectsOverlap and sizes", () => {
  it("touching edges do not overlap; the gap makes them", () => {
    const a: Rect = { x: 0, y: 0, width: 100, height: 100 };
    expect(rectsOverlap(a, { x: 100, y: 0, width: 10, height: 10 })).toBe(false);
    expect(rectsOverlap(a, { x: 100, y: 0, width: 10, height: 10 }, 1)).toBe(true);
    expect(rectsOverlap(a, { x: 50, y: 50, width: 10, height: 10 })).toBe(true);
  });

  it("a node with more ports is estimated taller", () => {
    expect(estimateNodeSize({ inputs: 5, outputs: 1 }).height).toBeGreaterThan(
      estimateNodeSize({ inputs: 1, outputs: 1 }).height,
    );
  });
});

describe("visibleCanvasRect", () => {
  const canvas: Rect = { x: 100, y: 100, width: 1000, height: 600 };

  it("is the whole canvas when no panel is open or it lies elsewhere", () => {
    expect(visibleCanvasRect(canvas, null)).toEqual(canvas);
    expect(visibleCanvasRect(canvas, { x: 0, y: 900, width: 50, height: 50 })).toEqual(canvas);
  });

  it("side panels cut the right side; a bottom sheet cuts the lower part", () => {
    expect(visibleCanvasRect(canvas, { x: 700, y: 108, width: 392, height: 584 })).toEqual({
      ...canvas,
      width: 600,
    });
    expect(visibleCanvasRect(canvas, { x: 100, y: 400, width: 1000, height: 300 })).toEqual({
      ...canvas,
      height: 300,
    });
  });
});
