import "server-only";
import type { CalibrationSettingsView, SettingsPatchBody } from "@/lib/contracts/calibration";
import { db } from "@/lib/db";
import {
  DEFAULT_CALIBRATION_SAMPLES,
  DEFAULT_CALIBRATION_THRESHOLDS,
  type CalibrationThresholds,
} from "@/lib/evaluation/calibration/types";
import { calibratedChallenge } from "@/lib/services/calibration/challenge";
import { settingsView } from "@/lib/services/calibration/views";

/** The settings a run starts with: the stored ones, else the defaults. */
export async function effectiveSettings(
  challengeId: string,
): Promise<{ samples: number; thresholds: CalibrationThresholds }> {
  const row = await db.calibrationSettings.findUnique({ where: { challengeId } });
  if (!row)
    return { samples: DEFAULT_CALIBRATION_SAMPLES, thresholds: { ...DEFAULT_CALIBRATION_THRESHOLDS } };
  return {
    samples: row.samples,
    thresholds: {
      maxFalseWins: row.maxFalseWins,
      maxFlipRate: row.maxFlipRate,
      minAgreement: row.minAgreement,
    },
  };
}

export async function getCalibrationSettings(
  workspaceId: string,
  challengeId: string,
): Promise<CalibrationSettingsView> {
  const challenge = await calibratedChallenge(workspaceId, challengeId);
  const row = await db.calibrationSettings.findUnique({ where: { challengeId: challenge.id } });
  return settingsView(challenge.id, row);
}

export async function updateCalibrationSettings(
  workspaceId: string,
  challengeId: string,
  patch: SettingsPatchBody,
  accountId: string | null,
): Promise<CalibrationSettingsView> {
  const challenge = await calibratedChallenge(workspaceId, challengeId);
  const data = {
    ...(patch.samples !== undefined ? { samples: patch.samples } : {}),
    ...(patch.max_false_wins !== undefined ? { maxFalseWins: patch.max_false_wins } : {}),
    ...(patch.max_flip_rate !== undefined ? { maxFlipRate: patch.max_flip_rate } : {}),
    ...(patch.min_agreement !== undefined ? { minAgreement: patch.min_agreement } : {}),
    updatedBy: accountId,
  };
  const row = await db.calibrationSettings.upsert({
    where: { challengeId: challenge.id },
    create: { challengeId: challenge.id, ...data },
    update: data,
  });
  return settingsView(challenge.id, row);
}
