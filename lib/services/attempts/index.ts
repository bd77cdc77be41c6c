import "server-only";

// Attempts: recording (one transaction with the leaderboard and the outbox) and submitting
// (claim → run → evaluate → score → record). See the modules under ./attempts/.

export {
  recordAttempt,
  recordAttemptInTransaction,
  type AttemptStatus,
  type FinalAttemptStatus,
  type FirstBloodPayload,
  type RecordAttemptInput,
  type RecordAttemptResult,
  type RecordBeatenPayload,
} from "@/lib/services/attempts/record";
export { ATTEMPTS_PER_MINUTE, PENDING_STALE_MS } from "@/lib/services/attempts/limits";
export {
  submitAttempt,
  submitAttemptWith,
  type AttemptResult,
  type RunStep,
  type ScoreStep,
  type SubmitDeps,
} from "@/lib/services/attempts/submit";
export type { SubmitAttemptInput } from "@/lib/services/attempts/types";
