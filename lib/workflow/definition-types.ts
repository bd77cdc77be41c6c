import type { z } from "zod";

// Client-safe: one definition per node type serves the editor (palette, ports, config panel)
// and the engine (config parsing, port checks). Executors live beside it in execute.ts.

export type PortType = "string" | "number" | "boolean" | "object" | "any";

export interface PortDefinition {
  /** Handle id on the canvas and key in the node's inputs/outputs. */
  id: string;
  label: string;
  type: PortType;
  /** Inputs only: must be connected for the graph to be valid. */
  required?: boolean;
}

export interface NodeDefinition<C extends z.ZodType = z.ZodType> {
  type: NodeType;
  /** i18n-free default label; the editor may translate by type. */
  label: string;
  description: string;
  category: "io" | "model" | "evaluation" | "logic";
  inputs: PortDefinition[];
  outputs: PortDefinition[];
  configSchema: C;
  defaultConfig: z.input<C>;
  /** At most one per graph (start, answer). */
  singleton?: boolean;
}

export const NODE_TYPES = [
  "start",
  "llm",
  "judging-llm",
  "challenge-evaluator",
  "if-else",
  "template",
  "answer",
] as const;
export type NodeType = (typeof NODE_TYPES)[number];
