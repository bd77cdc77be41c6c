// The level map's states, from the viewer's wins and the ladder's locks (pure, client-safe).

export type LevelState = "solved" | "current" | "open" | "locked";

export interface MapLevel {
  id: string;
  name: string;
  state: LevelState;
}

/**
 * Each level's state in ladder order: solved ones, the first open unsolved one as "current" (where
 * the player goes next), later open ones "open", and the ones gating keeps shut "locked".
 */
export function levelStates(
  levels: readonly { id: string; name: string; solved: boolean; locked: boolean }[],
): MapLevel[] {
  let currentGiven = false;
  return levels.map((l) => {
    if (l.solved) return { id: l.id, name: l.name, state: "solved" };
    if (l.locked) return { id: l.id, name: l.name, state: "locked" };
    if (!currentGiven) {
      currentGiven = true;
      return { id: l.id, name: l.name, state: "current" };
    }
    return { id: l.id, name: l.name, state: "open" };
  });
}

/** In a gated ladder, a level is locked until the one before it is won (the first never is). */
export function gatedLocks(levels: readonly { solved: boolean }[], gated: boolean): boolean[] {
  return levels.map((_, i) => gated && i > 0 && !levels[i - 1]!.solved);
}
