// Shared by the models-* tests: mapping database errors to AppErrors, and rows the factories do
// not make (leaderboard entries, red/blue submissions, webhook deliveries).
import { expect } from "vitest";
import { db } from "@/lib/db";
import { AppError, fromDatabaseError } from "@/lib/errors";

/** An id no row has. */
export const MISSING = "00000000-0000-4000-8000-000000000000";

/** Awaits a write that must fail and returns the AppError fromDatabaseError maps it to. */
export async function mappedError(write: Promise<unknown>): Promise<AppError> {
  const err = await write.then(
    () => {
      throw new Error("expected the database to reject this write");
    },
    (e: unknown) => e,
  );
  const mapped = fromDatabaseError(err);
  if (!mapped) throw new Error(`fromDatabaseError did not map: ${String(err)}`);
  expect(mapped).toBeInstanceOf(AppError);
  expect(mapped.cause).toBe(err);
  return mapped;
}

/** One plain sentence: no SQL, no table/column/constraint names, no driver wording. */
export function expectReadable(message: string) {
  expect(message).toMatch(/^[A-Z][A-Za-z ,]+$/);
  expect(message).not.toMatch(
    /\b(insert|select|delete from|constraint|violates|duplicate key|foreign key|unique|sqlite|postgres|prisma|invocation|index)\b/i,
  );
  expect(message).not.toMatch(/_(id|key|fkey|pkey)\b|tenant|[a-z]+_[a-z]+/);
}

export async function makeLeaderboardEntry(attempt: {
  id: string;
  challengeId: string;
  endUserId: string;
  accountId: string | null;
}) {
  return db.challengeLeaderboardEntry.create({
    data: {
      challengeId: attempt.challengeId,
      endUserId: attempt.endUserId,
      accountId: attempt.accountId,
      bestAttemptId: attempt.id,
      score: 1,
      achievedAt: new Date(),
    },
  });
}

export async function makeSubmission(
  rb: { id: string; workspaceId: string },
  team: "red" | "blue",
  endUserId?: string,
) {
  return db.teamSubmission.create({
    data: {
      redBlueChallengeId: rb.id,
      workspaceId: rb.workspaceId,
      team,
      prompt: `${team} prompt`,
      endUserId,
    },
  });
}

/** The columns of a webhook delivery of `eventId` to `endpointId`. */
export const deliveryData = (endpointId: string, eventId: string) => ({
  endpointId,
  eventId,
  messageId: `msg_${eventId}`,
  eventType: "t",
  payload: {},
});
