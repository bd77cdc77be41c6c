// Red/blue team challenges (issue 13). The player's rounds (svc-b); the challenges' CRUD, views,
// standings and public reads are exported here too (svc-a).
export { joinTeam, type JoinResult } from "@/lib/services/red-blue/membership";
export { submitTeamPrompt, type SubmitTeamDeps, type SubmitTeamInput, type SubmitTeamResult } from "@/lib/services/red-blue/submit";
export { createTeamRoundPort, type RoundPort, type RoundPortOptions } from "@/lib/services/red-blue/round-port";
export { listMyPairings } from "@/lib/services/red-blue/my-pairings";
