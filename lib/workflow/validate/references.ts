import { validateRulesConfig } from "@/lib/evaluation/rules";
import type { ChallengeEvaluatorConfig } from "@/lib/workflow/nodes/challenge-evaluator/definition";
import { START_ALIAS, type TemplateRef } from "@/lib/workflow/template";
import type { GraphIssue } from "@/lib/workflow/types";
import { portList } from "@/lib/workflow/validate/messages";
import type { AnalyzedNode, IsConnected } from "@/lib/workflow/validate/types";

// What nodes refer to: required inputs, {{…}} template references, the evaluator's settings.

/** The node a {{node_id.key}} reference means: `start` is the start node whatever its id. */
export function resolveRefNodeId(
  nodeId: string,
  has: (id: string) => boolean,
  startId: string | null,
): string | null {
  if (has(nodeId)) return nodeId;
  if (nodeId === START_ALIAS && startId) return startId;
  return null;
}

export function checkRequiredInputs(nodes: Map<string, AnalyzedNode>, isConnected: IsConnected, issues: GraphIssue[]): void {
  for (const node of nodes.values()) {
    for (const port of node.inputs) {
      if (port.required && !isConnected(node.id, port.id)) {
        issues.push({ nodeId: node.id, message: `Required input "${port.id}" is not connected` });
      }
    }
  }
}

/** Template references; needs the ancestor sets, so only for a graph without cycles. */
export function checkTemplateRefs(
  ordered: AnalyzedNode[],
  nodes: Map<string, AnalyzedNode>,
  startId: string | null,
  ancestors: Map<string, Set<string>>,
  isConnected: IsConnected,
  issues: GraphIssue[],
): void {
  for (const node of ordered) {
    for (const [field, template] of node.templates) {
      for (const ref of template.refs) {
        const problem = checkRef(ref, node, nodes, startId, ancestors, isConnected);
        if (problem) {
          issues.push({ nodeId: node.id, message: `${field} uses ${ref.raw}, but ${problem}` });
        }
      }
    }
  }
}

function checkRef(
  ref: TemplateRef,
  node: AnalyzedNode,
  nodes: Map<string, AnalyzedNode>,
  startId: string | null,
  ancestors: Map<string, Set<string>>,
  isConnected: IsConnected,
): string | undefined {
  switch (ref.kind) {
    case "secret":
    case "workspace-secret":
      return undefined;
    case "input": {
      if (!node.inputs.some((p) => p.id === ref.name)) {
        return `this ${node.type} node has no input "${ref.name}" (inputs: ${portList(node.inputs)})`;
      }
      if (!isConnected(node.id, ref.name)) {
        return `its input "${ref.name}" is not connected`;
      }
      return undefined;
    }
    case "node": {
      const targetId = resolveRefNodeId(ref.nodeId, (id) => nodes.has(id), startId);
      const target = targetId ? nodes.get(targetId) : undefined;
      if (!target) return `there is no node "${ref.nodeId}"`;
      if (!target.outputs.some((p) => p.id === ref.key)) {
        return `node "${target.id}" has no output "${ref.key}" (outputs: ${portList(target.outputs)})`;
      }
      if (target.id === node.id || !ancestors.get(node.id)?.has(target.id)) {
        return `node "${target.id}" is not upstream of this node (connect it first)`;
      }
      return undefined;
    }
  }
}

export function checkEvaluator(
  node: AnalyzedNode,
  nodes: Map<string, AnalyzedNode>,
  startId: string | null,
  issues: GraphIssue[],
): void {
  const config = node.config as ChallengeEvaluatorConfig;
  if (config.success_type) {
    const check = validateRulesConfig({ successType: config.success_type, pattern: config.success_pattern });
    if (!check.ok) issues.push({ nodeId: node.id, message: `Invalid success_pattern: ${check.message}` });
  }
  for (const entry of config.mask_variables) {
    const dot = entry.lastIndexOf(".");
    const [nodeId, key] = dot < 0 ? [startId, entry] : [entry.slice(0, dot), entry.slice(dot + 1)];
    const targetId = nodeId ? resolveRefNodeId(nodeId, (id) => nodes.has(id), startId) : null;
    const target = targetId ? nodes.get(targetId) : undefined;
    if (!target || !target.outputs.some((p) => p.id === key)) {
      issues.push({
        nodeId: node.id,
        message: `mask_variables entry "${entry}" does not name an output of a node in this workflow`,
      });
    }
  }
}
