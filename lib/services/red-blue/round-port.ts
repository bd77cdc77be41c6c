import "server-only";
import type { RedBlueTeam, SelectionPolicy } from "@/lib/contracts/red-blue";
import type { NotificationPayloads } from "@/lib/contracts/notifications";
import {
  all,
  asBool,
  asDate,
  asJson,
  asNum,
  exec,
  json,
  one,
  query,
  transaction,
  type Step,
} from "@/lib/db/sql";
import { AppError, notFound, rateLimited } from "@/lib/errors";
import { uuidv7 } from "@/lib/ids";
import type {
  RecordedPairing,
  StoredSubmission,
  TeamRoundChallenge,
  TeamRoundPort,
} from "@/lib/red-blue/port";
import type { CategoryVerdict } from "@/lib/red-blue/scoring";
import { opponentTeam, selectOpponent, type Candidate, type RotationEntry } from "@/lib/red-blue/selection";
import { ATTEMPTS_PER_MINUTE } from "@/lib/services/attempts/limits";
import { ensureEndUserStep, insertOutboxEvent } from "@/lib/services/attempts/store";
import {
  assertOnTeam,
  challengeRow,
  challengeSecret,
  liveChallenge,
  membershipOf,
} from "@/lib/services/red-blue/membership";

// The player's rounds in storage (lib/red-blue/port.ts TeamRoundPort), for one player: the
// direct submit (submit.ts) and the team-challenge node of a workflow run both go through it.
//
// - persistSubmission: the player's membership row is locked (PostgreSQL: SELECT … FOR UPDATE;
//   SQLite transactions hold the write lock), then the Idempotency-Key, the per-minute limit and
//   the insert, so parallel submissions of one player serialise on every app instance.
// - selectOpponent: the same lock, the other side's active submissions with their records, the
//   selector's round_robin rotation, the pure pick (lib/red-blue/selection.ts), the rotation
//   bump and, for request_new_if_none with nothing fresh, the team_submission_requested event:
//   one transaction, nothing kept in the process.
// - recordPairing: the pairing row and its team_pairing_completed outbox event in one
//   transaction (with the submission's stored answer, for replays, when the submit path asks).

const RATE_WINDOW_MS = 60_000;

export interface RoundPortOptions {
  accountId: string;
  /** The submit request's Idempotency-Key (stored with the submission). */
  idempotencyKey?: string | null;
  /** Clock (tests). */
  now?: () => Date;
  /** random_active's pick, a number in [0, 1). */
  random?: () => number;
}

/** A submission stored under the same Idempotency-Key. */
export interface ExistingSubmission {
  submission: StoredSubmission;
  createdAt: Date;
  /** The stored answer, or null while its round is still being played (or died). */
  result: unknown;
}

export type PersistOutcome =
  | { kind: "new"; submission: StoredSubmission; createdAt: Date }
  | { kind: "existing"; existing: ExistingSubmission };

export type RecordPairingInput = Parameters<TeamRoundPort["recordPairing"]>[0] & {
  /** The submit path: the request's answer, stored on this submission in the same transaction. */
  storeResult?: { submissionId: string; build: (recorded: RecordedPairing) => Step<unknown> };
};

export interface RoundPort extends TeamRoundPort {
  /** persistSubmission, telling a new submission from one stored earlier under the same key. */
  persist(input: {
    challengeId: string;
    team: RedBlueTeam;
    prompt: string;
    utilityPassed?: boolean | null;
  }): Promise<PersistOutcome>;
  /** The submission stored under the port's Idempotency-Key, if any (no lock; a fast path). */
  findByKey(challengeId: string): Promise<ExistingSubmission | null>;
  recordPairing(input: RecordPairingInput): Promise<RecordedPairing>;
  /** Stores the answer of a submission that waits (no opponent). */
  storeResult(submissionId: string, result: unknown): Promise<void>;
  /** A submission whose round failed (model error, cancelled): removed unless an opponent already paired with it. */
  discard(submissionId: string): Promise<void>;
}

const SUBMISSION_COLUMNS = `id, team, prompt, account_id, utility_passed, result, created_at`;

function storedOf(r: Record<string, unknown>): StoredSubmission {
  return {
    id: r.id as string,
    team: r.team === "blue" ? "blue" : "red",
    prompt: r.prompt as string,
    accountId: (r.account_id as string | null) ?? null,
    utilityPassed:
      r.utility_passed === null || r.utility_passed === undefined ? null : asBool(r.utility_passed),
  };
}

