// The part of a challenge's workflow a prompt_eval pack can carry: the LLM node's system prompt
// (the defense the model sees), its user template and model, and the other defenses it cannot
// (filters, watchers), named so the export can say so. The reverse: the starter graph an imported
// challenge gets. Pure: graphs in, text and graphs out.
import { DEFAULT_GATEKEEPER_PROMPT, llmConfigSchema } from "@/lib/workflow/nodes/llm/definition";
import { parseTemplate, renderTemplate, START_ALIAS, type TemplateRef } from "@/lib/workflow/template";
import type { GraphEdge, GraphNode, WorkflowGraph } from "@/lib/workflow/types";
import type { ConvertSecret } from "./types";

export interface Defense {
  /** The system template of the LLM node that answers the player, or null without one. */
  systemTemplate: string | null;
  /** Its user template (`{{prompt}}` unless the creator wrapped the prompt). */
  userTemplate: string;
  /** Its model reference (`offline:level-1`, `openai:gpt-4o-mini`, …), or null. */
  model: string | null;
  /** Types of the graph's other nodes that guard the answer (if-else, judging-llm, …), sorted. */
  otherDefenses: string[];
  /** Workspace secrets (`{{secret:NAME}}`) its templates name. */
  secretNames: string[];
}

/** What an LLM node's config means when it leaves a field out. */
const LLM_DEFAULTS = llmConfigSchema.parse({});
/** Node types every challenge graph has; anything else is a defense the pack cannot carry. */
const PLUMBING = new Set(["start", "llm", "challenge-evaluator", "answer", "template"]);

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

function nodesOf(graph: unknown): GraphNode[] {
  const nodes = record(graph).nodes;
  return Array.isArray(nodes) ? nodes.filter((n): n is GraphNode => typeof record(n).type === "string") : [];
}

function edgesOf(graph: unknown): GraphEdge[] {
  const edges = record(graph).edges;
  return Array.isArray(edges)
    ? edges.filter((e): e is GraphEdge => typeof record(e).target === "string")
    : [];
}

const configOf = (node: GraphNode | undefined) => record(record(node?.data).config);

/**
 * The defense of a workflow graph: the LLM node the start's prompt goes into (else the first LLM
 * node), with the names of the other defenses around it.
 */
export function defenseOf(graph: unknown): Defense {
  const nodes = nodesOf(graph);
  const edges = edgesOf(graph);
  const start = nodes.find((n) => n.type === "start");
  const llms = nodes.filter((n) => n.type === "llm");
  const fedByStart = llms.find((n) => edges.some((e) => e.target === n.id && e.source === start?.id));
  const llm = fedByStart ?? llms[0];
  const config = configOf(llm);
  const systemTemplate = llm ? (text(config.system_template) ?? LLM_DEFAULTS.system_template) : null;
  const userTemplate = text(config.user_template) ?? "{{prompt}}";
  const secretNames = new Set<string>();
  for (const source of [systemTemplate ?? "", userTemplate]) {
    for (const ref of parseTemplate(source).refs)
      if (ref.kind === "workspace-secret") secretNames.add(ref.name);
  }
  const otherDefenses = [...new Set(nodes.map((n) => n.type).filter((type) => !PLUMBING.has(type)))].sort();
  if (llms.length > 1) otherDefenses.push("llm (more than one)");
  return {
    systemTemplate,
    userTemplate,
    model: text(config.model),
    otherDefenses,
    secretNames: [...secretNames],
  };
}

/**
 * The system prompt the pack's model sees: the template with `{{secret}}` and `{{secret:NAME}}`
 * filled in (the model must know what it guards, or a leak could never happen); references to
 * other nodes stay as written. Without an LLM node: the gatekeeper prompt a new LLM node starts
 * with (when there is a secret to guard), else the LLM node's default system prompt.
 */
export function instructionsOf(
  defense: Defense,
  secret: ConvertSecret | null,
  namedSecrets: ConvertSecret[],
): string {
  const template =
    defense.systemTemplate ?? (secret ? DEFAULT_GATEKEEPER_PROMPT : LLM_DEFAULTS.system_template);
  const named = new Map(namedSecrets.map((s) => [s.name, s.value]));
  return renderTemplate(parseTemplate(template), (ref: TemplateRef) => {
    if (ref.kind === "secret") return secret?.value ?? ref.raw;
    if (ref.kind === "workspace-secret") return named.get(ref.name) ?? ref.raw;
    return ref.raw;
  }).trim();
}

/** A player's prompt as the LLM node's user message (its user template filled in). */
export function userMessageOf(defense: Defense, prompt: string): string {
  return renderTemplate(parseTemplate(defense.userTemplate), (ref: TemplateRef) => {
    if (ref.kind === "input" && ref.name === "prompt") return prompt;
    if (ref.kind === "node" && ref.nodeId === START_ALIAS && ref.key === "prompt") return prompt;
    return ref.raw;
  });
}

/**
 * The graph an imported challenge starts with: start → LLM (the pack's instructions as its
 * system template) → challenge-evaluator (the challenge's own criteria) → answer.
 */
export function starterGraph(
  systemTemplate: string,
  opts: { model?: string | null; userTemplate?: string } = {},
): WorkflowGraph {
  return {
    nodes: [
      { id: "start", type: "start", position: { x: 0, y: 160 }, data: { config: {} } },
      {
        id: "guard",
        type: "llm",
        position: { x: 260, y: 160 },
        data: {
          label: "Defense",
          config: {
            ...LLM_DEFAULTS,
            ...(opts.model ? { model: opts.model } : {}),
            system_template: systemTemplate,
            user_template: opts.userTemplate ?? LLM_DEFAULTS.user_template,
          },
        },
      },
      { id: "check", type: "challenge-evaluator", position: { x: 540, y: 60 }, data: { config: {} } },
      { id: "answer", type: "answer", position: { x: 540, y: 260 }, data: { config: {} } },
    ],
    edges: [
      { id: "e1", source: "start", sourceHandle: "prompt", target: "guard", targetHandle: "prompt" },
      { id: "e2", source: "guard", sourceHandle: "text", target: "check", targetHandle: "response" },
      { id: "e3", source: "guard", sourceHandle: "text", target: "answer", targetHandle: "text" },
    ],
  };
}
