// Direct SQL: the attempt hot path (README "Benchmarks" (a) and (e): attempts/s, CPU per attempt).
import "server-only";
import { uuidv7 } from "@/lib/ids";
import { all, asDate, asNum, exec, json, one, type Step } from "@/lib/db/sql";
import { columnsOf, rowMapper } from "@/lib/db/rows";
import type { ChallengeAttempt } from "@/lib/generated/sqlite/client";

// The challenge_attempts table: claims, outcomes, leases and the counts limits read.

const ATTEMPT = {
  id: "text",
  workspaceId: ["tenant_id", "text"],
  challengeId: "text",
  endUserId: "text",
  accountId: "textOrNull",
  workflowRunId: "textOrNull",
  status: "text",
  succeeded: "bool",
  score: "numOrNull",
  judgeRating: "numOrNull",
  judgeFeedback: "textOrNull",
  judgeOutputRaw: "json",
  tokensTotal: "numOrNull",
  judgeTokensTotal: "numOrNull",
  elapsedMs: "numOrNull",
  prompt: "textOrNull",
  response: "textOrNull",
  errorMessage: "textOrNull",
  idempotencyKey: "textOrNull",
  promptHash: "textOrNull",
  leaseOwner: "textOrNull",
  leaseUntil: "dateOrNull",
  reproRuns: "numOrNull",
  reproWins: "numOrNull",
  createdAt: "date",
} as const;
const ATTEMPT_COLUMNS = columnsOf(ATTEMPT);
// The JSON column decodes to `unknown`; the stored value is always JSON.
const attemptOf = rowMapper(ATTEMPT) as (r: Record<string, unknown>) => ChallengeAttempt;

export function* attemptById(id: string): Step<ChallengeAttempt | null> {
  const r = yield* one<Record<string, unknown>>(
    `SELECT ${ATTEMPT_COLUMNS} FROM challenge_attempts WHERE id = $1`,
    id,
  );
  return r ? attemptOf(r) : null;
}

/** The attempt holding a player's idempotency key, with the hash of the prompt it was claimed for. */
export interface KeyedAttempt {
  id: string;
  promptHash: string | null;
  status: string;
  errorMessage: string | null;
}

export function* attemptByKey(endUserId: string, key: string): Step<KeyedAttempt | null> {
  const r = yield* one<{ id: string; prompt_hash: string | null; status: string; error_message: string | null }>(
    `SELECT id, prompt_hash, status, error_message FROM challenge_attempts WHERE end_user_id = $1 AND idempotency_key = $2`,
    endUserId,
    key,
  );
  return r ? { id: r.id, promptHash: r.prompt_hash ?? null, status: r.status, errorMessage: r.error_message ?? null } : null;
}

export interface NewAttempt {
  workspaceId: string;
  challengeId: string;
  endUserId: string;
  accountId: string | null;
  status: string;
  prompt: string | null;
  idempotencyKey: string | null;
  createdAt: Date;
  /** Pending claims: the prompt's hash and the lease (lease.ts). */
  promptHash?: string | null;
  leaseOwner?: string | null;
  leaseUntil?: Date | null;
}

/** An attempt's verdict and what it cost (the console's attempt browser shows them too). */
export interface AttemptVerdictFields {
  status: string;
  succeeded: boolean;
  score: number | null;
  judgeRating: number | null;
  judgeFeedback: string | null;
  judgeOutputRaw: unknown;
  tokensTotal: number | null;
  judgeTokensTotal: number | null;
  elapsedMs: number | null;
}

/** The final fields of an attempt (recording). */
export interface AttemptOutcomeFields extends AttemptVerdictFields {
  response: string | null;
  errorMessage: string | null;
  workflowRunId: string | null;
  createdAt: Date;
  /** Reproduction (null when it did not run): the runs made in all and how many won. */
  reproRuns?: number | null;
  reproWins?: number | null;
}

