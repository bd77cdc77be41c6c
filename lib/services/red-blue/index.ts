import "server-only";

// Red/blue team challenges (issue 13, RB-DESIGN.md): one list of re-exports per owner file.

export {
  createRedBlueChallenge,
  deleteRedBlueChallenge,
  getRedBlueChallenge,
  listRedBlueChallenges,
  updateRedBlueChallenge,
} from "@/lib/services/red-blue/challenges";
export { listPairings, type ConsolePairingsResponse } from "@/lib/services/red-blue/pairings";
export {
  getStandings,
  pluginRedBlueScorer,
  type RedBlueScorer,
  type StandingsOptions,
} from "@/lib/services/red-blue/standings";
export { getPublicRedBlue, listPublicRedBlue } from "@/lib/services/red-blue/public";
