import type { LanguageModelV4 } from "@ai-sdk/provider";
import type { RedBlueTeam, SubmitResponse } from "@/lib/contracts/red-blue";

// The submit path's input, dependencies and answer (submit.ts, re-exported there), shared by
// its preflight, replay and workflow files.

export interface SubmitTeamInput {
  challengeId: string;
  accountId: string;
  team: RedBlueTeam;
  prompt: string;
  idempotencyKey?: string | null;
  signal?: AbortSignal;
}

export interface SubmitTeamDeps {
  /** Model factory (tests, bench); the app reads the workspace's providers (getWorkspaceModel). */
  resolveModel?: (ref: string) => LanguageModelV4 | Promise<LanguageModelV4>;
  /** random_active's pick. */
  random?: () => number;
}

export interface SubmitTeamResult {
  result: SubmitResponse;
  /** 201 for a new submission, 200 for a replay. */
  status: 200 | 201;
}
