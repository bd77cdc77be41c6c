import type { NodeDefinition, PortDefinition } from "@/lib/workflow/definition-types";
import type { ParsedTemplate } from "@/lib/workflow/template";

// The compiled plan's shape (engine/plan.ts builds it), apart so the player view can read plan
// nodes without importing the compiler that uses it.

export interface PlanEdge {
  id: string;
  source: number;
  target: number;
  sourcePort: string | null;
  targetPort: string | null;
}

export interface PlanNode {
  /** Position in execution order; also the node run's index. */
  pos: number;
  id: string;
  type: string;
  definition: NodeDefinition;
  config: Record<string, unknown>;
  outputs: PortDefinition[];
  templates: Map<string, ParsedTemplate>;
  incoming: PlanEdge[];
  outgoing: PlanEdge[];
  requiredInputs: string[];
  branchOutputs: ReadonlySet<string> | null;
}

/** A variable whose value must be masked: output `key` of node `nodeId`. */
export interface MaskRef {
  nodeId: string;
  key: string;
}

export interface ExecutionPlan {
  nodes: PlanNode[];
  byId: Map<string, PlanNode>;
  start: PlanNode;
  answer: PlanNode;
  /** mask_variables of every challenge-evaluator, resolved to node outputs. */
  maskRefs: MaskRef[];
  /** challenge_id values set on challenge-evaluator nodes. */
  challengeIds: string[];
  /** Workspace secrets used as {{secret:NAME}}. */
  secretNames: string[];
  /** red_blue_challenge_id values of team-challenge nodes (their secrets are masked from the start). */
  redBlueChallengeIds: string[];
  /** Resolves a {{node_id.key}} node id (the `start` alias included). */
  resolveNodeId: (nodeId: string) => string | null;
  /**
   * The LLM node whose text players may see streamed as the answer (it reaches the Answer node
   * through pure pass-throughs only), or null: the answer is then sent once final. Decided from
   * the graph when it is compiled, i.e. once per published (immutable) version.
   */
  answerStream: string | null;
}
