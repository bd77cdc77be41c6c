import type { AppLocale } from "@/lib/i18n/config";
import type { NodeDefinition, PortDefinition } from "@/lib/workflow/definition-types";
import { answerDefinition } from "@/lib/workflow/nodes/answer/definition";
import { challengeEvaluatorDefinition } from "@/lib/workflow/nodes/challenge-evaluator/definition";
import { ifElseDefinition } from "@/lib/workflow/nodes/if-else/definition";
import { judgingLlmDefinition } from "@/lib/workflow/nodes/judging-llm/definition";
import { llmDefinition } from "@/lib/workflow/nodes/llm/definition";
import { startDefinition } from "@/lib/workflow/nodes/start/definition";
import { teamChallengeDefinition } from "@/lib/workflow/nodes/team-challenge/definition";
import { templateDefinition } from "@/lib/workflow/nodes/template/definition";

// Client-safe: the editor's palette and config panels, the i18n catalog and the engine read the
// same definitions. A new node type: its folder under nodes/ and one line here, in executors.ts
// (server) and in editors.ts (client).

export const nodeDefinitions = [
  startDefinition,
  llmDefinition,
  judgingLlmDefinition,
  challengeEvaluatorDefinition,
  teamChallengeDefinition,
  ifElseDefinition,
  templateDefinition,
  answerDefinition,
] as const satisfies readonly NodeDefinition[];

type RegisteredDefinition = (typeof nodeDefinitions)[number];
export type NodeType = RegisteredDefinition["type"];

export const NODE_TYPES: readonly NodeType[] = nodeDefinitions.map((d) => d.type);

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

export type NodeTypeMessages<L extends AppLocale> = {
  [D in RegisteredDefinition as D["type"]]: D["messages"][L];
};

/** Every node type's messages in one locale, for the i18n catalog's `builder.nodeTypes`. */
export function nodeTypeMessages<L extends AppLocale>(locale: L): NodeTypeMessages<L> {
  return Object.fromEntries(nodeDefinitions.map((d) => [d.type, d.messages[locale]])) as NodeTypeMessages<L>;
}
