import "server-only";
import type { NodeExecutor } from "@/lib/workflow/executor-types";
import { answerExecutor } from "@/lib/workflow/nodes/answer/execute";
import { challengeEvaluatorExecutor } from "@/lib/workflow/nodes/challenge-evaluator/execute";
import { ifElseExecutor } from "@/lib/workflow/nodes/if-else/execute";
import { judgingLlmExecutor } from "@/lib/workflow/nodes/judging-llm/execute";
import { llmExecutor } from "@/lib/workflow/nodes/llm/execute";
import { startExecutor } from "@/lib/workflow/nodes/start/execute";
import { teamChallengeExecutor } from "@/lib/workflow/nodes/team-challenge/execute";
import { templateExecutor } from "@/lib/workflow/nodes/template/execute";
import type { NodeType } from "@/lib/workflow/registry";

// Server-only: node type → executor, one line per type. NodeType comes from registry.ts, so a
// type without an executor does not compile.
export const executors: Record<NodeType, NodeExecutor<never>> = {
  start: startExecutor,
  llm: llmExecutor,
  "judging-llm": judgingLlmExecutor,
  "challenge-evaluator": challengeEvaluatorExecutor,
  "team-challenge": teamChallengeExecutor,
  "if-else": ifElseExecutor,
  template: templateExecutor,
  answer: answerExecutor,
};
