import "server-only";
import type { LeaderboardEntry as EntryRow } from "@/lib/contracts/leaderboards";
import { uuidv7 } from "@/lib/ids";
import {
  all,
  asBool,
  asDate,
  asDateOrNull,
  asJson,
  asNum,
  asNumOrNull,
  exec,
  json,
  one,
  type Param,
  type Step,
} from "@/lib/db/sql";
import type { ChallengeAttempt, Prisma } from "@/lib/generated/sqlite/client";
import type { ChallengeStrategy, RankColumn } from "@/lib/scoring/types";
import { decryptStored, RUN_CHALLENGE_COLUMNS, runChallengeOf } from "@/lib/services/runs/resources";
import type { LoadedChallenge } from "@/lib/workflow/engine/run-resources";

// Every SQL statement of the attempt hot path (load → claim → record), as SQL steps
// (lib/db/sql.ts): one place to read, the same text on SQLite and PostgreSQL.

// ---- reads before the run -------------------------------------------------------------

export interface PlayableRow {
  id: string;
  workspaceId: string;
  isActive: boolean;
  secretRef: string | null;
  scoringStrategy: string;
  scoringPluginId: string | null;
  scoringEntrypoint: string | null;
  scoringConfig: unknown;
  points: number;
  maxAttempts: number | null;
  cooldownSeconds: number;
  workflowId: string | null;
  versionId: string | null;
  graph: unknown;
  /** What the run reads of this challenge, with its secret decrypted. */
  run: LoadedChallenge;
  /** The player's end user in the challenge's workspace; null before their first attempt. */
  endUserId: string | null;
}

/**
 * Everything an attempt reads before it claims, in one statement: the challenge (with what its
 * run needs and its secret), its workflow's published graph (null graph: nothing published) and
 * the player's end user in its workspace.
 */
export function* loadPlayable(challengeId: string, accountId: string): Step<PlayableRow | null> {
  const r = yield* one<Record<string, unknown>>(
    `SELECT ${RUN_CHALLENGE_COLUMNS}, c.is_active, c.scoring_plugin_id,
            c.scoring_entrypoint, c.scoring_config, c.points, c.max_attempts, c.cooldown_seconds,
            w.id AS workflow_id, v.id AS version_id, v.graph, s.value_encrypted AS secret_cipher, e.id AS end_user_id
     FROM challenges c
     LEFT JOIN workflows w ON w.id = c.workflow_id
     LEFT JOIN workflow_versions v ON v.id = w.published_version_id
     LEFT JOIN secrets s ON s.workspace_id = c.tenant_id AND s.name = c.secret_ref
     LEFT JOIN end_users e ON e.tenant_id = c.tenant_id AND e.account_id = $2
     WHERE c.id = $1`,
    challengeId,
    accountId,
  );
  if (!r) return null;
  return {
    id: r.id as string,
    workspaceId: r.tenant_id as string,
    isActive: asBool(r.is_active),
    secretRef: (r.secret_ref as string | null) ?? null,
    scoringStrategy: r.scoring_strategy as string,
    scoringPluginId: (r.scoring_plugin_id as string | null) ?? null,
    scoringEntrypoint: (r.scoring_entrypoint as string | null) ?? null,
    scoringConfig: asJson(r.scoring_config),
    points: asNum(r.points),
    maxAttempts: asNumOrNull(r.max_attempts),
    cooldownSeconds: asNum(r.cooldown_seconds),
    workflowId: (r.workflow_id as string | null) ?? null,
    versionId: (r.version_id as string | null) ?? null,
    graph: r.version_id ? asJson(r.graph) : null,
    run: runChallengeOf(r, decryptStored(r.secret_cipher as string | null)),
    endUserId: (r.end_user_id as string | null) ?? null,
  };
}

const END_USER_SELECT = `SELECT id FROM end_users WHERE tenant_id = $1 AND account_id = $2`;

export function* findEndUserId(workspaceId: string, accountId: string): Step<string | null> {
  return (yield* one<{ id: string }>(END_USER_SELECT, workspaceId, accountId))?.id ?? null;
}

/** The player's EndUser in the workspace, created on first play (race-safe). */
export function* ensureEndUserStep(workspaceId: string, accountId: string): Step<string> {
  const select = END_USER_SELECT;
  const found = yield* one<{ id: string }>(select, workspaceId, accountId);
  if (found) return found.id;
  yield* exec(
    `INSERT INTO end_users (id, tenant_id, account_id, type, created_at) VALUES ($1, $2, $3, 'account', $4)
     ON CONFLICT (tenant_id, account_id) DO NOTHING`,
    uuidv7(),
    workspaceId,
    accountId,
    new Date(),
  );
  const created = yield* one<{ id: string }>(select, workspaceId, accountId);
  if (!created) throw new Error("The player's end user could not be created");
  return created.id;
}

// ---- attempts -------------------------------------------------------------------------

