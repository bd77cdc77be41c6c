import "server-only";
import { guestDisplayName, guestIdOfSession, guestSessionId } from "@/lib/auth/guest-name";
import type { VerdictReviewedPayload } from "@/lib/contracts/notifications";
import {
  MAX_OPEN_FLAGS,
  type DecisionInput,
  type FlagInput,
  type FlagResult,
  type ReviewList,
  type ReviewListQuery,
  type ReviewView,
} from "@/lib/contracts/verdict-reviews";
import { db, type Tx } from "@/lib/db";
import { lockChallengeRow, lockEndUserRow } from "@/lib/db/guests";
import { AppError, conflict, notFound } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { getChallengeStrategy } from "@/lib/scoring/registry";
import { attemptPlayerName, attemptPlayerSelect, challengeMasker } from "@/lib/services/attempts/read-shared";
import { insertOutboxEventIn } from "@/lib/services/attempts/store";
import { forgetBoardEverywhere } from "@/lib/services/caches";
import { rebuildEntry } from "@/lib/services/leaderboards/rebuild-entry";
import type { Masker } from "@/lib/workflow/engine/masking";
import { writeWorkspaceAudit } from "@/lib/services/workspace-audit";

// Review and appeal of verdicts. A player flags the verdict of one of their own attempts; a
// contested verdict (consensus judges disagreed) opens its review in the attempt's own
// transaction (attempts/record.ts). A workspace member decides each review once: the same verdict
// confirms it, another overturns it — the attempt's outcome and the player's board entry are
// rebuilt, the player is told (verdict_reviewed) and the decision is audited, in one transaction.

const FLAGGABLE = new Set(["completed", "judge_error"]);

/** Who flags: a signed-in account or a guest (their signed cookie's id). */
export interface FlagPlayer {
  accountId: string | null;
  guestId: string | null;
}

/** Flags the verdict of one of the player's own attempts (404 for anyone else's). */
export async function flagAttempt(
  player: FlagPlayer,
  challengeId: string,
  attemptId: string,
  input: FlagInput,
): Promise<FlagResult> {
  const attempt = await db.challengeAttempt.findFirst({
    where: { id: attemptId, challengeId },
    select: {
      id: true,
      workspaceId: true,
      challengeId: true,
      endUserId: true,
      status: true,
      endUser: { select: { accountId: true, sessionId: true } },
    },
  });
  const own =
    attempt !== null &&
    ((player.accountId !== null && attempt.endUser.accountId === player.accountId) ||
      (player.guestId !== null && attempt.endUser.sessionId === guestSessionId(player.guestId)));
  if (!attempt || !own) throw notFound("Attempt");
  if (!FLAGGABLE.has(attempt.status)) {
    throw conflict("Only an attempt that was judged (or that the judge could not decide) can be flagged");
  }
  const details = input.details?.trim() || null;
  return db.$transaction(async (tx) => {
    // One player's flags are taken one at a time, so the open-flag limit holds under concurrency.
    await lockEndUserRow(tx, attempt.endUserId);
    const existing = await tx.verdictFlag.findUnique({
      where: { attemptId_endUserId: { attemptId, endUserId: attempt.endUserId } },
      select: { id: true },
    });
    if (existing) throw conflict("You already flagged this attempt");
    const review = await tx.verdictReview.findUnique({ where: { attemptId }, select: { status: true } });
    if (review?.status === "decided") throw conflict("This verdict was already reviewed");
    const open = await tx.verdictFlag.count({
      where: {
        workspaceId: attempt.workspaceId,
        endUserId: attempt.endUserId,
        attempt: { review: { status: "open" } },
      },
    });
    if (open >= MAX_OPEN_FLAGS) {
      throw new AppError(
        "rate_limited",
        `You have ${MAX_OPEN_FLAGS} flagged verdicts waiting for review here; you can flag another once the creator has decided one`,
        { details: { max_open_flags: MAX_OPEN_FLAGS } },
      );
    }
    const flag = await tx.verdictFlag.create({
      data: {
        workspaceId: attempt.workspaceId,
        attemptId,
        endUserId: attempt.endUserId,
        reason: input.reason,
        details,
      },
      select: { id: true, createdAt: true },
    });
    if (!review) {
      await tx.verdictReview.create({
        data: {
          workspaceId: attempt.workspaceId,
          challengeId: attempt.challengeId,
          attemptId,
          source: "flag",
        },
        select: { id: true },
      });
    }
    return {
      flag_id: flag.id,
      attempt_id: attemptId,
      reason: input.reason,
      review_status: "open" as const,
      created_at: flag.createdAt.toISOString(),
    };
  });
}

