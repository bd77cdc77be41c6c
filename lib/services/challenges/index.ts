import "server-only";

// Console challenge CRUD (the creator API). Inputs are the snake_case shapes of
// lib/contracts/challenges/inputs.ts, parsed here, so server actions and route handlers get the same
// checks. Secrets are write-only: `secret` sets or replaces the value through the secrets service,
// views only say `has_secret`. Every read and write is scoped to the workspace: another
// workspace's id is "not found".

export {
  checkPluginRefs,
  checkTheme,
  defaultAppId,
} from "@/lib/services/challenges/checks";
export { getChallenge, listChallenges } from "@/lib/services/challenges/view";
export { createChallenge, deleteChallenge, updateChallenge } from "@/lib/services/challenges/write";
export { duplicateChallenge } from "@/lib/services/challenges/duplicate";
export { createChallengeFromTemplate } from "@/lib/services/challenges/templates";