const ATTEMPT_COLUMNS = `id, tenant_id, challenge_id, end_user_id, account_id, workflow_run_id, status, succeeded, score,
  judge_rating, judge_feedback, judge_output_raw, tokens_total, judge_tokens_total, elapsed_ms, prompt, response,
  error_message, idempotency_key, prompt_hash, lease_owner, lease_until, created_at`;

function attemptOf(r: Record<string, unknown>): ChallengeAttempt {
  return {
    id: r.id as string,
    workspaceId: r.tenant_id as string,
    challengeId: r.challenge_id as string,
    endUserId: r.end_user_id as string,
    accountId: (r.account_id as string | null) ?? null,
    workflowRunId: (r.workflow_run_id as string | null) ?? null,
    status: r.status as string,
    succeeded: asBool(r.succeeded),
    score: asNumOrNull(r.score),
    judgeRating: asNumOrNull(r.judge_rating),
    judgeFeedback: (r.judge_feedback as string | null) ?? null,
    judgeOutputRaw: asJson(r.judge_output_raw) as Prisma.JsonValue,
    tokensTotal: asNumOrNull(r.tokens_total),
    judgeTokensTotal: asNumOrNull(r.judge_tokens_total),
    elapsedMs: asNumOrNull(r.elapsed_ms),
    prompt: (r.prompt as string | null) ?? null,
    response: (r.response as string | null) ?? null,
    errorMessage: (r.error_message as string | null) ?? null,
    idempotencyKey: (r.idempotency_key as string | null) ?? null,
    promptHash: (r.prompt_hash as string | null) ?? null,
    leaseOwner: (r.lease_owner as string | null) ?? null,
    leaseUntil: asDateOrNull(r.lease_until),
    createdAt: asDate(r.created_at),
  };
}

export function* attemptById(id: string): Step<ChallengeAttempt | null> {
  const r = yield* one<Record<string, unknown>>(`SELECT ${ATTEMPT_COLUMNS} FROM challenge_attempts WHERE id = $1`, id);
  return r ? attemptOf(r) : null;
}

