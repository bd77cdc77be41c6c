import { z } from "zod";
import type { WorkflowGraph } from "@/lib/workflow/types";

// Client-safe zod schema for the graph JSON the editor saves (an @xyflow/react flow). Shapes and
// sizes only; graph semantics (types, ports, cycles…) are checked by validateGraph.

export const GRAPH_LIMITS = {
  maxNodes: 200,
  maxEdges: 1000,
  /** Serialized size of the whole graph. */
  maxBytes: 512 * 1024,
} as const;

/** Node ids appear in templates as {{node_id.key}}. */
export const NODE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const HANDLE_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

const handle = z.string().regex(HANDLE_PATTERN, "A port handle uses letters, digits and _").nullish();

// Loose objects: the editor keeps its own fields (width, selected, measured…) beside ours.
export const graphNodeSchema = z.looseObject({
  id: z.string().regex(NODE_ID_PATTERN, "A node id uses letters, digits, _ and - (64 at most)"),
  type: z.string().min(1).max(64),
  position: z.object({ x: z.number(), y: z.number() }).optional(),
  data: z.looseObject({
    label: z.string().max(200).optional(),
    config: z.record(z.string(), z.unknown()).default({}),
  }),
});

export const graphEdgeSchema = z.looseObject({
  id: z.string().min(1).max(200),
  source: z.string().min(1).max(64),
  sourceHandle: handle,
  target: z.string().min(1).max(64),
  targetHandle: handle,
});

export const workflowGraphSchema = z
  .object({
    nodes: z
      .array(graphNodeSchema)
      .max(GRAPH_LIMITS.maxNodes, `A workflow has at most ${GRAPH_LIMITS.maxNodes} nodes`),
    edges: z
      .array(graphEdgeSchema)
      .max(GRAPH_LIMITS.maxEdges, `A workflow has at most ${GRAPH_LIMITS.maxEdges} edges`),
  })
  .superRefine((graph, ctx) => {
    const bytes = new TextEncoder().encode(JSON.stringify(graph)).length;
    if (bytes > GRAPH_LIMITS.maxBytes) {
      ctx.addIssue({
        code: "custom",
        message: `The workflow is ${Math.ceil(bytes / 1024)} KB; at most ${GRAPH_LIMITS.maxBytes / 1024} KB is allowed`,
      });
    }
  }) satisfies z.ZodType<WorkflowGraph, unknown>;

export type WorkflowGraphInput = z.input<typeof workflowGraphSchema>;
