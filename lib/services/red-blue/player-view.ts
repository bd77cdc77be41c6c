// Direct SQL: Prisma measured 2-5x slower on tests/bench/red-blue.ts (SQL 55.6 vs 11.3 pairings/s on SQLite, 26.0 vs 8.3 on PostgreSQL).
import "server-only";
import type { PlayerPairingView, RedBlueTeam } from "@/lib/contracts/red-blue";
import { all, asDate, asJson, asNum, asNumOrNull, type Param, type Step } from "@/lib/db/sql";
import { readContested } from "@/lib/services/red-blue/views";

// A pairing as one of its two players sees it (lib/contracts/red-blue.ts playerPairingView):
// their side, their submission, the opponent's name, the masked model answer and the verdicts.
// The opponent's text and the secret are filled in only when the creator reveals them after the
// round (settings.reveal_after_round); otherwise they are never read into the view at all.

/** The columns of a pairing with both submissions' texts and both players' names. */
const PAIRING_SELECT = `SELECT p.id, p.attack_submission_id, p.defense_submission_id, p.attack_account_id,
  p.defense_account_id, p.categories, p.judge_output_raw, p.judge_rating, p.judge_feedback, p.red_points, p.blue_points, p.tokens_total,
  p.elapsed_ms, p.model_output, p.created_at,
  sa.prompt AS attack_prompt, sd.prompt AS defense_prompt,
  COALESCE(pa.display_name, aa.name) AS attack_username, COALESCE(pd.display_name, ad.name) AS defense_username
  FROM team_pairings p
  LEFT JOIN team_submissions sa ON sa.id = p.attack_submission_id
  LEFT JOIN team_submissions sd ON sd.id = p.defense_submission_id
  LEFT JOIN accounts aa ON aa.id = p.attack_account_id
  LEFT JOIN player_profiles pa ON pa.account_id = p.attack_account_id
  LEFT JOIN accounts ad ON ad.id = p.defense_account_id
  LEFT JOIN player_profiles pd ON pd.account_id = p.defense_account_id`;

export type PairingRecord = Record<string, unknown>;

/** Pairing rows (with texts and names) of a challenge matching `where` (on alias p), newest first. */
export function* pairingRecords(where: string, params: Param[], limit: number): Step<PairingRecord[]> {
  return yield* all<PairingRecord>(
    `${PAIRING_SELECT} WHERE ${where} ORDER BY p.created_at DESC, p.id DESC LIMIT ${Math.max(1, Math.floor(limit))}`,
    ...params,
  );
}

function categoriesOf(v: unknown): Record<string, boolean | null> {
  const parsed = asJson(v);
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
  const out: Record<string, boolean | null> = {};
  for (const [k, x] of Object.entries(parsed as Record<string, unknown>))
    out[k] = typeof x === "boolean" ? x : null;
  return out;
}

export interface RevealRules {
  reveal: boolean;
  /** The challenge secret's plaintext (only read when revealing). */
  secret: string | null;
}

/** The view of `row` for `accountId` (who played in it on one side). */
export function playerPairingOf(
  row: PairingRecord,
  accountId: string,
  rules: RevealRules,
): PlayerPairingView {
  const myTeam: RedBlueTeam = row.attack_account_id === accountId ? "red" : "blue";
  const mine = myTeam === "red" ? "attack" : "defense";
  const theirs = myTeam === "red" ? "defense" : "attack";
  return {
    id: row.id as string,
    my_team: myTeam,
    my_submission_id: (row[`${mine}_submission_id`] as string | null) ?? null,
    opponent: { username: (row[`${theirs}_username`] as string | null) ?? null },
    opponent_prompt: rules.reveal ? ((row[`${theirs}_prompt`] as string | null) ?? null) : null,
    secret: rules.reveal ? rules.secret : null,
    model_output: (row.model_output as string | null) ?? null,
    categories: categoriesOf(row.categories),
    contested: readContested(asJson(row.judge_output_raw)),
    judge_rating: asNumOrNull(row.judge_rating),
    judge_feedback: (row.judge_feedback as string | null) ?? null,
    red_points: asNum(row.red_points),
    blue_points: asNum(row.blue_points),
    tokens_total: asNumOrNull(row.tokens_total),
    elapsed_ms: asNumOrNull(row.elapsed_ms),
    created_at: asDate(row.created_at).toISOString(),
  };
}
