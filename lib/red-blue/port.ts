import type { RedBlueSettings, RedBlueTeam, SelectionPolicy, JudgeCategory } from "@/lib/contracts/red-blue";
import type { PairingOutcome } from "@/lib/red-blue/pairing";
import type { CategoryVerdict } from "@/lib/red-blue/scoring";

// What the team-challenge node needs from storage, given to the engine by the red/blue service
// (lib/services/red-blue) when it runs a challenge's workflow. The engine and the node never
// import services: without a port (a builder test run) the node judges one pairing of the
// attack and defense it is given and stores nothing.

export interface TeamRoundChallenge {
  id: string;
  workspaceId: string;
  settings: RedBlueSettings;
  suite: JudgeCategory[];
  /** Plaintext of settings.secret_ref (null without one). */
  secret: string | null;
}

export interface StoredSubmission {
  id: string;
  team: RedBlueTeam;
  prompt: string;
  accountId: string | null;
  utilityPassed: boolean | null;
}

export interface RecordedPairing {
  pairingId: string;
  /** Cumulative points of the submitting player's side in this challenge after the pairing. */
  totalPoints: number;
}

export interface TeamRoundPort {
  challenge(id: string): Promise<TeamRoundChallenge>;
  /**
   * Stores the player's submission. The caller has already run the utility gate for a defense:
   * `utilityPassed` is its verdict (false: kept in "zero" mode, its pairings score blue 0; absent
   * or null: not checked, e.g. an attack).
   */
  persistSubmission(input: {
    challengeId: string;
    team: RedBlueTeam;
    prompt: string;
    utilityPassed?: boolean | null;
  }): Promise<StoredSubmission>;
  /** Picks the other side's submission by policy (never the player's own). */
  selectOpponent(input: {
    challengeId: string;
    submission: StoredSubmission;
    policy: SelectionPolicy;
  }): Promise<{ opponent: StoredSubmission | null; requested: boolean }>;
  /** Writes the judged pairing and its team_pairing_completed event in one transaction. */
  recordPairing(input: PairingRecord): Promise<RecordedPairing>;
}

/** A judged pairing as the port records it. */
export interface PairingRecord {
  challengeId: string;
  initiator: RedBlueTeam;
  attack: StoredSubmission;
  defense: StoredSubmission;
  modelOutput: string;
  categories: Record<string, CategoryVerdict>;
  rating: number | null;
  feedback: string;
  raw: Record<string, unknown>;
  redPoints: number;
  bluePoints: number;
  tokens: number;
  elapsedMs: number;
}

/** The record of a played pairing: its sides, the judged outcome and its points; `raw` for the trace. */
export function pairingRecord(
  challengeId: string,
  initiator: RedBlueTeam,
  attack: StoredSubmission,
  defense: StoredSubmission,
  outcome: PairingOutcome,
  raw: Record<string, unknown>,
): PairingRecord {
  return {
    challengeId,
    initiator,
    attack,
    defense,
    modelOutput: outcome.modelOutput,
    categories: outcome.categories,
    rating: outcome.rating,
    feedback: outcome.feedback,
    // Contested categories are null like a judge error; the list tells players which were.
    raw: outcome.contested.length > 0 ? { ...raw, contested: outcome.contested } : raw,
    redPoints: outcome.points.red,
    bluePoints: outcome.points.blue,
    tokens: outcome.tokens,
    elapsedMs: outcome.elapsedMs,
  };
}
