// The CTFd-style "score over time" series: each player's cumulative points, one step per solve.
// Pure: the service hands in the solves (when each player first solved each challenge and what
// it was worth to them, net of hint costs) and the players in board order.

export interface Solve {
  player: string;
  /** Epoch ms of the player's first successful attempt on the challenge. */
  at: number;
  /** What the solve added (net of hint costs, never negative). */
  points: number;
}

export interface SeriesStep {
  at: number;
  total: number;
}

export interface PlayerSeries {
  player: string;
  /** Starts at (start, 0); one step per solve in time order; ends at (end, total). */
  steps: SeriesStep[];
  total: number;
}

export interface ScoreSeries {
  series: PlayerSeries[];
  start: number;
  end: number;
  /** The largest total (at least 1, so a scale never divides by 0). */
  max: number;
}

/**
 * One series per player, in the order given (players without solves get a flat line at 0).
 * `end` extends every line to the right edge (e.g. now); it is never before the last solve.
 */
export function buildScoreSeries(
  players: readonly string[],
  solves: readonly Solve[],
  end?: number,
): ScoreSeries {
  const wanted = new Set(players);
  const mine = solves.filter((s) => wanted.has(s.player) && Number.isFinite(s.at));
  const times = mine.map((s) => s.at);
  const start = times.length ? Math.min(...times) : (end ?? 0);
  const last = times.length ? Math.max(...times) : start;
  const stop = Math.max(last, end ?? last);
  const byPlayer = new Map<string, Solve[]>();
  for (const s of mine) {
    const list = byPlayer.get(s.player) ?? [];
    list.push(s);
    byPlayer.set(s.player, list);
  }
  let max = 1;
  const series = players.map((player): PlayerSeries => {
    const list = (byPlayer.get(player) ?? []).slice().sort((a, b) => a.at - b.at);
    const steps: SeriesStep[] = [{ at: start, total: 0 }];
    let total = 0;
    for (const s of list) {
      total += Math.max(0, s.points);
      const prev = steps[steps.length - 1]!;
      // Solves at the same instant are one step.
      if (prev.at === s.at) prev.total = total;
      else steps.push({ at: s.at, total });
    }
    const lastStep = steps[steps.length - 1]!;
    if (lastStep.at < stop) steps.push({ at: stop, total });
    max = Math.max(max, total);
    return { player, steps, total };
  });
  return { series, start, end: stop, max };
}

/**
 * An SVG path for a series as a step line in a box of `width` × `height` (y grows downwards):
 * the score holds until the next solve, then jumps.
 */
export function stepPath(
  steps: readonly SeriesStep[],
  box: { start: number; end: number; max: number; width: number; height: number },
): string {
  const span = Math.max(1, box.end - box.start);
  const x = (t: number) => ((t - box.start) / span) * box.width;
  const y = (v: number) => box.height - (v / Math.max(1, box.max)) * box.height;
  const r = (n: number) => Math.round(n * 10) / 10;
  let d = "";
  let prevY: number | null = null;
  for (const s of steps) {
    const px = r(x(s.at));
    const py = r(y(s.total));
    if (prevY === null) d += `M${px} ${py}`;
    else d += ` H${px} V${py}`;
    prevY = py;
  }
  return d;
}
