// Gauntlet challenges ↔ challenge packs: export a challenge or a collection as a
// prompt_eval pack (winning attacks as a regression input set), import a pack's challenges as
// draft Gauntlet challenges. Pure; lib/services/packs/convert.ts reads and writes storage.
export { MAX_REGRESSION_CASES, regressionPrompts } from "./attacks";
export { breachOf, DEFAULT_JUDGE_MODEL, NEVER_MATCHES, packJudgeModel } from "./criteria";
export { defenseOf, instructionsOf, starterGraph, userMessageOf, type Defense } from "./defense";
export {
  bundleOf,
  exportPackYaml,
  keyOf,
  PackTooLargeError,
  PROBES,
  REGRESSION_SET_KEY,
  yamlOf,
} from "./export";
export { challengesFromBundle, gauntletTemplate } from "./import";
export type {
  ConvertSecret,
  ExportChallengeInput,
  ExportPackInput,
  ImportedChallenge,
  WinningAttempt,
} from "./types";
