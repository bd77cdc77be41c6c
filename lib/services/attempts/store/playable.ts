// Direct SQL: the attempt hot path (README "Benchmarks" (a) and (e): attempts/s, CPU per attempt).
import "server-only";
import { uuidv7 } from "@/lib/ids";
import { exec, one, type Step } from "@/lib/db/sql";
import { rowMapper } from "@/lib/db/rows";
import { decryptStored, RUN_CHALLENGE_COLUMNS, runChallengeOf } from "@/lib/services/runs/resources";
import type { LoadedChallenge } from "@/lib/workflow/engine/run-resources";
import { ladderColumns, ladderStateOf, type AttemptLadderState } from "@/lib/services/ladder";

// What an attempt reads before it claims: the challenge, its run's needs and the player's end user.

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
  /** Reproduce before it counts: runs in all (k, null = off) and wins needed (m, null = k). */
  reproduceRuns: number | null;
  reproduceWins: number | null;
  workflowId: string | null;
  versionId: string | null;
  graph: unknown;
  /** What the run reads of this challenge, with its secret decrypted. */
  run: LoadedChallenge;
  /** The player's end user in the challenge's workspace; null before their first attempt. */
  endUserId: string | null;
  /** The ladder as this end user sees it (lib/services/ladder.ts); read again for a new end user. */
  ladder: AttemptLadderState;
  /** Visitors without an account may play (as guests), and are listed on boards. */
  allowGuests: boolean;
  guestsOnBoards: boolean;
}

/** Who plays: an account, or a guest (its EndUser.sessionId, "guest:<id>"). */
export type PlayerRef = { accountId: string } | { guestSessionId: string };

const playableOf = rowMapper({
  id: "text",
  workspaceId: ["tenant_id", "text"],
  isActive: "bool",
  secretRef: "textOrNull",
  scoringStrategy: "text",
  scoringPluginId: "textOrNull",
  scoringEntrypoint: "textOrNull",
  scoringConfig: "json",
  points: "num",
  maxAttempts: "numOrNull",
  cooldownSeconds: "num",
  reproduceRuns: "numOrNull",
  reproduceWins: "numOrNull",
  workflowId: "textOrNull",
  versionId: "textOrNull",
  graph: "json",
  endUserId: "textOrNull",
  allowGuests: "bool",
  guestsOnBoards: "bool",
});

/**
 * Everything an attempt reads before it claims, in one statement: the challenge (with what its
 * run needs and its secret), its workflow's published graph (null graph: nothing published),
 * the player's end user in its workspace and the ladder's lines and lock for them.
 */
export function* loadPlayable(challengeId: string, player: PlayerRef): Step<PlayableRow | null> {
  const guest = "guestSessionId" in player;
  const r = yield* one<Record<string, unknown>>(
    `SELECT ${RUN_CHALLENGE_COLUMNS}, c.secret_ref, c.is_active, c.listing, c.scoring_plugin_id,
            c.scoring_entrypoint, c.scoring_config, c.points, c.max_attempts, c.cooldown_seconds,
            c.reproduce_runs, c.reproduce_wins, c.allow_guests, c.guests_on_boards,
            w.id AS workflow_id, v.id AS version_id, v.graph, s.value_encrypted AS secret_cipher, e.id AS end_user_id,
            ${ladderColumns("e.id")}
     FROM challenges c
     LEFT JOIN workflows w ON w.id = c.workflow_id
     LEFT JOIN workflow_versions v ON v.id = w.published_version_id
     LEFT JOIN secrets s ON s.workspace_id = c.tenant_id AND s.name = c.secret_ref
     LEFT JOIN end_users e ON e.tenant_id = c.tenant_id AND e.${guest ? "session_id" : "account_id"} = $2
     WHERE c.id = $1`,
    challengeId,
    guest ? player.guestSessionId : player.accountId,
  );
  if (!r) return null;
  const p = playableOf(r);
  return {
    ...p,
    // A challenge an administrator removed (moderation) is played like an inactive one: 404.
    isActive: p.isActive && r.listing !== "removed",
    graph: p.versionId ? p.graph : null,
    run: runChallengeOf(r, decryptStored(r.secret_cipher as string | null)),
    ladder: ladderStateOf(r),
  };
}

const END_USER_SELECT = `SELECT id FROM end_users WHERE tenant_id = $1 AND account_id = $2`;

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

const GUEST_SELECT = `SELECT id FROM end_users WHERE tenant_id = $1 AND session_id = $2`;

/** A guest's EndUser in the workspace (type "guest", sessionId "guest:<id>"), created on their first attempt. */
export function* ensureGuestEndUserStep(workspaceId: string, guestSessionId: string): Step<string> {
  const found = yield* one<{ id: string }>(GUEST_SELECT, workspaceId, guestSessionId);
  if (found) return found.id;
  yield* exec(
    `INSERT INTO end_users (id, tenant_id, session_id, type, created_at) VALUES ($1, $2, $3, 'guest', $4)
     ON CONFLICT (tenant_id, session_id) DO NOTHING`,
    uuidv7(),
    workspaceId,
    guestSessionId,
    new Date(),
  );
  const created = yield* one<{ id: string }>(GUEST_SELECT, workspaceId, guestSessionId);
  if (!created) throw new Error("The guest's end user could not be created");
  return created.id;
}
