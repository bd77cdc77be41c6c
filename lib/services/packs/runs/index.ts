export { startPackRun, MAX_RUN_CASES } from "@/lib/services/packs/runs/start";
export {
  cancelPackRun,
  getPackRun,
  listPackRuns,
  listRecentRuns,
  listRunCases,
} from "@/lib/services/packs/runs/read";
export { comparePackRuns, exportPackRun } from "@/lib/services/packs/runs/export";
export { packRunJob, PACK_RUN_QUEUE, runPackRunSlice } from "@/lib/services/packs/runs/job";