/** Inserts a pending attempt; null when the player already used its idempotency key. */
export function* insertPendingAttempt(a: NewAttempt): Step<ChallengeAttempt | null> {
  const r = yield* one<Record<string, unknown>>(
    `INSERT INTO challenge_attempts (id, tenant_id, challenge_id, end_user_id, account_id, status, prompt, idempotency_key,
       created_at, succeeded, prompt_hash, lease_owner, lease_until)
     VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7, $8, FALSE, $9, $10, $11)
     ON CONFLICT (end_user_id, idempotency_key) DO NOTHING
     RETURNING ${ATTEMPT_COLUMNS}`,
    uuidv7(),
    a.workspaceId,
    a.challengeId,
    a.endUserId,
    a.accountId,
    a.prompt,
    a.idempotencyKey,
    a.createdAt,
    a.promptHash ?? null,
    a.leaseOwner ?? null,
    a.leaseUntil ?? null,
  );
  return r ? attemptOf(r) : null;
}

export function* insertAttempt(a: NewAttempt, fields?: AttemptOutcomeFields): Step<ChallengeAttempt> {
  const f = fields;
  const r = yield* one<Record<string, unknown>>(
    `INSERT INTO challenge_attempts (id, tenant_id, challenge_id, end_user_id, account_id, status, prompt, idempotency_key,
       created_at, succeeded, score, judge_rating, judge_feedback, judge_output_raw, tokens_total, judge_tokens_total,
       elapsed_ms, response, error_message, workflow_run_id, repro_runs, repro_wins)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15, $16, $17, $18, $19, $20, $21, $22)
     RETURNING ${ATTEMPT_COLUMNS}`,
    uuidv7(),
    a.workspaceId,
    a.challengeId,
    a.endUserId,
    a.accountId,
    f?.status ?? a.status,
    a.prompt,
    a.idempotencyKey,
    f?.createdAt ?? a.createdAt,
    f?.succeeded ?? false,
    f?.score ?? null,
    f?.judgeRating ?? null,
    f?.judgeFeedback ?? null,
    f?.judgeOutputRaw === undefined || f.judgeOutputRaw === null ? null : json(f.judgeOutputRaw),
    f?.tokensTotal ?? null,
    f?.judgeTokensTotal ?? null,
    f?.elapsedMs ?? null,
    f?.response ?? null,
    f?.errorMessage ?? null,
    f?.workflowRunId ?? null,
    f?.reproRuns ?? null,
    f?.reproWins ?? null,
  );
  return attemptOf(r!);
}

/**
 * Completes a pending attempt of this challenge and player; null when it is not pending (or,
 * with `leaseOwner`, when another process has taken its claim over).
 */
export function* completePendingAttempt(
  id: string,
  challengeId: string,
  endUserId: string,
  f: AttemptOutcomeFields,
  leaseOwner?: string,
): Step<ChallengeAttempt | null> {
  const r = yield* one<Record<string, unknown>>(
    `UPDATE challenge_attempts SET status = $4, succeeded = $5, score = $6, judge_rating = $7, judge_feedback = $8,
       judge_output_raw = $9::jsonb, tokens_total = $10, judge_tokens_total = $11, elapsed_ms = $12, response = $13,
       error_message = $14, workflow_run_id = $15, created_at = $16, lease_until = NULL,
       repro_runs = $18, repro_wins = $19
     WHERE id = $1 AND challenge_id = $2 AND end_user_id = $3 AND status = 'pending'
       AND ($17 = '' OR lease_owner IS NULL OR lease_owner = $17)
     RETURNING ${ATTEMPT_COLUMNS}`,
    id,
    challengeId,
    endUserId,
    f.status,
    f.succeeded,
    f.score,
    f.judgeRating,
    f.judgeFeedback,
    f.judgeOutputRaw === undefined || f.judgeOutputRaw === null ? null : json(f.judgeOutputRaw),
    f.tokensTotal,
    f.judgeTokensTotal,
    f.elapsedMs,
    f.response,
    f.errorMessage,
    f.workflowRunId,
    f.createdAt,
    leaseOwner ?? "",
    f.reproRuns ?? null,
    f.reproWins ?? null,
  );
  return r ? attemptOf(r) : null;
}

