import type { Rect } from "./placement";

// Screen rectangles the placement needs (client-only, tiny): the canvas, and the side panels that
// are open over it.

export function rectOf(el: Element | null): Rect | null {
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? { x: r.left, y: r.top, width: r.width, height: r.height } : null;
}

/** The smallest rectangle around the open (visible) panels in the host, or null when none is open. */
export function openPanelsRect(host: Element | null): Rect | null {
  if (!host) return null;
  const rects = [...host.children].map(rectOf).filter((r): r is Rect => r !== null);
  if (rects.length === 0) return null;
  const left = Math.min(...rects.map((r) => r.x));
  const top = Math.min(...rects.map((r) => r.y));
  const right = Math.max(...rects.map((r) => r.x + r.width));
  const bottom = Math.max(...rects.map((r) => r.y + r.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}
