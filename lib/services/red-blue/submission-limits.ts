// Direct SQL: Prisma measured 2-5x slower on tests/bench/red-blue.ts (SQL 55.6 vs 11.3 pairings/s on SQLite, 26.0 vs 8.3 on PostgreSQL).
import "server-only";
import { all, asDate, type Step } from "@/lib/db/sql";
import { AppError, rateLimited } from "@/lib/errors";
import { ATTEMPTS_PER_MINUTE } from "@/lib/services/attempts/limits";
import { noteRateLimit } from "@/lib/rate-limit/headers";
import { waitMessage } from "@/lib/time/wait";

// The limits on a red/blue submission: the prompt's length (settings.max_prompt_chars, 422) and
// the submission rate (settings.submissions_per_minute and ATTEMPTS_PER_MINUTE, 429). The submit
// path checks both before the utility gate (submit-preflight.ts); the round port checks them
// again under the player's lock before the insert (submission-store.ts).

const RATE_WINDOW_MS = 60_000;

/** 422 past the challenge's prompt limit. */
export function assertPromptLength(prompt: string, maxPromptChars: number): void {
  if (prompt.length > maxPromptChars) {
    throw new AppError(
      "validation_failed",
      `The prompt is too long (${maxPromptChars.toLocaleString("en")} characters at most on this challenge).`,
    );
  }
}

function retryAfter(recent: { created_at: unknown }[], now: Date): number {
  const oldest = recent[0] ? asDate(recent[0].created_at).getTime() : now.getTime();
  return (oldest + RATE_WINDOW_MS - now.getTime()) / 1000;
}

/**
 * Throws 429 (Retry-After: when the oldest leaves the window) past the challenge's per-minute
 * limit (settings.submissions_per_minute), or past the instance's per-account rate of attempts
 * (ATTEMPTS_PER_MINUTE, lib/services/attempts/limits.ts) over all red/blue challenges. Both are
 * counted from team_submissions, which every app instance shares.
 */
export function* assertSubmissionRate(
  challengeId: string,
  accountId: string,
  perMinute: number,
  now: Date,
): Step<void> {
  const since = new Date(now.getTime() - RATE_WINDOW_MS);
  const recent = yield* all<{ created_at: unknown }>(
    `SELECT created_at FROM team_submissions WHERE red_blue_challenge_id = $1 AND account_id = $2 AND created_at > $3
     ORDER BY created_at ASC LIMIT $4`,
    challengeId,
    accountId,
    since,
    perMinute,
  );
  const window = { resetSec: retryAfter(recent, now), windowSec: RATE_WINDOW_MS / 1000 };
  noteRateLimit("red-blue-submissions", {
    limit: perMinute,
    remaining: perMinute - recent.length - 1,
    ...window,
  });
  if (recent.length >= perMinute) {
    const wait = retryAfter(recent, now);
    throw rateLimited(wait, waitMessage(`You can submit ${perMinute} times a minute on this challenge.`, wait));
  }
  const anywhere = yield* all<{ created_at: unknown }>(
    `SELECT created_at FROM team_submissions WHERE account_id = $1 AND created_at > $2 ORDER BY created_at ASC LIMIT $3`,
    accountId,
    since,
    ATTEMPTS_PER_MINUTE,
  );
  noteRateLimit("red-blue-submissions-account", {
    limit: ATTEMPTS_PER_MINUTE,
    remaining: ATTEMPTS_PER_MINUTE - anywhere.length - 1,
    resetSec: retryAfter(anywhere, now),
    windowSec: RATE_WINDOW_MS / 1000,
  });
  if (anywhere.length >= ATTEMPTS_PER_MINUTE) {
    const wait = retryAfter(anywhere, now);
    throw rateLimited(wait, waitMessage("You are submitting too fast.", wait));
  }
}

/** Outside a transaction: 429 now rather than after the utility gate has run (rechecked under the lock). */
export function* precheckSubmissionRate(
  challengeId: string,
  accountId: string,
  perMinute: number,
  now: Date,
): Step<void> {
  yield* assertSubmissionRate(challengeId, accountId, perMinute, now);
}
