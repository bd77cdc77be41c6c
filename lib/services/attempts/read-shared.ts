import "server-only";
import { getSecretValue } from "@/lib/services/secrets";
import { Masker } from "@/lib/workflow/engine/masking";

// What the reads of stored attempts share (the console's dashboard, browser and export, the
// player's history): the columns they select, the player's name as the console shows it, and
// the masker of the challenge's current secret.

/** An attempt's place and verdict: what every list of attempts shows. */
export const attemptSummarySelect = {
  id: true,
  challengeId: true,
  status: true,
  succeeded: true,
  score: true,
  judgeRating: true,
  createdAt: true,
} as const;

const attemptDetailSelect = {
  judgeFeedback: true,
  tokensTotal: true,
  judgeTokensTotal: true,
  elapsedMs: true,
  prompt: true,
  response: true,
  errorMessage: true,
} as const;

/** Who played an attempt (attemptPlayerName). */
export const attemptPlayerSelect = {
  account: { select: { name: true, email: true, profile: { select: { displayName: true } } } },
  endUser: { select: { sessionId: true } },
} as const;

/** An attempt as the console browses and exports it (its texts masked before they are shown). */
export const attemptConsoleSelect = {
  ...attemptSummarySelect,
  ...attemptDetailSelect,
  ...attemptPlayerSelect,
} as const;

/** The player as the console names them: display name, name or email; a guest by session. */
export function attemptPlayerName(row: {
  account: { name: string; email: string; profile: { displayName: string | null } | null } | null;
  endUser: { sessionId: string | null } | null;
}): string {
  if (row.account) return row.account.profile?.displayName || row.account.name || row.account.email;
  return row.endUser?.sessionId ? `anonymous:${row.endUser.sessionId.slice(0, 8)}` : "anonymous";
}

/** A masker holding the challenge's current secret (an empty one without a secret). */
export async function challengeMasker(workspaceId: string, secretRef: string | null): Promise<Masker> {
  const masker = new Masker();
  if (secretRef) masker.add(await getSecretValue(workspaceId, secretRef));
  return masker;
}
