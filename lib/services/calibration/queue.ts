/** The queue of calibration runs (one job per run; job.ts). */
export const CALIBRATION_RUN_QUEUE = "calibration.run";
