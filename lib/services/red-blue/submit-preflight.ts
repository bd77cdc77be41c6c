// Direct SQL: Prisma measured 2-5x slower on tests/bench/red-blue.ts (SQL 55.6 vs 11.3 pairings/s on SQLite, 26.0 vs 8.3 on PostgreSQL).
import "server-only";
import { query } from "@/lib/db/sql";
import {
  assertOnTeam,
  liveChallenge,
  membershipOf,
  type RoundChallengeRow,
} from "@/lib/services/red-blue/membership";
import { assertPromptLength, precheckSubmissionRate } from "@/lib/services/red-blue/submission-limits";
import type { SubmitTeamInput } from "@/lib/services/red-blue/submit-types";

// The submit path's checks before a round (submit.ts): first the challenge and the player's
// membership (404, 403 not joined, 409 other side); then, once the Idempotency-Key is known not
// to be a repeat, the prompt limit (422) and the per-minute limit (429), before the utility gate
// runs (the round port checks both again under the player's lock).

/** The live challenge, with the player on the requested side. */
export async function preflight(input: SubmitTeamInput): Promise<RoundChallengeRow> {
  return query(function* () {
    const c = yield* liveChallenge(input.challengeId);
    assertOnTeam(yield* membershipOf(c.id, input.accountId), input.team);
    return c;
  });
}

/** 422 past the prompt limit, 429 past the per-minute limit. */
export async function assertWithinLimits(c: RoundChallengeRow, input: SubmitTeamInput): Promise<void> {
  assertPromptLength(input.prompt, c.settings.max_prompt_chars);
  await query(() =>
    precheckSubmissionRate(c.id, input.accountId, c.settings.submissions_per_minute, new Date()),
  );
}
