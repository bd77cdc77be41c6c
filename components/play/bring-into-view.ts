// Scrolls the page just enough for an element to be on screen, for results that appear below the
// fold (the verdict and the next step after an attempt). Nothing moves when the element is already
// in view; a sticky header is respected through the root's scroll-padding-top; reduced motion
// jumps instead of animating.

const MARGIN = 12;

export function bringIntoView(el: HTMLElement): void {
  const rect = el.getBoundingClientRect();
  const top = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const bottom = window.innerHeight;
  if (rect.top >= top && rect.bottom <= bottom) return;
  // Its bottom at the bottom of the screen, unless that would push its top under the header:
  // then its top just below the header.
  let delta = rect.bottom - bottom + MARGIN;
  if (rect.top - delta < top + MARGIN || rect.top < top) delta = rect.top - top - MARGIN;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollBy({ top: delta, behavior: reduce ? "auto" : "smooth" });
}
