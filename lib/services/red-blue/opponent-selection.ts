// Direct SQL: Prisma measured 2-5x slower on tests/bench/red-blue.ts (SQL 55.6 vs 11.3 pairings/s on SQLite, 26.0 vs 8.3 on PostgreSQL).
import "server-only";
import type { RedBlueTeam, SelectionPolicy } from "@/lib/contracts/red-blue";
import type { NotificationPayloads } from "@/lib/contracts/notifications";
import { all, asDate, asNum, exec, one, type Step } from "@/lib/db/sql";
import { rowMapper } from "@/lib/db/rows";
import { notFound } from "@/lib/errors";
import { uuidv7 } from "@/lib/ids";
import type { StoredSubmission } from "@/lib/red-blue/port";
import { opponentTeam, selectOpponent, type Candidate, type RotationEntry } from "@/lib/red-blue/selection";
import { insertOutboxEvent } from "@/lib/services/attempts/store";
import { challengeRow, membershipOf } from "@/lib/services/red-blue/membership";
import { storedOf } from "@/lib/services/red-blue/submission-store";

// The round port's selectOpponent (round-port.ts), in one transaction: the player's membership
// lock, the other side's active submissions with their records, the selector's round_robin
// rotation, the pure pick (lib/red-blue/selection.ts), the rotation bump and, for
// request_new_if_none with nothing fresh, the team_submission_requested event. Nothing is kept
// in the process.

export interface SelectOpponentInput {
  challengeId: string;
  submission: StoredSubmission;
  policy: SelectionPolicy;
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

// `won`/`lost`: NULL (no pairings yet) reads as 0.
const candidateOf = rowMapper({ id: "text", accountId: "textOrNull", createdAt: "date", won: "num", lost: "num" });

/** The opponent for the player's submission by policy, in the caller's transaction. */
export function* selectOpponentStep(
  input: SelectOpponentInput,
  accountId: string,
  now: () => Date,
  random: (() => number) | undefined,
): Step<{ opponent: StoredSubmission | null; requested: boolean }> {
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
  const candidates: SubmissionCandidate[] = rows.map((r) => ({ ...candidateOf(r), submission: storedOf(r) }));
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
    random,
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
}
