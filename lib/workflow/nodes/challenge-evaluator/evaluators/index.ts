import "server-only";
import type { EvaluationMode } from "@/lib/workflow/nodes/challenge-evaluator/definition";
import type { Evaluator } from "@/lib/workflow/nodes/challenge-evaluator/criteria";
import { customEvaluator } from "@/lib/workflow/nodes/challenge-evaluator/evaluators/custom";
import { llmJudgeEvaluator } from "@/lib/workflow/nodes/challenge-evaluator/evaluators/llm-judge";
import { rulesEvaluator } from "@/lib/workflow/nodes/challenge-evaluator/evaluators/rules";

// Evaluation mode → evaluator. A Record over the modes of lib/contracts/evaluation.ts: a mode
// without an evaluator, or an evaluator without a mode, does not compile.
export const evaluators: Readonly<Record<EvaluationMode, Evaluator>> = {
  rules: rulesEvaluator,
  "llm-judge": llmJudgeEvaluator,
  custom: customEvaluator,
};

export const isEvaluationMode = (value: string): value is EvaluationMode => Object.hasOwn(evaluators, value);
