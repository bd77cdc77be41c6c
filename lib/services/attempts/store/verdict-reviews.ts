// Direct SQL: the attempt hot path (README "Benchmarks" (a) and (e): attempts/s, CPU per attempt).
import "server-only";
import { uuidv7 } from "@/lib/ids";
import { exec, type Step } from "@/lib/db/sql";

// The verdict_reviews table, from the attempt's transaction: a contested verdict (consensus
// judges disagreed) opens its review with the attempt (lib/services/verdict-reviews).

/** Whether an outcome is a contested verdict: a judge_error whose judge output says judge_contested. */
export function isContested(status: string, judgeOutputRaw: unknown): boolean {
  if (status !== "judge_error" || typeof judgeOutputRaw !== "object" || judgeOutputRaw === null) return false;
  return (judgeOutputRaw as { error_kind?: unknown }).error_kind === "judge_contested";
}

export function* insertContestedReview(
  workspaceId: string,
  challengeId: string,
  attemptId: string,
  at: Date,
): Step<void> {
  yield* exec(
    `INSERT INTO verdict_reviews (id, tenant_id, challenge_id, attempt_id, source, status, created_at)
     VALUES ($1, $2, $3, $4, 'contested', 'open', $5) ON CONFLICT (attempt_id) DO NOTHING`,
    uuidv7(),
    workspaceId,
    challengeId,
    attemptId,
    at,
  );
}
