import "server-only";
import { evaluateRulesBounded } from "@/lib/evaluation/rules-runner";
import type { Evaluator } from "@/lib/workflow/nodes/challenge-evaluator/criteria";

// Rules: contains / exact / regex against the answer, time-bounded off the event loop.
export const rulesEvaluator: Evaluator = {
  outputs: "rules",
  async evaluate(ctx, criteria, { clipped }) {
    const evaluation = await evaluateRulesBounded({
      workspaceId: ctx.run.workspaceId,
      successType: criteria.successType,
      pattern: criteria.pattern,
      text: clipped,
      secret: criteria.secret,
      signal: ctx.signal,
    });
    return { evaluation };
  },
};
