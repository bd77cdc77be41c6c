import type { z } from "zod";
import type { AppLocale } from "@/lib/i18n/config";

// Client-safe: one definition per node type serves the editor (palette, ports, config panel)
// and the engine (config parsing, port checks). Executors live beside it in execute.ts, the
// editor's fields in editor.tsx.

export type PortType = "string" | "number" | "boolean" | "object" | "any";

export interface PortDefinition {
  /** Handle id on the canvas and key in the node's inputs/outputs. */
  id: string;
  label: string;
  type: PortType;
  /** Inputs only: must be connected for the graph to be valid. */
  required?: boolean;
}

/**
 * A node type's user-facing messages in one locale (messages/<locale>.json in its folder): the
 * palette's label and description, and whatever its editor shows. The i18n catalog puts them
 * under `builder.nodeTypes.<type>`.
 */
export interface NodeMessages {
  label: string;
  description: string;
}

export interface NodeDefinition<
  C extends z.ZodType = z.ZodType,
  T extends string = string,
  M extends NodeMessages = NodeMessages,
> {
  type: T;
  category: "io" | "model" | "evaluation" | "logic";
  inputs: PortDefinition[];
  outputs: PortDefinition[];
  configSchema: C;
  defaultConfig: z.input<C>;
  /** Every locale's messages, so a new locale cannot miss a node type. */
  messages: Record<AppLocale, M>;
  /** Start of new node ids, so templates read {{judge.text}}; the type name when unset. */
  idPrefix?: string;
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

/** Declares a node type, keeping its type name and messages exact for the registry and the i18n catalog. */
export function defineNode<const T extends string, C extends z.ZodType, M extends NodeMessages>(
  definition: NodeDefinition<C, T, M>,
): NodeDefinition<C, T, M> {
  return definition;
}

export interface TemplateField {
  /** Config path shown in messages, e.g. "user_template" or "conditions.0.value". */
  field: string;
  source: string;
}
