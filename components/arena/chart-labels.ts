import { truncateLabel } from "./players";

// Where the scatter chart writes its dot labels (pure, so it is testable). Dots at the same spot
// share one label; each label goes to the first of a few spots around its dot that stays inside the
// plot and clear of every other label and dot; a label with no free spot is left out (its dot keeps
// its tooltip, and the tables below the chart list every player).

export interface ChartDot {
  id: string;
  label: string;
  /** Centre in SVG units. */
  cx: number;
  cy: number;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface PlacedLabel {
  /** The dots this label names (several when they sit on the same spot). */
  ids: string[];
  text: string;
  x: number;
  /** Baseline. */
  y: number;
  anchor: "start" | "middle" | "end";
  box: Box;
}

export interface LabelOptions {
  /** Font size in SVG units; text is assumed about 0.6 em wide per character. */
  fontSize?: number;
  dotRadius?: number;
  /** Longest label in characters. */
  maxChars?: number;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

const inside = (a: Box, area: Box) =>
  a.left >= area.left && a.right <= area.right && a.top >= area.top && a.bottom <= area.bottom;

/** The text a group of dots at one spot shows: one name, two names, or the first and "+N". */
export function groupText(labels: string[], maxChars: number): string {
  if (labels.length === 1) return truncateLabel(labels[0]!, maxChars);
  if (labels.length === 2) {
    const joined = `${labels[0]}, ${labels[1]}`;
    if (Array.from(joined).length <= maxChars) return joined;
  }
  const more = ` +${labels.length - 1}`;
  return `${truncateLabel(labels[0]!, Math.max(4, maxChars - more.length))}${more}`;
}

export function placeLabels(dots: ChartDot[], area: Box, options: LabelOptions = {}): PlacedLabel[] {
  const fontSize = options.fontSize ?? 11;
  const r = options.dotRadius ?? 6;
  const maxChars = options.maxChars ?? 18;
  const charWidth = fontSize * 0.6;

  // Dots closer than a radius are one spot.
  const groups: { ids: string[]; labels: string[]; cx: number; cy: number }[] = [];
  for (const d of dots) {
    const g = groups.find((g) => Math.hypot(g.cx - d.cx, g.cy - d.cy) < r);
    if (g) {
      g.ids.push(d.id);
      g.labels.push(d.label);
    } else groups.push({ ids: [d.id], labels: [d.label], cx: d.cx, cy: d.cy });
  }

  const dotBoxes = groups.map((g) => ({
    left: g.cx - r,
    right: g.cx + r,
    top: g.cy - r,
    bottom: g.cy + r,
  }));
  const placed: PlacedLabel[] = [];
  // Top-left first, so the result does not depend on the order the rows came in.
  const order = groups
    .map((_, i) => i)
    .sort((a, b) => groups[a]!.cy - groups[b]!.cy || groups[a]!.cx - groups[b]!.cx);
  for (const i of order) {
    const g = groups[i]!;
    const text = groupText(g.labels, maxChars);
    const width = Array.from(text).length * charWidth;
    const gap = r + 3;
    const candidates: { x: number; y: number; anchor: PlacedLabel["anchor"] }[] = [
      { x: g.cx + gap, y: g.cy + fontSize * 0.35, anchor: "start" },
      { x: g.cx - gap, y: g.cy + fontSize * 0.35, anchor: "end" },
      { x: g.cx, y: g.cy - gap, anchor: "middle" },
      { x: g.cx, y: g.cy + gap + fontSize * 0.8, anchor: "middle" },
      { x: g.cx + gap, y: g.cy - gap, anchor: "start" },
      { x: g.cx - gap, y: g.cy - gap, anchor: "end" },
      { x: g.cx + gap, y: g.cy + gap + fontSize * 0.8, anchor: "start" },
      { x: g.cx - gap, y: g.cy + gap + fontSize * 0.8, anchor: "end" },
    ];
    for (const c of candidates) {
      const left = c.anchor === "start" ? c.x : c.anchor === "end" ? c.x - width : c.x - width / 2;
      const box = { left, right: left + width, top: c.y - fontSize * 0.8, bottom: c.y + fontSize * 0.25 };
      if (!inside(box, area)) continue;
      if (placed.some((p) => overlaps(p.box, box))) continue;
      if (dotBoxes.some((d, j) => j !== i && overlaps(d, box))) continue;
      placed.push({ ids: g.ids, text, x: c.x, y: c.y, anchor: c.anchor, box });
      break;
    }
  }
  return placed;
}
