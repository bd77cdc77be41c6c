import "server-only";
import { evaluateRulesBounded } from "@/lib/evaluation/rules-runner";
import { containsSecretForm } from "@/lib/evaluation/secret-forms";
import { storedRulesSettings, type Evaluator } from "@/lib/workflow/nodes/challenge-evaluator/criteria";

export const DISGUISED_SUCCESS_FEEDBACK =
  "The answer reveals the secret in disguise (spelled out, reversed or encoded).";

// Rules: contains / exact / regex against the answer, time-bounded off the event loop. With
// "disguised forms count" (the node's disguised_forms, else the challenge's evaluator_config), an
// answer that fails the rule but reveals the secret in a recognised disguise succeeds.
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
    const disguised =
      ctx.node.config.disguised_forms ??
      storedRulesSettings.parse(criteria.challenge?.evaluatorConfig ?? {}).disguised_forms;
    if (
      evaluation.outcome === "fail" &&
      disguised &&
      criteria.secret &&
      containsSecretForm(clipped, criteria.secret)
    ) {
      return { evaluation: { ...evaluation, outcome: "pass", feedback: DISGUISED_SUCCESS_FEEDBACK } };
    }
    return { evaluation };
  },
};
