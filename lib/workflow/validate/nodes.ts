import { getNodeDefinition, outputPortsOf } from "@/lib/workflow/registry";
import { parseTemplate, START_ALIAS, type ParsedTemplate } from "@/lib/workflow/template";
import type { GraphIssue, WorkflowGraph } from "@/lib/workflow/types";
import { describeZodIssue } from "@/lib/workflow/validate/messages";
import type { AnalyzedNode } from "@/lib/workflow/validate/types";

export interface NodesPass {
  /** The nodes whose type is known and whose config parses, by id (first of a duplicated id). */
  nodes: Map<string, AnalyzedNode>;
  starts: string[];
  answers: string[];
}

/** Nodes: type, config, duplicates, reserved ids, then exactly one start and one answer node. */
export function analyzeNodes(graph: WorkflowGraph, issues: GraphIssue[]): NodesPass {
  const nodes = new Map<string, AnalyzedNode>();
  const starts: string[] = [];
  const answers: string[] = [];
  graph.nodes.forEach((node, index) => {
    if (nodes.has(node.id)) {
      issues.push({ nodeId: node.id, message: `Node id "${node.id}" is used by more than one node` });
      return;
    }
    const definition = getNodeDefinition(node.type);
    if (!definition) {
      issues.push({ nodeId: node.id, message: `Unknown node type "${node.type}"` });
      return;
    }
    const config = definition.configSchema.safeParse(node.data.config ?? {});
    if (!config.success) {
      for (const issue of config.error.issues) {
        issues.push({ nodeId: node.id, message: `Invalid config: ${describeZodIssue(issue)}` });
      }
      return;
    }
    const value = config.data as Record<string, unknown>;
    const templates = new Map<string, ParsedTemplate>();
    for (const t of definition.templatesOf?.(value) ?? []) templates.set(t.field, parseTemplate(t.source));
    nodes.set(node.id, {
      index,
      id: node.id,
      type: node.type,
      definition,
      config: value,
      inputs: definition.inputs,
      outputs: outputPortsOf(definition, value),
      templates,
    });
    if (node.type === "start") starts.push(node.id);
    if (node.type === "answer") answers.push(node.id);
    if (node.id === START_ALIAS && node.type !== "start") {
      issues.push({ nodeId: node.id, message: `The id "${START_ALIAS}" is reserved for the start node` });
    }
  });

  if (starts.length === 0 && !graph.nodes.some((n) => n.type === "start")) {
    issues.push({ nodeId: null, message: "The workflow has no start node" });
  }
  for (const extra of starts.slice(1)) {
    issues.push({
      nodeId: extra,
      message: `A workflow has exactly one start node; "${extra}" is an extra one`,
    });
  }
  if (answers.length === 0 && !graph.nodes.some((n) => n.type === "answer")) {
    issues.push({ nodeId: null, message: "The workflow has no answer node" });
  }
  for (const extra of answers.slice(1)) {
    issues.push({
      nodeId: extra,
      message: `A workflow has exactly one answer node; "${extra}" is an extra one`,
    });
  }
  return { nodes, starts, answers };
}
