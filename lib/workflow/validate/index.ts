// Graph validation (client-safe): analyzeGraph runs the passes in this folder — nodes, edges,
// structure, references — and works out the warnings from the same parse.

export { analyzeGraph, validateGraph } from "@/lib/workflow/validate/analyze-graph";
export { resolveRefNodeId } from "@/lib/workflow/validate/references";
export type { AnalyzedEdge, AnalyzedNode, GraphAnalysis } from "@/lib/workflow/validate/types";
export { graphWarnings, SECRET_UNUSED_WARNING } from "@/lib/workflow/validate/warnings";