/**
 * Marks a still-pending attempt as errored; true when it was pending. With `leaseOwner`, only
 * while that process holds the claim.
 */
export function* failPendingAttempt(id: string, message: string, leaseOwner?: string): Step<boolean> {
  const n = yield* exec(
    `UPDATE challenge_attempts SET status = 'errored', error_message = $2, lease_until = NULL
     WHERE id = $1 AND status = 'pending' AND ($3 = '' OR lease_owner = $3)`,
    id,
    message,
    leaseOwner ?? "",
  );
  return n > 0;
}

/**
 * Marks a claim that was seen dead as errored, only if it is still exactly as seen (same owner,
 * same lease): a heartbeat that renewed it in between means its run is alive, and it is left be.
 */
export function* failDeadClaim(
  seen: { id: string; leaseOwner: string | null; leaseUntil: Date | null; createdAt: Date },
  message: string,
): Step<boolean> {
  const n = yield* exec(
    `UPDATE challenge_attempts SET status = 'errored', error_message = $4, lease_until = NULL
     WHERE id = $1 AND status = 'pending' AND COALESCE(lease_owner, '') = $2 AND COALESCE(lease_until, created_at) = $3`,
    seen.id,
    seen.leaseOwner ?? "",
    seen.leaseUntil ?? seen.createdAt,
    message,
  );
  return n > 0;
}

/**
 * Claims again an attempt whose run died and was closed as not counted with `message` (nothing
 * recorded: no run), for a retry with its key: pending again under `owner`, at `now` (limits and
 * cooldowns count it from now). Null when it is no longer in that state (another request took it).
 */
export function* reclaimDeadAttempt(id: string, message: string, owner: string, until: Date, now: Date): Step<ChallengeAttempt | null> {
  const r = yield* one<Record<string, unknown>>(
    `UPDATE challenge_attempts SET status = 'pending', error_message = NULL, lease_owner = $3, lease_until = $4, created_at = $5
     WHERE id = $1 AND status = 'errored' AND error_message = $2 AND workflow_run_id IS NULL
     RETURNING ${ATTEMPT_COLUMNS}`,
    id,
    message,
    owner,
    until,
    now,
  );
  return r ? attemptOf(r) : null;
}

/** Renews a claim's lease (heartbeat); false when this owner no longer holds it. */
export function* renewLease(id: string, owner: string, until: Date): Step<boolean> {
  const n = yield* exec(
    `UPDATE challenge_attempts SET lease_until = $3 WHERE id = $1 AND status = 'pending' AND lease_owner = $2`,
    id,
    owner,
    until,
  );
  return n > 0;
}

/**
 * Takes over a dead claim, compare-and-swap on the lease seen (owner and expiry, or the
 * creation time of a claim from before leases): false when it changed meanwhile.
 */
export function* takeOverClaim(
  seen: { id: string; leaseOwner: string | null; leaseUntil: Date | null; createdAt: Date },
  owner: string,
  until: Date,
): Step<boolean> {
  const n = yield* exec(
    `UPDATE challenge_attempts SET lease_owner = $4, lease_until = $5
     WHERE id = $1 AND status = 'pending' AND COALESCE(lease_owner, '') = $2 AND COALESCE(lease_until, created_at) = $3`,
    seen.id,
    seen.leaseOwner ?? "",
    seen.leaseUntil ?? seen.createdAt,
    owner,
    until,
  );
  return n > 0;
}

export interface PendingClaimRow {
  id: string;
  status: string;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  createdAt: Date;
}

const PENDING = {
  id: "text",
  status: "text",
  leaseOwner: "textOrNull",
  leaseUntil: "dateOrNull",
  createdAt: "date",
} as const;
const PENDING_COLUMNS = columnsOf(PENDING);
const pendingOf: (r: Record<string, unknown>) => PendingClaimRow = rowMapper(PENDING);

