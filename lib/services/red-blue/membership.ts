// Direct SQL: Prisma measured 2-5x slower on tests/bench/red-blue.ts (SQL 55.6 vs 11.3 pairings/s on SQLite, 26.0 vs 8.3 on PostgreSQL).
import "server-only";
import {
  DEFAULT_JUDGE_SUITE,
  judgeSuiteSchema,
  redBlueSettingsSchema,
  SELECTION_POLICIES,
  type JudgeCategory,
  type RedBlueSettings,
  type RedBlueTeam,
  type SelectionPolicy,
} from "@/lib/contracts/red-blue";
import { decryptSecret } from "@/lib/crypto";
import { all, asDate, dialect, exec, one, transaction, type Step } from "@/lib/db/sql";
import { rowMapper } from "@/lib/db/rows";
import { AppError, notFound } from "@/lib/errors";
import { uuidv7 } from "@/lib/ids";
import { log } from "@/lib/log";
import { ensureEndUserStep } from "@/lib/services/attempts/store";

// Joining a side of a red/blue challenge (team_members), and the small loader the player's
// rounds read a challenge with (the challenge row, the caller's membership and, when asked, the
// plaintext of its secret). Everything is SQL steps (lib/db/sql.ts) so it composes into the
// round's transactions on both databases.

export interface RoundChallengeRow {
  id: string;
  workspaceId: string;
  /** A workflow to play the round through (its team-challenge node), or null: the direct round. */
  workflowId: string | null;
  isActive: boolean;
  suite: JudgeCategory[];
  defenseSelectionPolicy: SelectionPolicy;
  attackSelectionPolicy: SelectionPolicy;
  scoringStrategy: string;
  settings: RedBlueSettings;
}

export interface Membership {
  id: string;
  team: RedBlueTeam;
  joinedAt: Date;
}

const asPolicy = (v: unknown): SelectionPolicy =>
  (SELECTION_POLICIES as readonly unknown[]).includes(v) ? (v as SelectionPolicy) : "latest_best";

const DEFAULT_SUITE = judgeSuiteSchema.parse([...DEFAULT_JUDGE_SUITE]);

/** Stored settings over the defaults; a row that no longer parses falls back to the defaults. */
export function settingsOf(stored: unknown, challengeId: string): RedBlueSettings {
  const parsed = redBlueSettingsSchema.safeParse(stored ?? {});
  if (parsed.success) return parsed.data;
  log.warn("red/blue settings do not parse; using the defaults", { challengeId });
  return redBlueSettingsSchema.parse({});
}

export function suiteOf(stored: unknown, challengeId: string): JudgeCategory[] {
  const parsed = judgeSuiteSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  log.warn("red/blue judge suite does not parse; using the default suite", { challengeId });
  return DEFAULT_SUITE;
}

const CHALLENGE_COLUMNS = `id, tenant_id, workflow_id, is_active, listing, judge_suite, defense_selection_policy, attack_selection_policy,
  scoring_strategy, settings`;

const challengeColumnsOf = rowMapper({
  id: "text",
  workspaceId: ["tenant_id", "text"],
  workflowId: "textOrNull",
  isActive: "bool",
  listing: "text",
  judgeSuite: "json",
  defenseSelectionPolicy: "text",
  attackSelectionPolicy: "text",
  scoringStrategy: "text",
  settings: "json",
});

function challengeOf(r: Record<string, unknown>): RoundChallengeRow {
  const { listing, judgeSuite, ...c } = challengeColumnsOf(r);
  return {
    ...c,
    // Removed by an administrator (moderation): as good as inactive for players.
    isActive: c.isActive && listing !== "removed",
    suite: suiteOf(judgeSuite, c.id),
    defenseSelectionPolicy: asPolicy(c.defenseSelectionPolicy),
    attackSelectionPolicy: asPolicy(c.attackSelectionPolicy),
    settings: settingsOf(c.settings, c.id),
  };
}

/** The challenge row, or null. */
export function* challengeRow(challengeId: string): Step<RoundChallengeRow | null> {
  const r = yield* one<Record<string, unknown>>(
    `SELECT ${CHALLENGE_COLUMNS} FROM red_blue_challenges WHERE id = $1`,
    challengeId,
  );
  return r ? challengeOf(r) : null;
}