/** The attempt holding a player's idempotency key, with the hash of the prompt it was claimed for. */
export function* attemptByKey(endUserId: string, key: string): Step<{ id: string; promptHash: string | null } | null> {
  const r = yield* one<{ id: string; prompt_hash: string | null }>(
    `SELECT id, prompt_hash FROM challenge_attempts WHERE end_user_id = $1 AND idempotency_key = $2`,
    endUserId,
    key,
  );
  return r ? { id: r.id, promptHash: r.prompt_hash ?? null } : null;
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

/** The final fields of an attempt (recording). */
export interface AttemptOutcomeFields {
  status: string;
  succeeded: boolean;
  score: number | null;
  judgeRating: number | null;
  judgeFeedback: string | null;
  judgeOutputRaw: unknown;
  tokensTotal: number | null;
  judgeTokensTotal: number | null;
  elapsedMs: number | null;
  response: string | null;
  errorMessage: string | null;
  workflowRunId: string | null;
  createdAt: Date;
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
       elapsed_ms, response, error_message, workflow_run_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15, $16, $17, $18, $19, $20)
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
       error_message = $14, workflow_run_id = $15, created_at = $16, lease_until = NULL
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

const pendingOf = (r: Record<string, unknown>): PendingClaimRow => ({
  id: r.id as string,
  status: r.status as string,
  leaseOwner: (r.lease_owner as string | null) ?? null,
  leaseUntil: asDateOrNull(r.lease_until),
  createdAt: asDate(r.created_at),
});

/** A player's pending claims on a challenge (few: claims of one player are serialized). */
export function* pendingClaims(challengeId: string, endUserId: string): Step<PendingClaimRow[]> {
  const rows = yield* all<Record<string, unknown>>(
    `SELECT id, status, lease_owner, lease_until, created_at FROM challenge_attempts
     WHERE challenge_id = $1 AND end_user_id = $2 AND status = 'pending'`,
    challengeId,
    endUserId,
  );
  return rows.map(pendingOf);
}

/** Every pending claim (index on status, lease_until), for the sweep at start-up. */
export function* allPendingClaims(limit: number): Step<PendingClaimRow[]> {
  const rows = yield* all<Record<string, unknown>>(
    `SELECT id, status, lease_owner, lease_until, created_at FROM challenge_attempts
     WHERE status = 'pending' ORDER BY lease_until ASC LIMIT $1`,
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

/** Attempts the account started since `since` (any status), up to `cap`, oldest first. */
export function* recentAccountAttempts(accountId: string, since: Date, cap: number): Step<Date[]> {
  const rows = yield* all<{ created_at: unknown }>(
    `SELECT created_at FROM challenge_attempts WHERE account_id = $1 AND created_at > $2 ORDER BY created_at ASC LIMIT $3`,
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

// ---- leaderboard entries --------------------------------------------------------------

export const RANK_COLUMN_SQL: Record<RankColumn, string> = {
  achievedAt: "achieved_at",
  elapsedMs: "elapsed_ms",
  tokensTotal: "tokens_total",
  judgeRating: "judge_rating",
  score: "score",
};

/** The strategy's board order as SQL (the same order as lib/scoring/order.ts). */
export function orderSql(strategy: ChallengeStrategy, alias = ""): string {
  const parts: string[] = [];
  if (strategy.column !== "achievedAt") {
    parts.push(`${alias}${RANK_COLUMN_SQL[strategy.column]} ${strategy.direction === "asc" ? "ASC" : "DESC"}`);
  }
  parts.push(`${alias}achieved_at ASC`, `${alias}best_attempt_id ASC`);
  return parts.join(", ");
}

export type { EntryRow };

const ENTRY_COLUMNS = `id, end_user_id, account_id, best_attempt_id, score, elapsed_ms, tokens_total, judge_rating, achieved_at`;

function entryOf(r: Record<string, unknown>): EntryRow {
  return {
    id: r.id as string,
    endUserId: r.end_user_id as string,
    accountId: (r.account_id as string | null) ?? null,
    bestAttemptId: r.best_attempt_id as string,
    score: asNumOrNull(r.score),
    elapsedMs: asNumOrNull(r.elapsed_ms),
    tokensTotal: asNumOrNull(r.tokens_total),
    judgeRating: asNumOrNull(r.judge_rating),
    achievedAt: asDate(r.achieved_at),
  };
}

export function* boardHead(challengeId: string, strategy: ChallengeStrategy): Step<EntryRow | null> {
  const r = yield* one<Record<string, unknown>>(
    `SELECT ${ENTRY_COLUMNS} FROM challenge_leaderboard_entries WHERE challenge_id = $1 ORDER BY ${orderSql(strategy)} LIMIT 1`,
    challengeId,
  );
  return r ? entryOf(r) : null;
}

/** When the board's latest best was achieved (index on challenge_id, achieved_at). */
export function* latestAchievement(challengeId: string): Step<Date | null> {
  const r = yield* one<{ achieved_at: unknown }>(
    `SELECT achieved_at FROM challenge_leaderboard_entries WHERE challenge_id = $1 ORDER BY achieved_at DESC LIMIT 1`,
    challengeId,
  );
  return r ? asDate(r.achieved_at) : null;
}

export function* playerEntry(challengeId: string, endUserId: string): Step<EntryRow | null> {
  const r = yield* one<Record<string, unknown>>(
    `SELECT ${ENTRY_COLUMNS} FROM challenge_leaderboard_entries WHERE challenge_id = $1 AND end_user_id = $2`,
    challengeId,
    endUserId,
  );
  return r ? entryOf(r) : null;
}

export interface EntryValues {
  accountId: string | null;
  bestAttemptId: string;
  score: number | null;
  elapsedMs: number | null;
  tokensTotal: number | null;
  judgeRating: number | null;
  achievedAt: Date;
}

export function* insertEntry(challengeId: string, endUserId: string, v: EntryValues, attemptsCount: number): Step<void> {
  yield* exec(
    `INSERT INTO challenge_leaderboard_entries (id, challenge_id, end_user_id, account_id, best_attempt_id, score, elapsed_ms,
       tokens_total, judge_rating, achieved_at, attempts_count, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    uuidv7(),
    challengeId,
    endUserId,
    v.accountId,
    v.bestAttemptId,
    v.score,
    v.elapsedMs,
    v.tokensTotal,
    v.judgeRating,
    v.achievedAt,
    attemptsCount,
    new Date(),
  );
}

/** Replaces the entry's best (and adds `countDelta` completed attempts). */
export function* replaceEntryBest(id: string, v: EntryValues, countDelta: number): Step<void> {
  yield* exec(
    `UPDATE challenge_leaderboard_entries SET account_id = $2, best_attempt_id = $3, score = $4, elapsed_ms = $5,
       tokens_total = $6, judge_rating = $7, achieved_at = $8, attempts_count = attempts_count + $9, updated_at = $10
     WHERE id = $1`,
    id,
    v.accountId,
    v.bestAttemptId,
    v.score,
    v.elapsedMs,
    v.tokensTotal,
    v.judgeRating,
    v.achievedAt,
    countDelta,
    new Date(),
  );
}

export function* bumpEntryCount(id: string): Step<void> {
  yield* exec(
    `UPDATE challenge_leaderboard_entries SET attempts_count = attempts_count + 1, updated_at = $2 WHERE id = $1`,
    id,
    new Date(),
  );
}

// ---- outbox ---------------------------------------------------------------------------

export function* insertOutboxEvent(workspaceId: string, event: string, payload: unknown, occurredAt: Date): Step<void> {
  const now = new Date();
  yield* exec(
    `INSERT INTO notification_events (id, tenant_id, event, payload, status, attempts, occurred_at, available_at, created_at)
     VALUES ($1, $2, $3, $4::jsonb, 'pending', 0, $5, $6, $6)`,
    uuidv7(),
    workspaceId,
    event,
    json(payload),
    occurredAt,
    now,
  );
}

export type { Param };