const reviewSelect = {
  id: true,
  source: true,
  status: true,
  attemptId: true,
  decision: true,
  verdict: true,
  fromVerdict: true,
  note: true,
  decidedByName: true,
  decidedAt: true,
  createdAt: true,
  attempt: {
    select: {
      status: true,
      succeeded: true,
      prompt: true,
      response: true,
      judgeFeedback: true,
      challenge: { select: { id: true, name: true, workspaceId: true, secretRef: true } },
      flags: {
        select: { reason: true, details: true, createdAt: true },
        orderBy: { createdAt: "asc" },
        take: 20,
      },
      ...attemptPlayerSelect,
    },
  },
} as const satisfies Prisma.VerdictReviewSelect;

type ReviewRow = Prisma.VerdictReviewGetPayload<{ select: typeof reviewSelect }>;

const verdictOf = (a: { status: string; succeeded: boolean }): ReviewView["current_verdict"] =>
  a.status === "completed" ? (a.succeeded ? "win" : "no_win") : "judge_error";

function playerName(a: ReviewRow["attempt"]): string {
  const guest = guestIdOfSession(a.endUser?.sessionId);
  return !a.account && guest ? guestDisplayName(guest) : attemptPlayerName(a);
}

function toView(r: ReviewRow, masker: Masker): ReviewView {
  const a = r.attempt;
  const mask = (s: string | null) => (s === null ? null : masker.mask(s));
  return {
    id: r.id,
    source: r.source as ReviewView["source"],
    status: r.status as ReviewView["status"],
    attempt_id: r.attemptId,
    challenge: { id: a.challenge.id, name: a.challenge.name },
    player: playerName(a),
    prompt: a.prompt,
    answer: mask(a.response),
    current_verdict: verdictOf(a),
    attempt_status: a.status,
    judge_feedback: mask(a.judgeFeedback),
    flags: a.flags.map((f) => ({
      reason: f.reason as ReviewView["flags"][number]["reason"],
      details: f.details,
      created_at: f.createdAt.toISOString(),
    })),
    decision:
      r.status === "decided" && r.decision && r.verdict && r.decidedAt
        ? {
            decision: r.decision as "confirmed" | "overturned",
            verdict: r.verdict as "win" | "no_win",
            from: r.fromVerdict,
            note: r.note,
            decided_by: r.decidedByName,
            decided_at: r.decidedAt.toISOString(),
          }
        : null,
    created_at: r.createdAt.toISOString(),
  };
}

/** Views of review rows, each answer masked with its challenge's current secret. */
async function views(rows: ReviewRow[]): Promise<ReviewView[]> {
  const maskers = new Map<string, Masker>();
  for (const r of rows) {
    const c = r.attempt.challenge;
    if (!maskers.has(c.id)) maskers.set(c.id, await challengeMasker(c.workspaceId, c.secretRef));
  }
  return rows.map((r) => toView(r, maskers.get(r.attempt.challenge.id)!));
}

/** The workspace's review queue: open items oldest first, decided ones newest decision first. */
export async function listVerdictReviews(workspaceId: string, q: ReviewListQuery): Promise<ReviewList> {
  const where: Prisma.VerdictReviewWhereInput = {
    workspaceId,
    status: q.status,
    ...(q.challenge_id ? { challengeId: q.challenge_id } : {}),
  };
  const orderBy: Prisma.VerdictReviewOrderByWithRelationInput[] =
    q.status === "open" ? [{ createdAt: "asc" }, { id: "asc" }] : [{ decidedAt: "desc" }, { id: "desc" }];
  const [rows, total] = await Promise.all([
    db.verdictReview.findMany({ where, orderBy, skip: q.offset, take: q.limit, select: reviewSelect }),
    db.verdictReview.count({ where }),
  ]);
  return { data: await views(rows), total, limit: q.limit, offset: q.offset };
}

/** Who decides: a workspace member's account, or an API token (no account). */
export interface Decider {
  workspaceId: string;
  account: { id: string; name: string; email: string } | null;
}

/**
 * Decides an open review (404 for another workspace's, 409 once decided). An overturn sets the
 * attempt's outcome (a contested judge_error becomes a counted completed attempt) and rebuilds
 * the player's board entry under the challenge's row lock; the audit row and the player's
 * notification are written in the same transaction.
 */
