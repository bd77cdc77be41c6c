import "server-only";

// Attempts: recording (one transaction with the leaderboard and the outbox). See the modules
// under ./attempts/.

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
