import "server-only";
import { log } from "@/lib/log";
import { sweepAbandonedAttempts } from "@/lib/services/attempts/claims";

// Attempts left pending by a crashed process stop counting against their players within a
// minute, while the other instances run on (not only when some instance starts). Every live
// instance sweeps; each dead claim is closed by an UPDATE conditional on the lease it was seen
// with (failDeadClaim), so sweeps running at once on several instances close it once.

export const ATTEMPT_SWEEP_EVERY_MS = 60_000;

const state = ((globalThis as Record<string, unknown>).__gauntletAttemptSweeper ??= {
  timer: null,
  running: null,
}) as { timer: NodeJS.Timeout | null; running: Promise<number> | null };

/** One sweep; a sweep still running (a slow database) is not run twice. Never throws. */
export function attemptSweepTick(): Promise<number> {
  state.running ??= sweepAbandonedAttempts()
    .then(
      (n) => {
        if (n) log.info("abandoned attempts marked as not counted", { count: n });
        return n;
      },
      (err: unknown) => {
        log.warn("sweeping abandoned attempts failed", { error: String(err) });
        return 0;
      },
    )
    .finally(() => {
      state.running = null;
    });
  return state.running;
}

/** Sweeps every `everyMs` until stopped; the timer does not keep the process alive. */
export function startAttemptSweeper(everyMs = ATTEMPT_SWEEP_EVERY_MS): void {
  if (state.timer) return;
  state.timer = setInterval(() => void attemptSweepTick(), everyMs);
  state.timer.unref?.();
}

export function stopAttemptSweeper(): void {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
}
