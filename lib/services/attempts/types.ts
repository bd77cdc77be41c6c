import type { PlayerEvent } from "@/lib/workflow/types";

// What submitting an attempt takes: shared by submit.ts and claims.ts.

export interface SubmitAttemptInput {
  challengeId: string;
  /** The signed-in player; null for a guest (then `guestId` is set). */
  accountId: string | null;
  /** A guest's verified id (lib/auth/guest.ts): plays only where the challenge allows guests. */
  guestId?: string | null;
  prompt: string;
  idempotencyKey?: string | null;
  /**
   * The player's view of the run (lib/workflow/engine/player-view.ts), for streaming: run
   * started, coarse progress, the answer's text as it is generated when the graph cannot withhold
   * it, and the final masked `answer` once the attempt is recorded. Never node ids, other nodes'
   * outputs or judge data. Not called for a replay.
   */
  onEvent?: (event: PlayerEvent) => void;
  /** Cancels the run (and a replay's wait) when the request goes away. */
  signal?: AbortSignal;
  /** Epoch ms after which a replay stops waiting (default: now + REPLAY_WAIT_MS). */
  deadline?: number;
}