export async function decideVerdictReview(
  decider: Decider,
  reviewId: string,
  input: DecisionInput,
): Promise<ReviewView> {
  const note = input.note.trim();
  const { workspaceId, account } = decider;
  const outcome = await db.$transaction(async (tx) => {
    const review = await tx.verdictReview.findFirst({
      where: { id: reviewId, workspaceId },
      select: { id: true, challengeId: true, attemptId: true, source: true },
    });
    if (!review) throw notFound("Review");
    // The challenge's row lock first, as recording an attempt takes it: the board is rebuilt under it.
    if (!(await lockChallengeRow(tx, review.challengeId))) throw notFound("Review");
    const claimed = await tx.verdictReview.updateMany({
      where: { id: review.id, status: "open" },
      data: { status: "decided" },
    });
    if (claimed.count === 0) throw conflict("This review was already decided");
    const attempt = await tx.challengeAttempt.findUniqueOrThrow({
      where: { id: review.attemptId },
      select: {
        id: true,
        status: true,
        succeeded: true,
        endUserId: true,
        accountId: true,
        elapsedMs: true,
        tokensTotal: true,
        judgeRating: true,
        endUser: { select: { type: true } },
        challenge: { select: { scoringStrategy: true, points: true, guestsOnBoards: true } },
      },
    });
    const from = verdictOf(attempt);
    const overturned = from !== input.verdict;
    if (overturned) await overturn(tx, review.challengeId, attempt, input.verdict === "win");
    const now = new Date();
    await tx.verdictReview.update({
      where: { id: review.id },
      data: {
        decision: overturned ? "overturned" : "confirmed",
        verdict: input.verdict,
        fromVerdict: from,
        note,
        decidedById: account?.id ?? null,
        decidedByName: account ? account.name || account.email : "API token",
        decidedAt: now,
      },
      select: { id: true },
    });
    await writeWorkspaceAudit(tx, {
      workspaceId,
      actor: account ? { id: account.id, email: account.email } : null,
      action: overturned ? "verdict_overturned" : "verdict_confirmed",
      target: { type: "attempt", id: attempt.id },
      reason: note,
      details: { challenge_id: review.challengeId, from, to: input.verdict, source: review.source },
    });
    const payload: VerdictReviewedPayload = {
      event: "verdict_reviewed",
      challenge_id: review.challengeId,
      attempt_id: attempt.id,
      account_id: attempt.accountId,
      decision: overturned ? "overturned" : "confirmed",
      verdict: input.verdict,
      note,
      occurred_at: now.getTime(),
    };
    await insertOutboxEventIn(tx, workspaceId, payload.event, payload, now);
    return { overturned, challengeId: review.challengeId };
  });
  // After the commit, so no reader caches the board as it was (other instances over pub/sub).
  if (outcome.overturned) forgetBoardEverywhere(outcome.challengeId);
  const row = await db.verdictReview.findUniqueOrThrow({ where: { id: reviewId }, select: reviewSelect });
  return (await views([row]))[0]!;
}

interface DecidedAttempt {
  id: string;
  endUserId: string;
  accountId: string | null;
  elapsedMs: number | null;
  tokensTotal: number | null;
  judgeRating: number | null;
  endUser: { type: string };
  challenge: { scoringStrategy: string; points: number; guestsOnBoards: boolean };
}

/** The attempt's new outcome (scored by the challenge's strategy, as recordAttempt scores) and its board entry. */
async function overturn(tx: Tx, challengeId: string, a: DecidedAttempt, succeeded: boolean): Promise<void> {
  const strategy = getChallengeStrategy(a.challenge.scoringStrategy);
  const metrics = { elapsedMs: a.elapsedMs, tokensTotal: a.tokensTotal, judgeRating: a.judgeRating };
  const score = succeeded
    ? strategy.score({ ...metrics, points: a.challenge.points, pluginScore: null })
    : null;
  await tx.challengeAttempt.update({
    where: { id: a.id },
    data: { status: "completed", succeeded, score, errorMessage: null },
    select: { id: true },
  });
  // A guest kept off the board by the challenge stays off it.
  if (a.endUser.type === "guest" && !a.challenge.guestsOnBoards) return;
  await rebuildEntry(tx, challengeId, a.endUserId, a.accountId);
}
