"use client";

import type { NodeEditor } from "@/components/builder/node-editor-kit";
import { AnswerEditor } from "@/lib/workflow/nodes/answer/editor";
import { ChallengeEvaluatorEditor } from "@/lib/workflow/nodes/challenge-evaluator/editor";
import { IfElseEditor } from "@/lib/workflow/nodes/if-else/editor";
import { JudgingLlmEditor } from "@/lib/workflow/nodes/judging-llm/editor";
import { LlmEditor } from "@/lib/workflow/nodes/llm/editor";
import { StartEditor } from "@/lib/workflow/nodes/start/editor";
import { TeamChallengeEditor } from "@/lib/workflow/nodes/team-challenge/editor";
import { TemplateEditor } from "@/lib/workflow/nodes/template/editor";
import type { NodeType } from "@/lib/workflow/registry";

// Client-only: node type → the config panel's fields for it, one line per type. Kept apart from
// registry.ts, which server code imports too, so the server never loads React components.
export const nodeEditors: Record<NodeType, NodeEditor> = {
  start: StartEditor,
  llm: LlmEditor,
  "judging-llm": JudgingLlmEditor,
  "challenge-evaluator": ChallengeEvaluatorEditor,
  "team-challenge": TeamChallengeEditor,
  "if-else": IfElseEditor,
  template: TemplateEditor,
  answer: AnswerEditor,
};
