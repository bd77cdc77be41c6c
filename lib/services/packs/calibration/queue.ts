/** The queue of pack judge calibrations (one job per run; job.ts). */
export const PACK_CALIBRATION_QUEUE = "packs.calibration";
