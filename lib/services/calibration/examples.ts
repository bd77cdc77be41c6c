import "server-only";
import type {
  CalibrationExampleView,
  ExampleCreateBody,
  ExampleUpdateBody,
  LabelAttemptBody,
} from "@/lib/contracts/calibration";
import { db } from "@/lib/db";
import { AppError, conflict, notFound } from "@/lib/errors";
import { calibratedChallenge } from "@/lib/services/calibration/challenge";
import { describeKind } from "@/lib/services/calibration/kinds";
import { exampleView } from "@/lib/services/calibration/views";

// A challenge's labelled examples: written by the creator, generated (generated.ts) or copied
// from a past attempt. Every read and write is scoped to the caller's workspace.

/** Most examples one challenge may keep (each costs k evaluations per run). */
export const MAX_EXAMPLES_PER_CHALLENGE = 500;

const view = (row: Parameters<typeof exampleView>[0]) => exampleView(row, describeKind);

export async function listCalibrationExamples(
  workspaceId: string,
  challengeId: string,
): Promise<CalibrationExampleView[]> {
  const challenge = await calibratedChallenge(workspaceId, challengeId);
  const rows = await db.calibrationExample.findMany({
    where: { challengeId: challenge.id, workspaceId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(view);
}

export async function assertRoomFor(challengeId: string, adding: number): Promise<void> {
  const count = await db.calibrationExample.count({ where: { challengeId } });
  if (count + adding > MAX_EXAMPLES_PER_CHALLENGE) {
    throw new AppError(
      "validation_failed",
      `A challenge keeps at most ${MAX_EXAMPLES_PER_CHALLENGE} calibration examples; it has ${count}`,
    );
  }
}

export async function createCalibrationExample(
  workspaceId: string,
  challengeId: string,
  body: ExampleCreateBody,
  accountId: string | null,
): Promise<CalibrationExampleView> {
  const challenge = await calibratedChallenge(workspaceId, challengeId);
  await assertRoomFor(challenge.id, 1);
  const row = await db.calibrationExample.create({
    data: {
      workspaceId,
      challengeId: challenge.id,
      label: body.label,
      source: "creator",
      text: body.text,
      createdBy: accountId,
    },
  });
  return view(row);
}

async function exampleOf(workspaceId: string, challengeId: string, exampleId: string) {
  const row = await db.calibrationExample.findFirst({ where: { id: exampleId, challengeId, workspaceId } });
  if (!row) throw notFound("Calibration example");
  return row;
}

export async function updateCalibrationExample(
  workspaceId: string,
  challengeId: string,
  exampleId: string,
  body: ExampleUpdateBody,
): Promise<CalibrationExampleView> {
  const challenge = await calibratedChallenge(workspaceId, challengeId);
  const row = await exampleOf(workspaceId, challenge.id, exampleId);
  if (body.text !== undefined && row.source === "generated") {
    throw new AppError(
      "validation_failed",
      "A generated example has no text: it is made from the secret at run time",
    );
  }
  const updated = await db.calibrationExample.update({
    where: { id: row.id },
    data: {
      ...(body.label ? { label: body.label } : {}),
      ...(body.text !== undefined ? { text: body.text } : {}),
    },
  });
  return view(updated);
}

export async function deleteCalibrationExample(
  workspaceId: string,
  challengeId: string,
  exampleId: string,
): Promise<void> {
  const challenge = await calibratedChallenge(workspaceId, challengeId);
  const res = await db.calibrationExample.deleteMany({
    where: { id: exampleId, challengeId: challenge.id, workspaceId },
  });
  if (res.count === 0) throw notFound("Calibration example");
}

/** A past attempt of this challenge as an example: its stored response (already masked) is the text. */
export async function labelAttempt(
  workspaceId: string,
  challengeId: string,
  body: LabelAttemptBody,
  accountId: string | null,
): Promise<CalibrationExampleView> {
  const challenge = await calibratedChallenge(workspaceId, challengeId);
  const attempt = await db.challengeAttempt.findFirst({
    where: { id: body.attempt_id, challengeId: challenge.id, workspaceId },
    select: { id: true, response: true },
  });
  if (!attempt) throw notFound("Attempt of this challenge");
  if (!attempt.response?.trim()) {
    throw new AppError("validation_failed", "This attempt has no response to label");
  }
  const existing = await db.calibrationExample.findFirst({
    where: { challengeId: challenge.id, attemptId: attempt.id },
    select: { id: true },
  });
  if (existing) throw conflict("This attempt is already an example of the challenge");
  await assertRoomFor(challenge.id, 1);
  const row = await db.calibrationExample.create({
    data: {
      workspaceId,
      challengeId: challenge.id,
      label: body.label,
      source: "attempt",
      text: attempt.response,
      attemptId: attempt.id,
      createdBy: accountId,
    },
  });
  return view(row);
}
