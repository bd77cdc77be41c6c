import "server-only";
import type { AddGeneratedBody, CalibrationExampleView } from "@/lib/contracts/calibration";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { calibratedChallenge } from "@/lib/services/calibration/challenge";
import { assertRoomFor } from "@/lib/services/calibration/examples";
import { describeKind, knownKinds } from "@/lib/services/calibration/kinds";
import { exampleView } from "@/lib/services/calibration/views";

/**
 * Adds generated examples (every known kind unless `kinds` names some), skipping kinds the
 * challenge already has. Each carries its recipe's label and stores no text. Answers the examples
 * added.
 */
export async function addGeneratedExamples(
  workspaceId: string,
  challengeId: string,
  body: AddGeneratedBody,
  accountId: string | null,
): Promise<CalibrationExampleView[]> {
  const challenge = await calibratedChallenge(workspaceId, challengeId);
  const known = knownKinds();
  const asked = body.kinds ? [...new Set(body.kinds)] : [...known.keys()];
  const unknown = asked.filter((k) => !known.has(k));
  if (unknown.length > 0) {
    throw new AppError("validation_failed", `Unknown generated kinds: ${unknown.join(", ")}`, {
      details: { unknown, known: [...known.keys()] },
    });
  }
  const present = await db.calibrationExample.findMany({
    where: { challengeId: challenge.id, source: "generated" },
    select: { kind: true },
  });
  const have = new Set(present.map((p) => p.kind));
  const adding = asked.filter((k) => !have.has(k));
  if (adding.length === 0) return [];
  await assertRoomFor(challenge.id, adding.length);
  const rows = await db.$transaction(async (tx) => {
    const made = [];
    for (const kind of adding) {
      made.push(
        await tx.calibrationExample.create({
          data: {
            workspaceId,
            challengeId: challenge.id,
            label: known.get(kind) ?? "no_win",
            source: "generated",
            kind,
            createdBy: accountId,
          },
        }),
      );
    }
    return made;
  });
  return rows.map((r) => exampleView(r, describeKind));
}
