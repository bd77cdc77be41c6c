import "server-only";
import type { ConsoleAttempt, ConsoleAttemptListQuery, PlayerAttempt } from "@/lib/contracts/attempts";
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { attemptSummarySelect, challengeMasker } from "@/lib/services/attempts/read-shared";

// Attempts read back a page at a time, newest first, by a keyset cursor on (created_at, id):
// a player's own attempts on one challenge, and a workspace challenge's attempts for its members.
// Answers are masked again with the challenge's current secret, on top of the masking done when
// the rows were written.

export interface AttemptPage<T> {
  data: T[];
  next_cursor: string | null;
}

interface Cursor {
  at: Date;
  id: string;
}

function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`, "utf8").toString("base64url");
}

function decodeCursor(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  const [iso, id, extra] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime()) || !id || extra !== undefined || id.length > 64) {
    throw new AppError(
      "validation_failed",
      "Invalid query parameter: cursor: not a cursor this API returned",
    );
  }
  return { at, id };
}

/** Rows strictly after the cursor in (created_at DESC, id DESC) order. */
function afterCursor(c: Cursor | null): Prisma.ChallengeAttemptWhereInput {
  if (!c) return {};
  return { OR: [{ createdAt: { lt: c.at } }, { createdAt: c.at, id: { lt: c.id } }] };
}

const ORDER = [
  { createdAt: "desc" },
  { id: "desc" },
] as const satisfies Prisma.ChallengeAttemptOrderByWithRelationInput[];

const playerSelect = {
  ...attemptSummarySelect,
  judgeFeedback: true,
  prompt: true,
  response: true,
  tokensTotal: true,
  elapsedMs: true,
} as const;

type PlayerRow = Prisma.ChallengeAttemptGetPayload<{ select: typeof playerSelect }>;

function toPlayerAttempt(r: PlayerRow, mask: (s: string | null) => string | null): PlayerAttempt {
  return {
    attempt_id: r.id,
    challenge_id: r.challengeId,
    status: r.status as PlayerAttempt["status"],
    succeeded: r.succeeded,
    score: r.score,
    judge_rating: r.judgeRating,
    judge_feedback: mask(r.judgeFeedback),
    prompt: r.prompt,
    answer: mask(r.response),
    tokens_total: r.tokensTotal,
    elapsed_ms: r.elapsedMs,
    created_at: r.createdAt.toISOString(),
  };
}

function paged<R extends { createdAt: Date; id: string }, T>(
  rows: R[],
  limit: number,
  map: (r: R) => T,
): AttemptPage<T> {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { data: page.map(map), next_cursor: more ? encodeCursor(page[page.length - 1]!) : null };
}

/** The account's own attempts on an active challenge (404 when it is unknown or inactive). */
export async function listOwnAttempts(
  accountId: string,
  challengeId: string,
  opts: { limit: number; cursor?: string | undefined },
): Promise<AttemptPage<PlayerAttempt>> {
  const cursor = decodeCursor(opts.cursor);
  const challenge = await db.challenge.findFirst({
    where: { id: challengeId, isActive: true },
    select: { id: true, workspaceId: true, secretRef: true },
  });
  if (!challenge) throw notFound("Challenge");
  const endUser = await db.endUser.findFirst({
    where: { workspaceId: challenge.workspaceId, accountId },
    select: { id: true },
  });
  if (!endUser) return { data: [], next_cursor: null };
  const rows = await db.challengeAttempt.findMany({
    where: { challengeId, endUserId: endUser.id, ...afterCursor(cursor) },
    orderBy: [...ORDER],
    take: opts.limit + 1,
    select: playerSelect,
  });
  const masker = await challengeMasker(challenge.workspaceId, challenge.secretRef);
  return paged(rows, opts.limit, (r) => toPlayerAttempt(r, (s) => (s === null ? null : masker.mask(s))));
}

/** A workspace challenge's attempts with the console's filters (404 for another workspace's). */
export async function listWorkspaceAttempts(
  workspaceId: string,
  challengeId: string,
  q: ConsoleAttemptListQuery,
): Promise<AttemptPage<ConsoleAttempt>> {
  const cursor = decodeCursor(q.cursor);
  const challenge = await db.challenge.findFirst({
    where: { id: challengeId, workspaceId },
    select: { id: true, secretRef: true },
  });
  if (!challenge) throw notFound("Challenge");
  const created: Prisma.DateTimeFilter = {};
  if (q.since) created.gte = new Date(q.since);
  if (q.until) created.lt = new Date(q.until);
  const where: Prisma.ChallengeAttemptWhereInput = {
    challengeId,
    workspaceId,
    ...(q.status ? { status: q.status } : {}),
    ...(q.succeeded ? { succeeded: q.succeeded === "true" } : {}),
    ...(q.end_user_id ? { endUserId: q.end_user_id } : {}),
    ...(q.account_id ? { accountId: q.account_id } : {}),
    ...(q.since || q.until ? { createdAt: created } : {}),
    ...afterCursor(cursor),
  };
  const rows = await db.challengeAttempt.findMany({
    where,
    orderBy: [...ORDER],
    take: q.limit + 1,
    select: {
      ...playerSelect,
      endUserId: true,
      accountId: true,
      judgeTokensTotal: true,
      errorMessage: true,
      workflowRunId: true,
      account: { select: { email: true, name: true, profile: { select: { displayName: true } } } },
    },
  });
  const masker = await challengeMasker(workspaceId, challenge.secretRef);
  const mask = (s: string | null) => (s === null ? null : masker.mask(s));
  return paged(rows, q.limit, (r) => ({
    ...toPlayerAttempt(r, mask),
    end_user_id: r.endUserId,
    account_id: r.accountId,
    player: r.account?.profile?.displayName ?? r.account?.name ?? "Anonymous",
    judge_tokens_total: r.judgeTokensTotal,
    error_message: mask(r.errorMessage),
    workflow_run_id: r.workflowRunId,
  }));
}
