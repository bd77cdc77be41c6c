import type { NodeDefinition, NodeType, PortDefinition } from "@/lib/workflow/definition-types";
import { answerDefinition } from "@/lib/workflow/nodes/answer/definition";
import { challengeEvaluatorDefinition } from "@/lib/workflow/nodes/challenge-evaluator/definition";
import { ifElseDefinition } from "@/lib/workflow/nodes/if-else/definition";
import { judgingLlmDefinition } from "@/lib/workflow/nodes/judging-llm/definition";
import { llmDefinition } from "@/lib/workflow/nodes/llm/definition";
import { startDefinition } from "@/lib/workflow/nodes/start/definition";
import { templateDefinition } from "@/lib/workflow/nodes/template/definition";

// Client-safe: the editor's palette and config panels and the engine read the same definitions.

export const nodeDefinitions = [
  startDefinition,
  llmDefinition,
  judgingLlmDefinition,
  challengeEvaluatorDefinition,
  ifElseDefinition,
  templateDefinition,
  answerDefinition,
] as const satisfies readonly NodeDefinition[];

const byType = new Map<string, NodeDefinition>(nodeDefinitions.map((d) => [d.type, d as NodeDefinition]));

export function getNodeDefinition(type: string): NodeDefinition | undefined {
  return byType.get(type);
}

export function isNodeType(type: string): type is NodeType {
  return byType.has(type);
}

/** A node's output ports for its (parsed) config: start declares one per variable. */
export function outputPortsOf(definition: NodeDefinition, config: unknown): PortDefinition[] {
  return definition.outputsFor ? definition.outputsFor(config) : definition.outputs;
}
