import type { NodeDefinition, PortDefinition } from "@/lib/workflow/definition-types";
import type { ParsedTemplate } from "@/lib/workflow/template";
import type { GraphIssue } from "@/lib/workflow/types";

export interface AnalyzedNode {
  /** Position in graph.nodes: the tie-break that keeps execution order deterministic. */
  index: number;
  id: string;
  type: string;
  definition: NodeDefinition;
  config: Record<string, unknown>;
  inputs: PortDefinition[];
  outputs: PortDefinition[];
  /** Parsed templates by config field. */
  templates: Map<string, ParsedTemplate>;
}

export interface AnalyzedEdge {
  id: string;
  source: string;
  target: string;
  /** Output port of the source; null for an ordering-only edge without handles. */
  sourcePort: string | null;
  /** Input port of the target; null for an ordering-only edge (no targetHandle). */
  targetPort: string | null;
}

export interface GraphAnalysis {
  issues: GraphIssue[];
  /** Present when there are no issues. */
  nodes: AnalyzedNode[];
  edges: AnalyzedEdge[];
  /** Node ids in execution order (topological, ties by graph order); empty with a cycle. */
  order: string[];
  startId: string | null;
  answerId: string | null;
  /** graphWarnings() of the same graph, worked out from this analysis (also when there are issues). */
  warnings: GraphIssue[];
}

/** Whether an input port has an edge drawn into it. */
export type IsConnected = (nodeId: string, port: string) => boolean;
