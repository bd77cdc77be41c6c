// Direct SQL: Prisma measured 2-5x slower on tests/bench/red-blue.ts (SQL 55.6 vs 11.3 pairings/s on SQLite, 26.0 vs 8.3 on PostgreSQL).
import "server-only";
import type { NotificationPayloads } from "@/lib/contracts/notifications";
import { asNum, exec, json, one, type Step } from "@/lib/db/sql";
import { notFound } from "@/lib/errors";
import { uuidv7 } from "@/lib/ids";
import type { PairingRecord, RecordedPairing } from "@/lib/red-blue/port";
import type { CategoryVerdict } from "@/lib/red-blue/scoring";
import { insertOutboxEvent } from "@/lib/services/attempts/store";
import { challengeRow } from "@/lib/services/red-blue/membership";

// The round port's recordPairing (round-port.ts): the judged pairing row and its
// team_pairing_completed outbox event in one transaction, with the submission's stored answer
// (for replays) when the submit path asks for it.

export type RecordPairingInput = PairingRecord & {
  /** The submit path: the request's answer, stored on this submission in the same transaction. */
  storeResult?: { submissionId: string; build: (recorded: RecordedPairing) => Step<unknown> };
};

/** Records the pairing in the caller's transaction; the submitting player's total points with it. */
export function* recordPairingStep(input: RecordPairingInput, now: () => Date): Step<RecordedPairing> {
  const c = yield* challengeRow(input.challengeId);
  if (!c) throw notFound("Red/blue challenge");
  const at = now();
  const pairingId = uuidv7(at.getTime());
  yield* exec(
    `INSERT INTO team_pairings (id, red_blue_challenge_id, tenant_id, attack_submission_id, defense_submission_id,
       judge_output_raw, categories, judge_rating, judge_feedback, red_points, blue_points, tokens_total, elapsed_ms,
       initiator, attack_account_id, defense_account_id, model_output, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
    pairingId,
    c.id,
    c.workspaceId,
    input.attack.id,
    input.defense.id,
    json(input.raw),
    json(input.categories),
    input.rating === null ? null : Math.round(input.rating),
    input.feedback,
    input.redPoints,
    input.bluePoints,
    Math.round(input.tokens),
    Math.round(input.elapsedMs),
    input.initiator,
    input.attack.accountId,
    input.defense.accountId,
    input.modelOutput,
    at,
  );
  const payload: NotificationPayloads["team_pairing_completed"] = {
    event: "team_pairing_completed",
    red_blue_challenge_id: c.id,
    pairing_id: pairingId,
    attack_submission_id: input.attack.id,
    defense_submission_id: input.defense.id,
    // A category the judge could not decide (null) is left out of the payload.
    categories: judgedOnly(input.categories),
    judge_rating: input.rating,
    red_points: input.redPoints,
    blue_points: input.bluePoints,
    occurred_at: at.getTime(),
  };
  yield* insertOutboxEvent(c.workspaceId, payload.event, payload, at);
  // The submitting player's cumulative points on their side of this challenge.
  const mine = input.initiator === "red" ? input.attack : input.defense;
  const total = mine.accountId
    ? yield* one<{ points: unknown }>(
        input.initiator === "red"
          ? `SELECT COALESCE(SUM(red_points), 0) AS points FROM team_pairings WHERE red_blue_challenge_id = $1 AND attack_account_id = $2`
          : `SELECT COALESCE(SUM(blue_points), 0) AS points FROM team_pairings WHERE red_blue_challenge_id = $1 AND defense_account_id = $2`,
        c.id,
        mine.accountId,
      )
    : { points: input.initiator === "red" ? input.redPoints : input.bluePoints };
  const recorded: RecordedPairing = {
    pairingId,
    totalPoints: Math.round(asNum(total?.points) * 100) / 100,
  };
  if (input.storeResult) {
    yield* exec(
      `UPDATE team_submissions SET result = $1::jsonb WHERE id = $2`,
      json(yield* input.storeResult.build(recorded)),
      input.storeResult.submissionId,
    );
  }
  return recorded;
}

function judgedOnly(categories: Record<string, CategoryVerdict>): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const [k, v] of Object.entries(categories)) if (typeof v === "boolean") out[k] = v;
  return out;
}
