import "server-only";
import { db, type Tx } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import {
  HINTS_PER_CHALLENGE_MAX,
  hintInputSchema,
  type ConsoleHint,
  type HintInput,
} from "@/lib/contracts/hints";
import { forgetBoardEverywhere } from "@/lib/services/caches";

// Creators' side of hints: list, add, edit, move and delete a challenge's hints. Every call is
// scoped to the workspace: a challenge (or a hint) of another workspace is not found.

async function challengeOf(workspaceId: string, challengeId: string) {
  const c = await db.challenge.findFirst({
    where: { id: challengeId, workspaceId },
    select: { id: true, points: true },
  });
  if (!c) throw notFound("Challenge");
  return c;
}

function checked(input: unknown, points: number): HintInput {
  const data = hintInputSchema.parse(input);
  if (data.cost > points) {
    throw new AppError("validation_failed", `A hint costs at most the challenge's points (${points})`, {
      details: { issues: [{ path: "cost", message: `At most ${points}` }] },
    });
  }
  return data;
}

const hintSelect = {
  id: true,
  position: true,
  body: true,
  cost: true,
  unlockAfterFailures: true,
  _count: { select: { unlocks: true } },
} as const;

function toConsole(h: {
  id: string;
  position: number;
  body: string;
  cost: number;
  unlockAfterFailures: number | null;
  _count: { unlocks: number };
}): ConsoleHint {
  return {
    id: h.id,
    position: h.position,
    body: h.body,
    cost: h.cost,
    unlock_after_failures: h.unlockAfterFailures,
    unlocks: h._count.unlocks,
  };
}

export async function listConsoleHints(workspaceId: string, challengeId: string): Promise<ConsoleHint[]> {
  await challengeOf(workspaceId, challengeId);
  const rows = await db.challengeHint.findMany({
    where: { challengeId },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: hintSelect,
  });
  return rows.map(toConsole);
}

export async function createHint(
  workspaceId: string,
  challengeId: string,
  input: unknown,
): Promise<ConsoleHint> {
  const challenge = await challengeOf(workspaceId, challengeId);
  const data = checked(input, challenge.points);
  const existing = await db.challengeHint.findMany({ where: { challengeId }, select: { position: true } });
  if (existing.length >= HINTS_PER_CHALLENGE_MAX) {
    throw new AppError("conflict", `A challenge has at most ${HINTS_PER_CHALLENGE_MAX} hints`);
  }
  const position = existing.reduce((m, h) => Math.max(m, h.position + 1), 0);
  const row = await db.challengeHint.create({
    data: {
      challengeId,
      position,
      body: data.body,
      cost: data.cost,
      unlockAfterFailures: data.unlock_after_failures,
    },
    select: hintSelect,
  });
  return toConsole(row);
}

async function hintOf(challengeId: string, hintId: string) {
  const h = await db.challengeHint.findFirst({ where: { id: hintId, challengeId }, select: { id: true } });
  if (!h) throw notFound("Hint");
  return h;
}

/**
 * Edits a hint. Players who already unlocked it keep what they paid (each unlock stores its
 * cost); a new cost applies to later unlocks.
 */
export async function updateHint(
  workspaceId: string,
  challengeId: string,
  hintId: string,
  input: unknown,
): Promise<ConsoleHint> {
  const challenge = await challengeOf(workspaceId, challengeId);
  const data = checked(input, challenge.points);
  await hintOf(challengeId, hintId);
  const row = await db.challengeHint.update({
    where: { id: hintId },
    data: { body: data.body, cost: data.cost, unlockAfterFailures: data.unlock_after_failures },
    select: hintSelect,
  });
  return toConsole(row);
}

/** Moves a hint one place up or down (positions are renumbered 0..n-1). */
export async function moveHint(
  workspaceId: string,
  challengeId: string,
  hintId: string,
  direction: "up" | "down",
): Promise<void> {
  await challengeOf(workspaceId, challengeId);
  await hintOf(challengeId, hintId);
  const rows = await db.challengeHint.findMany({
    where: { challengeId },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  const ids = rows.map((r) => r.id);
  const i = ids.indexOf(hintId);
  const j = direction === "up" ? i - 1 : i + 1;
  if (i < 0 || j < 0 || j >= ids.length) return;
  [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  await db.$transaction(
    ids.map((id, position) => db.challengeHint.update({ where: { id }, data: { position } })),
  );
}

/**
 * Deletes a hint with its unlocks: the points players spent on it are given back (their entries'
 * hint_cost is summed again from the unlocks that remain).
 */
export async function deleteHint(workspaceId: string, challengeId: string, hintId: string): Promise<void> {
  await challengeOf(workspaceId, challengeId);
  await hintOf(challengeId, hintId);
  await db.$transaction(async (tx) => {
    // Touching the challenge (its hints change) takes its row lock on PostgreSQL, the lock the
    // attempt recording takes: a first win's entry never counts unlocks being deleted here.
    await tx.challenge.updateMany({ where: { id: challengeId }, data: { updatedAt: new Date() } });
    // The unlocks go with the hint (ON DELETE CASCADE), deleted explicitly all the same.
    await tx.challengeHintUnlock.deleteMany({ where: { hintId, challengeId } });
    await tx.challengeHint.deleteMany({ where: { id: hintId, challengeId } });
    await resyncHintCosts(tx, challengeId);
  });
  forgetBoardEverywhere(challengeId);
}

/** Every entry's hint_cost of the challenge from the unlocks that remain (the entries it changes). */
async function resyncHintCosts(tx: Tx, challengeId: string): Promise<void> {
  const sums = await tx.challengeHintUnlock.groupBy({ by: ["endUserId"], where: { challengeId }, _sum: { cost: true } });
  const entries = await tx.challengeLeaderboardEntry.findMany({
    where: { challengeId },
    select: { id: true, endUserId: true, hintCost: true },
  });
  const spent = new Map(sums.map((s) => [s.endUserId, s._sum.cost ?? 0]));
  for (const e of entries) {
    const hintCost = spent.get(e.endUserId) ?? 0;
    if (hintCost !== e.hintCost) await tx.challengeLeaderboardEntry.update({ where: { id: e.id }, data: { hintCost } });
  }
}