/** A live challenge (404 when unknown or inactive: players cannot tell the two apart). */
export function* liveChallenge(challengeId: string): Step<RoundChallengeRow> {
  const c = yield* challengeRow(challengeId);
  if (!c || !c.isActive) throw notFound("Red/blue challenge");
  return c;
}

/**
 * The caller's membership. `lock`: on PostgreSQL the row is locked (SELECT … FOR UPDATE) so one
 * player's joins and submissions on a challenge serialise across app instances; SQLite's
 * transactions already hold the write lock.
 */
export function* membershipOf(challengeId: string, accountId: string, lock = false): Step<Membership | null> {
  const suffix = lock && dialect() === "postgresql" ? " FOR UPDATE" : "";
  const r = yield* one<{ id: string; team: string; created_at: unknown }>(
    `SELECT id, team, created_at FROM team_members WHERE red_blue_challenge_id = $1 AND account_id = $2${suffix}`,
    challengeId,
    accountId,
  );
  return r ? { id: r.id, team: r.team === "blue" ? "blue" : "red", joinedAt: asDate(r.created_at) } : null;
}

const teamLabel = (team: RedBlueTeam) => (team === "red" ? "red team (attack)" : "blue team (defense)");

/** Throws 403 when the caller has not joined, 409 when they joined the other side. */
export function assertOnTeam(m: Membership | null, team: RedBlueTeam): Membership {
  if (!m) throw new AppError("forbidden", `Join the ${team} team first`);
  if (m.team !== team) {
    throw new AppError(
      "conflict",
      `You are on the ${teamLabel(m.team)} of this challenge, not the ${team} team.`,
    );
  }
  return m;
}

/** The plaintext of the challenge's secret (settings.secret_ref), or null. Read per round, never cached. */
export function* challengeSecret(c: RoundChallengeRow): Step<string | null> {
  const name = c.settings.secret_ref;
  if (!name) return null;
  const r = yield* one<{ value_encrypted: string }>(
    `SELECT value_encrypted FROM secrets WHERE workspace_id = $1 AND name = $2`,
    c.workspaceId,
    name,
  );
  if (!r) {
    log.warn("red/blue secret_ref names no secret; pairings run without one", { challengeId: c.id });
    return null;
  }
  return decryptSecret(r.value_encrypted);
}

export interface JoinResult {
  membership: { team: RedBlueTeam; joined_at: string };
}

/**
 * Joins one side. The same side again is a no-op; switching is allowed only before the
 * player's first submission (409 after it).
 */
export async function joinTeam(
  accountId: string,
  challengeId: string,
  team: RedBlueTeam,
): Promise<JoinResult> {
  return transaction(function* (): Step<JoinResult> {
    const c = yield* liveChallenge(challengeId);
    const view = (m: Membership): JoinResult => ({
      membership: { team: m.team, joined_at: m.joinedAt.toISOString() },
    });
    let m = yield* membershipOf(challengeId, accountId, true);
    if (m?.team === team) return view(m);
    if (m) {
      const submitted = yield* all<{ id: string }>(
        `SELECT id FROM team_submissions WHERE red_blue_challenge_id = $1 AND account_id = $2 LIMIT 1`,
        challengeId,
        accountId,
      );
      if (submitted.length > 0) {
        throw new AppError(
          "conflict",
          `You are on the ${teamLabel(m.team)} and have already submitted, so you cannot switch sides.`,
        );
      }
      const now = new Date();
      yield* exec(`UPDATE team_members SET team = $1, created_at = $2 WHERE id = $3`, team, now, m.id);
      return view({ ...m, team, joinedAt: now });
    }
    const endUserId = yield* ensureEndUserStep(c.workspaceId, accountId);
    yield* exec(
      `INSERT INTO team_members (id, red_blue_challenge_id, account_id, end_user_id, team, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (red_blue_challenge_id, account_id) DO NOTHING`,
      uuidv7(),
      challengeId,
      accountId,
      endUserId,
      team,
      new Date(),
    );
    m = yield* membershipOf(challengeId, accountId, true);
    if (!m) throw new AppError("conflict", "The team could not be joined; please retry.");
    // A parallel join of the other side won the race: the same rules as a later join.
    if (m.team !== team)
      throw new AppError("conflict", `You are on the ${teamLabel(m.team)} of this challenge.`);
    return view(m);
  });
}
