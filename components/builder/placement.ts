// Where a node added by a click goes (pure, client-safe, unit-tested): a free spot near an anchor —
// the middle of the part of the canvas the creator sees, or just right of the selected node — that
// overlaps no node already there. Coordinates are the canvas's (flow) coordinates.

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Point, Size {}

/** The space kept between a new node and the nodes around it. */
export const NODE_GAP = 32;

/**
 * A node's size before the canvas has measured it, on the large side: as wide as a node may grow
 * (18rem), and tall enough for its ports plus the issues box a new, unconnected node shows.
 */
export function estimateNodeSize(ports: { inputs: number; outputs: number }): Size {
  return { width: 288, height: 56 + 24 * Math.max(1, ports.inputs, ports.outputs) + 130 };
}

export function rectsOverlap(a: Rect, b: Rect, gap = 0): boolean {
  return (
    a.x < b.x + b.width + gap &&
    b.x < a.x + a.width + gap &&
    a.y < b.y + b.height + gap &&
    b.y < a.y + a.height + gap
  );
}

/**
 * The top-left corner for a node of `size`: `at` itself when that spot is free, else the nearest
 * free spot on a grid of half-node steps around it (nearest first; to the right and below first on
 * a tie, and never left of `at` when `rightward`). Nodes keep `gap` between them.
 */
export function findFreeSpot({
  at,
  size,
  nodes,
  gap = NODE_GAP,
  rightward = false,
  maxRings = 24,
}: {
  at: Point;
  size: Size;
  nodes: readonly Rect[];
  gap?: number;
  rightward?: boolean;
  maxRings?: number;
}): Point {
  const free = (p: Point) => !nodes.some((n) => rectsOverlap({ ...p, ...size }, n, gap));
  const start = { x: Math.round(at.x), y: Math.round(at.y) };
  if (free(start)) return start;
  const stepX = Math.ceil((size.width + gap) / 2);
  const stepY = Math.ceil((size.height + gap) / 2);
  for (let ring = 1; ring <= maxRings; ring++) {
    const candidates: { p: Point; cost: number }[] = [];
    for (let i = -ring; i <= ring; i++) {
      for (let j = -ring; j <= ring; j++) {
        if (Math.max(Math.abs(i), Math.abs(j)) !== ring) continue; // only the ring's border
        if (rightward && i < 0) continue;
        const dx = i * stepX;
        const dy = j * stepY;
        // Distance first; then right before left and below before above.
        const cost = Math.hypot(dx, dy) + (i < 0 ? 0.5 : 0) + (j < 0 ? 0.25 : 0);
        candidates.push({ p: { x: start.x + dx, y: start.y + dy }, cost });
      }
    }
    candidates.sort((a, b) => a.cost - b.cost);
    const found = candidates.find((c) => free(c.p));
    if (found) return found.p;
  }
  // Everything near is taken: right of every node.
  const right = Math.max(...nodes.map((n) => n.x + n.width));
  return { x: Math.round(right + gap), y: start.y };
}

/**
 * The part of the canvas not covered by the side panels, in screen coordinates: panels on the
 * right (wide screens) cut the canvas's right side, a sheet at the bottom (phones) its lower part.
 */
export function visibleCanvasRect(canvas: Rect, panels: Rect | null): Rect {
  if (!panels || panels.width === 0 || panels.height === 0 || !rectsOverlap(canvas, panels)) return canvas;
  const bottomSheet = panels.x <= canvas.x + canvas.width * 0.25;
  if (bottomSheet) return { ...canvas, height: Math.max(0, Math.min(canvas.height, panels.y - canvas.y)) };
  return { ...canvas, width: Math.max(0, Math.min(canvas.width, panels.x - canvas.x)) };
}
