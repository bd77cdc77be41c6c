import "server-only";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { getWorkspaceModel } from "@/lib/services/llm-providers";
import { loadPluginRow } from "@/lib/services/plugins";
import { loadRunResources } from "@/lib/services/runs/resources";
import { runStore } from "@/lib/services/runs/store";
import type { LoadedChallenge } from "@/lib/workflow/engine/run-resources";
import { runWorkflow, type RunWorkflowOptions } from "@/lib/workflow/run-workflow";
import type { RunResult } from "@/lib/workflow/types";

// The engine (lib/workflow/run-workflow.ts) with what a workspace's run needs from the rest of
// the app: its challenges and secrets, its model providers, its plugins and the run tables. A
// caller's `teamRounds` (the red/blue service's TeamRoundPort) passes through as given.

export type WorkspaceRunOptions = Omit<RunWorkflowOptions, "loadResources" | "getModel" | "loadPlugin" | "store" | "record"> & {
  /**
   * Default true: the run and its node runs are written (masked) as it starts and ends.
   * "with-caller": nothing is written; RunResult.record holds the whole run for the caller to
   * write in its own transaction (the attempt path, with the attempt; completedRunSteps).
   */
  persist?: boolean | "with-caller";
  /** Resolves model references instead of getModel (tests and benchmarks supply instant models). */
  resolveModel?: (ref: string) => LanguageModelV4 | Promise<LanguageModelV4>;
  /** Challenges the caller has already read (with their secret), not read again. */
  knownChallenges?: readonly LoadedChallenge[];
};

export function runWorkflowForWorkspace(opts: WorkspaceRunOptions): Promise<RunResult> {
  const { persist = true, resolveModel, knownChallenges, ...rest } = opts;
  return runWorkflow({
    ...rest,
    loadResources: (req) => loadRunResources(req, knownChallenges),
    getModel: resolveModel ? async (ref) => resolveModel(ref) : (ref) => getWorkspaceModel(ref, opts.workspaceId),
    loadPlugin: loadPluginRow,
    store: persist === true ? runStore : undefined,
    record: persist === "with-caller",
  });
}
