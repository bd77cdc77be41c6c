// Red/blue team challenges. The player's rounds; the challenges' CRUD, views,
// standings and public reads are exported here too.
export {
  createRedBlueChallenge,
  deleteRedBlueChallenge,
  getRedBlueChallenge,
  listRedBlueChallenges,
  updateRedBlueChallenge,
  type RedBlueCreateArgs,
  type RedBlueUpdateArgs,
} from "@/lib/services/red-blue/challenges";
export { listPairings, type ConsolePairingsResponse } from "@/lib/services/red-blue/pairings";
export {
  getStandings,
  pluginRedBlueScorer,
  type RedBlueScorer,
  type StandingsOptions,
} from "@/lib/services/red-blue/standings";
export { getPublicRedBlue, listPublicRedBlue } from "@/lib/services/red-blue/public";
export { joinTeam, type JoinResult } from "@/lib/services/red-blue/membership";
export {
  submitTeamPrompt,
  type SubmitTeamDeps,
  type SubmitTeamInput,
  type SubmitTeamResult,
} from "@/lib/services/red-blue/submit";
export {
  createTeamRoundPort,
  type RoundPort,
  type RoundPortOptions,
} from "@/lib/services/red-blue/round-port";
export { listMyPairings } from "@/lib/services/red-blue/my-pairings";
