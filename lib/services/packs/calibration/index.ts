// Judge calibration of a pack version (docs/calibration.md, "Calibrating a pack's judges"):
// labelled outputs kept with the version, runs of its judges on them (the `packs.calibration` job).
export {
  createPackCalibrationOutput,
  deletePackCalibrationOutput,
  listPackCalibrationOutputs,
  updatePackCalibrationOutput,
} from "@/lib/services/packs/calibration/outputs";
export {
  comparePackCalibrations,
  getPackCalibration,
  listPackCalibrations,
  PACK_CALIBRATIONS_PER_WORKSPACE,
  startPackCalibration,
} from "@/lib/services/packs/calibration/runs";
export {
  packCalibrationJob,
  PACK_CALIBRATION_QUEUE,
  runPackCalibration,
} from "@/lib/services/packs/calibration/job";
