"use client";

import { RunProgress } from "@/components/console/calibration/calibration-progress";
import { packCalibrationRunView, type PackCalibrationRunView } from "@/lib/contracts/pack-calibration";

const parseRun = (run: unknown) => packCalibrationRunView.parse(run);

/** A pack judge calibration's progress bar: polls the run while it works, then refreshes the page. */
export function PackCalibrationProgress({
  workspace,
  packId,
  number,
  initial,
}: {
  workspace: string;
  packId: string;
  number: number;
  initial: PackCalibrationRunView;
}) {
  const url = `/console/api/packs/${encodeURIComponent(packId)}/versions/${number}/calibration/runs/${encodeURIComponent(initial.id)}`;
  return <RunProgress workspace={workspace} initial={initial} url={url} parse={parseRun} />;
}