/** A player's pending claims on a challenge (few: claims of one player are serialized). */
export function* pendingClaims(challengeId: string, endUserId: string): Step<PendingClaimRow[]> {
  const rows = yield* all<Record<string, unknown>>(
    `SELECT ${PENDING_COLUMNS} FROM challenge_attempts
     WHERE challenge_id = $1 AND end_user_id = $2 AND status = 'pending'`,
    challengeId,
    endUserId,
  );
  return rows.map(pendingOf);
}

/**
 * Every pending claim, oldest lease first, for the sweep (at start-up, then every minute). A pending claim always has
 * a lease and a finished attempt never does, so the lease index finds them without reading the
 * finished ones.
 */
export function* allPendingClaims(limit: number): Step<PendingClaimRow[]> {
  const rows = yield* all<Record<string, unknown>>(
    `SELECT ${PENDING_COLUMNS} FROM challenge_attempts
     WHERE lease_until IS NOT NULL AND status = 'pending' ORDER BY lease_until ASC LIMIT $1`,
    limit,
  );
  return rows.map(pendingOf);
}

/**
 * Attempts that count against a player (see limits.ts): how many, and the latest one's time.
 * A pending claim counts while its lease is live (claims from before leases: until staleBefore).
 */
export function* countedAttempts(
  challengeId: string,
  endUserId: string,
  staleBefore: Date,
  want: { count: boolean; last: boolean },
  now = new Date(),
): Step<{ used: number; last: Date | null }> {
  const where = `challenge_id = $1 AND end_user_id = $2 AND (status = 'completed' OR (status = 'pending'
    AND (lease_until > $4 OR (lease_until IS NULL AND created_at > $3))))`;
  let used = 0;
  let last: Date | null = null;
  if (want.count) {
    const r = yield* one<{ n: unknown }>(
      `SELECT COUNT(*) AS n FROM challenge_attempts WHERE ${where}`,
      challengeId,
      endUserId,
      staleBefore,
      now,
    );
    used = asNum(r?.n);
  }
  if (want.last) {
    const r = yield* one<{ created_at: unknown }>(
      `SELECT created_at FROM challenge_attempts WHERE ${where} ORDER BY created_at DESC LIMIT 1`,
      challengeId,
      endUserId,
      staleBefore,
      now,
    );
    last = r ? asDate(r.created_at) : null;
  }
  return { used, last };
}

/** Attempts the account started since `since` (any status but errored), up to `cap`, oldest first. */
export function* recentAccountAttempts(accountId: string, since: Date, cap: number): Step<Date[]> {
  const rows = yield* all<{ created_at: unknown }>(
    // Errored attempts (the model side failed) do not count toward the per-minute rate.
    `SELECT created_at FROM challenge_attempts
      WHERE account_id = $1 AND created_at > $2 AND status <> 'errored' ORDER BY created_at ASC LIMIT $3`,
    accountId,
    since,
    cap,
  );
  return rows.map((r) => asDate(r.created_at));
}

/** Whether any other attempt of the challenge succeeded. */
export function* otherSuccessExists(challengeId: string, attemptId: string): Step<boolean> {
  const r = yield* one<{ id: string }>(
    `SELECT id FROM challenge_attempts WHERE challenge_id = $1 AND succeeded = TRUE AND id <> $2 LIMIT 1`,
    challengeId,
    attemptId,
  );
  return r !== undefined;
}

export function* completedAttemptCount(challengeId: string, endUserId: string): Step<number> {
  const r = yield* one<{ n: unknown }>(
    `SELECT COUNT(*) AS n FROM challenge_attempts WHERE challenge_id = $1 AND end_user_id = $2 AND status = 'completed'`,
    challengeId,
    endUserId,
  );
  return asNum(r?.n);
}
