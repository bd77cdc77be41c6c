import type { RedBlueTeam, SelectionPolicy } from "@/lib/contracts/red-blue";

// Which opponent submission a new submission is paired with (the challenge's selection policy). Pure:
// the service reads the candidates (the other side's active submissions with their records)
// and, for round_robin, the selector's rotation counts, all in one transaction, and writes the
// rotation bump this returns in the same transaction.

export interface Candidate {
  id: string;
  accountId: string | null;
  createdAt: Date;
  /** Points this submission's side won / lost in its pairings so far. */
  won: number;
  lost: number;
}

export interface RotationEntry {
  picks: number;
  lastPickedAt: Date;
}

export interface SelectionInput<C extends Candidate = Candidate> {
  policy: SelectionPolicy;
  /** The other side's active submissions (any order). */
  candidates: readonly C[];
  /** The submitting player: their own submissions are never picked. */
  selectorAccountId: string;
  /** round_robin: how often the selector was paired with each opponent account. */
  rotation?: ReadonlyMap<string, RotationEntry>;
  /** request_new_if_none: opponent submissions newer than this are "fresh". */
  freshSince?: Date | null;
  /** random_active: a number in [0, 1) (Math.random by default). */
  random?: () => number;
}

export interface Selection<C extends Candidate = Candidate> {
  /** null: no opponent submission exists; the submission waits. */
  picked: C | null;
  /** request_new_if_none found nothing fresh: ask the other side for a submission. */
  requestNew: boolean;
}

/** The side whose submissions a team's submission is paired with. */
export const opponentTeam = (team: RedBlueTeam): RedBlueTeam => (team === "red" ? "blue" : "red");

const newestFirst = (a: Candidate, b: Candidate) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Each opponent account's newest submission (submissions without an account stand alone). */
export function latestPerOpponent<C extends Candidate>(candidates: readonly C[]): C[] {
  const byAccount = new Map<string, C>();
  for (const c of [...candidates].sort(newestFirst)) {
    const key = c.accountId ?? `submission:${c.id}`;
    if (!byAccount.has(key)) byAccount.set(key, c);
  }
  return [...byAccount.values()];
}

/** A record's strength with a neutral prior: an untested submission counts as 1/2. */
export const strength = (c: Candidate) => (c.won + 1) / (c.won + c.lost + 2);

export function selectOpponent<C extends Candidate>(input: SelectionInput<C>): Selection<C> {
  const others = input.candidates.filter(
    (c) => c.accountId === null || c.accountId !== input.selectorAccountId,
  );
  if (others.length === 0) return { picked: null, requestNew: input.policy === "request_new_if_none" };
  switch (input.policy) {
    case "latest_best": {
      const latest = latestPerOpponent(others);
      latest.sort((a, b) => strength(b) - strength(a) || newestFirst(a, b));
      return { picked: latest[0] ?? null, requestNew: false };
    }
    case "random_active": {
      const sorted = [...others].sort(newestFirst);
      const r = (input.random ?? Math.random)();
      const index = Math.min(sorted.length - 1, Math.max(0, Math.floor(r * sorted.length)));
      return { picked: sorted[index] ?? null, requestNew: false };
    }
    case "round_robin": {
      const rotation = input.rotation ?? new Map<string, RotationEntry>();
      const latest = latestPerOpponent(others);
      const picksOf = (c: C) => (c.accountId ? (rotation.get(c.accountId)?.picks ?? 0) : 0);
      const lastOf = (c: C) => (c.accountId ? (rotation.get(c.accountId)?.lastPickedAt.getTime() ?? 0) : 0);
      latest.sort(
        (a, b) =>
          picksOf(a) - picksOf(b) ||
          lastOf(a) - lastOf(b) ||
          a.createdAt.getTime() - b.createdAt.getTime() ||
          (a.id < b.id ? -1 : 1),
      );
      return { picked: latest[0] ?? null, requestNew: false };
    }
    case "request_new_if_none": {
      const since = input.freshSince?.getTime() ?? Number.NEGATIVE_INFINITY;
      const sorted = [...others].sort(newestFirst);
      const fresh = sorted.find((c) => c.createdAt.getTime() > since);
      if (fresh) return { picked: fresh, requestNew: false };
      // Nothing new from the other side: ask them, and use the last known submission meanwhile.
      return { picked: sorted[0] ?? null, requestNew: true };
    }
  }
}
