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
  /**
   * Output ports that are alternative branches (if-else: "true"/"false"): only the taken one
   * carries a value; edges from the others are skipped.
   */
  branchOutputs?: readonly string[];
  /** Output ports that depend on the config (start: one per declared variable). */
  outputsFor?(config: z.output<C>): PortDefinition[];
  /** The config's template strings (see lib/workflow/template.ts), with a field path for messages. */
  templatesOf?(config: z.output<C>): TemplateField[];
}

export interface TemplateField {
  /** Config path shown in messages, e.g. "user_template" or "conditions.0.value". */
  field: string;
  source: string;
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
