import "server-only";
import { evaluateWithPlugin } from "@/lib/evaluation/plugins";
import type { EvaluationResult } from "@/lib/evaluation/types";
import { NodeFailure } from "@/lib/workflow/executor-types";
import type { Criteria, Ctx, Evaluator } from "@/lib/workflow/nodes/challenge-evaluator/criteria";

// Custom: the workspace's evaluator plugin, in the sandbox, with sanitized variables only.

function evaluateCustom(ctx: Ctx, criteria: Criteria, response: string): Promise<EvaluationResult> {
  const config = ctx.node.config;
  const pluginId = config.evaluator_plugin_id ?? criteria.challenge?.evaluatorPluginId;
  if (!pluginId)
    throw new NodeFailure("Custom evaluation needs evaluator_plugin_id (on the node or the challenge)");
  const storedConfig = criteria.challenge?.evaluatorConfig;
  return evaluateWithPlugin({
    workspaceId: ctx.run.workspaceId,
    loadPlugin: ctx.loadPlugin,
    pluginId,
    entrypoint: config.evaluator_entrypoint ?? criteria.challenge?.evaluatorEntrypoint ?? undefined,
    goal: criteria.goal,
    response,
    config:
      config.evaluator_config ??
      (storedConfig && typeof storedConfig === "object" ? (storedConfig as Record<string, unknown>) : {}),
    // Variables are sanitized: the start inputs only, masked.
    ctx: {
      workflowId: ctx.run.workflowId,
      challengeId: criteria.challenge?.id ?? null,
      endUserId: ctx.run.endUserId,
      variables: ctx.sanitizedVariables(),
    },
    signal: ctx.signal,
  });
}

export const customEvaluator: Evaluator = {
  outputs: "rating",
  async evaluate(ctx, criteria, { clipped }) {
    return { evaluation: await evaluateCustom(ctx, criteria, clipped) };
  },
};