function* submissionByKey(
  challengeId: string,
  accountId: string,
  key: string,
): Step<ExistingSubmission | null> {
  const r = yield* one<Record<string, unknown>>(
    `SELECT ${SUBMISSION_COLUMNS} FROM team_submissions
     WHERE red_blue_challenge_id = $1 AND account_id = $2 AND idempotency_key = $3`,
    challengeId,
    accountId,
    key,
  );
  return r ? { submission: storedOf(r), createdAt: asDate(r.created_at), result: asJson(r.result) } : null;
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
function* assertSubmissionRate(
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
  if (recent.length >= perMinute) {
    throw rateLimited(
      retryAfter(recent, now),
      `You can submit ${perMinute} times a minute on this challenge. Wait a moment and try again.`,
    );
  }
  const anywhere = yield* all<{ created_at: unknown }>(
    `SELECT created_at FROM team_submissions WHERE account_id = $1 AND created_at > $2 ORDER BY created_at ASC LIMIT $3`,
    accountId,
    since,
    ATTEMPTS_PER_MINUTE,
  );
  if (anywhere.length >= ATTEMPTS_PER_MINUTE) {
    throw rateLimited(retryAfter(anywhere, now), "You are submitting too fast. Wait a moment and try again.");
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

interface SubmissionCandidate extends Candidate {
  submission: StoredSubmission;
}

// The other side's active submissions (never the selector's own), as much as the policy looks
// at: latest_best and round_robin only each opponent's newest (latestPerOpponent), latest_best
// with its record (a defense's: the points blue won/lost in its pairings; an attack's: red's);
// request_new_if_none only the newest one (fresh or, failing that, the fallback); random_active
// all of them.
const SUBMISSION_FIELDS = `s.id, s.team, s.prompt, s.account_id, s.utility_passed, s.created_at`;
const OTHER_SIDE = `s.red_blue_challenge_id = $1 AND s.team = $3 AND s.active = TRUE
  AND (s.account_id IS NULL OR s.account_id <> $2)`;
const NEWEST_OF_ITS_ACCOUNT = `NOT EXISTS (SELECT 1 FROM team_submissions n
  WHERE n.red_blue_challenge_id = s.red_blue_challenge_id AND n.team = s.team AND n.active = TRUE
    AND n.account_id = s.account_id AND (n.created_at > s.created_at OR (n.created_at = s.created_at AND n.id > s.id)))`;
const RECORD: Record<RedBlueTeam, { join: string; won: string; lost: string }> = {
  blue: { join: "p.defense_submission_id = s.id", won: "p.blue_points", lost: "p.red_points" },
  red: { join: "p.attack_submission_id = s.id", won: "p.red_points", lost: "p.blue_points" },
};

function candidatesSql(policy: SelectionPolicy, side: RedBlueTeam): string {
  switch (policy) {
    case "latest_best": {
      const r = RECORD[side];
      return `SELECT ${SUBMISSION_FIELDS}, COALESCE(SUM(${r.won}), 0) AS won, COALESCE(SUM(${r.lost}), 0) AS lost
        FROM team_submissions s LEFT JOIN team_pairings p ON ${r.join}
        WHERE ${OTHER_SIDE} AND ${NEWEST_OF_ITS_ACCOUNT}
        GROUP BY s.id, s.team, s.prompt, s.account_id, s.utility_passed, s.created_at`;
    }
    case "round_robin":
      return `SELECT ${SUBMISSION_FIELDS} FROM team_submissions s WHERE ${OTHER_SIDE} AND ${NEWEST_OF_ITS_ACCOUNT}`;
    case "request_new_if_none":
      return `SELECT ${SUBMISSION_FIELDS} FROM team_submissions s WHERE ${OTHER_SIDE}
        ORDER BY s.created_at DESC, s.id DESC LIMIT 1`;
    case "random_active":
      return `SELECT ${SUBMISSION_FIELDS} FROM team_submissions s WHERE ${OTHER_SIDE}`;
  }
}

export function createTeamRoundPort(opts: RoundPortOptions): RoundPort {
  const { accountId } = opts;
  const key = opts.idempotencyKey ?? null;
  const now = opts.now ?? (() => new Date());

  const persist: RoundPort["persist"] = (input) =>
    transaction(function* (): Step<PersistOutcome> {
      const c = yield* liveChallenge(input.challengeId);
      // The lock first: this player's submissions on the challenge go one at a time.
      assertOnTeam(yield* membershipOf(c.id, accountId, true), input.team);
      if (key) {
        const existing = yield* submissionByKey(c.id, accountId, key);
        if (existing) return { kind: "existing", existing };
      }
      if (input.prompt.length > c.settings.max_prompt_chars) {
        throw new AppError(
          "validation_failed",
          `The prompt is too long (${c.settings.max_prompt_chars.toLocaleString("en")} characters at most on this challenge).`,
        );
      }
      const at = now();
      yield* assertSubmissionRate(c.id, accountId, c.settings.submissions_per_minute, at);
      const endUserId = yield* ensureEndUserStep(c.workspaceId, accountId);
      const submission: StoredSubmission = {
        id: uuidv7(at.getTime()),
        team: input.team,
        prompt: input.prompt,
        accountId,
        utilityPassed: input.team === "blue" ? (input.utilityPassed ?? null) : null,
      };
      yield* exec(
        `INSERT INTO team_submissions (id, red_blue_challenge_id, tenant_id, account_id, end_user_id, team, prompt, active,
           idempotency_key, utility_passed, result, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, TRUE, $8, $9, NULL, $10)`,
        submission.id,
        c.id,
        c.workspaceId,
        accountId,
        endUserId,
        submission.team,
        submission.prompt,
        key,
        submission.utilityPassed,
        at,
      );
      return { kind: "new", submission, createdAt: at };
    });

  return {
    async challenge(id): Promise<TeamRoundChallenge> {
      return query(function* () {
        const c = yield* liveChallenge(id);
        return {
          id: c.id,
          workspaceId: c.workspaceId,
          settings: c.settings,
          suite: c.suite,
          secret: yield* challengeSecret(c),
        };
      });
    },

    persist,

    async persistSubmission(input) {
      const out = await persist(input);
      return out.kind === "new" ? out.submission : out.existing.submission;
    },

    async findByKey(challengeId) {
      if (!key) return null;
      return query(() => submissionByKey(challengeId, accountId, key));
    },

    selectOpponent(input: { challengeId: string; submission: StoredSubmission; policy: SelectionPolicy }) {
      return transaction(function* () {
        const c = yield* challengeRow(input.challengeId);
        if (!c) throw notFound("Red/blue challenge");
        yield* membershipOf(c.id, accountId, true);
        const side = input.submission.team;
        const rows = yield* all<Record<string, unknown>>(
          candidatesSql(input.policy, opponentTeam(side)),
          c.id,
          accountId,
          opponentTeam(side),
        );
        const candidates: SubmissionCandidate[] = rows.map((r) => ({
          id: r.id as string,
          accountId: (r.account_id as string | null) ?? null,
          createdAt: asDate(r.created_at),
          won: asNum(r.won ?? 0),
          lost: asNum(r.lost ?? 0),
          submission: storedOf(r),
        }));
        let rotation: Map<string, RotationEntry> | undefined;
        if (input.policy === "round_robin") {
          const picks = yield* all<{ opponent_account_id: string; picks: unknown; last_picked_at: unknown }>(
            `SELECT opponent_account_id, picks, last_picked_at FROM team_rotations
             WHERE red_blue_challenge_id = $1 AND account_id = $2 AND team = $3`,
            c.id,
            accountId,
            side,
          );
          rotation = new Map(
            picks.map((p) => [
              p.opponent_account_id,
              { picks: asNum(p.picks), lastPickedAt: asDate(p.last_picked_at) },
            ]),
          );
        }
        let freshSince: Date | null = null;
        if (input.policy === "request_new_if_none") {
          // "Fresh": newer than the selector's previous submission on this side.
          const prev = yield* one<{ created_at: unknown }>(
            `SELECT s.created_at FROM team_submissions s
             JOIN team_submissions me ON me.id = $4
             WHERE s.red_blue_challenge_id = $1 AND s.account_id = $2 AND s.team = $3 AND s.id <> me.id
               AND s.created_at <= me.created_at
             ORDER BY s.created_at DESC, s.id DESC LIMIT 1`,
            c.id,
            accountId,
            side,
            input.submission.id,
          );
          freshSince = prev ? asDate(prev.created_at) : null;
        }
        const at = now();
        const picked = selectOpponent({
          policy: input.policy,
          candidates,
          selectorAccountId: accountId,
          rotation,
          freshSince,
          random: opts.random,
        });
        if (input.policy === "round_robin" && picked.picked?.accountId) {
          yield* exec(
            `INSERT INTO team_rotations (id, red_blue_challenge_id, account_id, team, opponent_account_id, picks, last_picked_at)
             VALUES ($1, $2, $3, $4, $5, 1, $6)
             ON CONFLICT (red_blue_challenge_id, account_id, team, opponent_account_id)
             DO UPDATE SET picks = team_rotations.picks + 1, last_picked_at = $6`,
            uuidv7(),
            c.id,
            accountId,
            side,
            picked.picked.accountId,
            at,
          );
        }
        if (picked.requestNew) {
          const payload: NotificationPayloads["team_submission_requested"] = {
            event: "team_submission_requested",
            red_blue_challenge_id: c.id,
            team: opponentTeam(side),
            requested_by_submission_id: input.submission.id,
            occurred_at: at.getTime(),
          };
          yield* insertOutboxEvent(c.workspaceId, payload.event, payload, at);
        }
        return { opponent: picked.picked?.submission ?? null, requested: picked.requestNew };
      });
    },

    recordPairing(input: RecordPairingInput) {
      return transaction(function* (): Step<RecordedPairing> {
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
          // A category the judge could not decide (null) is left out of the seed's shape.
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
      });
    },

    async storeResult(submissionId, result) {
      await transaction(function* () {
        yield* exec(
          `UPDATE team_submissions SET result = $1::jsonb WHERE id = $2`,
          json(result),
          submissionId,
        );
      });
    },

    async discard(submissionId) {
      await transaction(function* () {
        yield* exec(
          `DELETE FROM team_submissions WHERE id = $1 AND NOT EXISTS (
             SELECT 1 FROM team_pairings WHERE attack_submission_id = $1 OR defense_submission_id = $1)`,
          submissionId,
        );
      });
    },
  };
}

function judgedOnly(categories: Record<string, CategoryVerdict>): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const [k, v] of Object.entries(categories)) if (typeof v === "boolean") out[k] = v;
  return out;
}
