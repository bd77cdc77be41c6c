import type { ReactNode } from "react";
import { Icon } from "@/components/ui/icons";

// The icons a game type's metadata may name (`icon`), as small inline SVGs (24×24, currentColor,
// decorative: the game's name is always next to them). A name not in this set shows no icon.

const PATHS: Record<string, ReactNode> = {
  intersect: (
    <>
      <circle cx="9" cy="12" r="6" />
      <circle cx="15" cy="12" r="6" />
    </>
  ),
  handshake: (
    <>
      <path d="M2 8h3.5l3-2.5H12l2 2" />
      <path d="M22 8h-3.5L15 11" />
      <path d="M5.5 8v5.5l4.2 4.2a2 2 0 0 0 2.8 0l5.8-5.8" />
      <path d="m9 11 2.5 2.5M11 9l3.5 3.5" />
    </>
  ),
  dice: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="3" />
      <circle cx="8.5" cy="8.5" r="1.1" fill="currentColor" />
      <circle cx="15.5" cy="8.5" r="1.1" fill="currentColor" />
      <circle cx="12" cy="12" r="1.1" fill="currentColor" />
      <circle cx="8.5" cy="15.5" r="1.1" fill="currentColor" />
      <circle cx="15.5" cy="15.5" r="1.1" fill="currentColor" />
    </>
  ),
  coins: (
    <>
      <ellipse cx="9" cy="7" rx="5.5" ry="2.5" />
      <path d="M3.5 7v4c0 1.4 2.5 2.5 5.5 2.5s5.5-1.1 5.5-2.5V7" />
      <path d="M9.5 16.4c1 .4 2.2.6 3.5.6 3 0 5.5-1.1 5.5-2.5v-4" />
      <path d="M14.5 10.6c2.3.3 4 1.2 4 2.4" />
      <path d="M3.5 11v4c0 1.4 2.5 2.5 5.5 2.5" />
    </>
  ),
  key: (
    <>
      <circle cx="8" cy="15" r="4.5" />
      <path d="m11.2 11.8 8.8-8.8" />
      <path d="m17 6 2.5 2.5" />
      <path d="m14.5 8.5 2 2" />
    </>
  ),
};

/** The icon names this set draws. */
export const GAME_ICON_NAMES: readonly string[] = Object.keys(PATHS);

/** Whether `name` is an icon this set draws (an own key, so "constructor" and the like are not). */
export function hasGameIcon(name: string | undefined | null): name is string {
  return typeof name === "string" && Object.hasOwn(PATHS, name);
}

/** The SVG for a game type's icon name, or null (the card then shows none; never the name as text). */
export function GameIcon({ name, size = 20 }: { name: string | undefined; size?: number }) {
  if (!hasGameIcon(name)) return null;
  return (
    <Icon size={size} data-icon={name}>
      {PATHS[name]}
    </Icon>
  );
}
