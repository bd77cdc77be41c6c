import type { PlanNode } from "@/lib/workflow/engine/plan";
import type { PlayerEvent, PlayerStage, RunEvent } from "@/lib/workflow/types";

// The player's view of a run. The engine's RunEvents are the creator's trace (every node, its
// outputs, judge data); a player playing a challenge must see none of that, only that the run
// started, coarse progress, and the Answer node's text once nothing can withhold it any more.
//
// Streaming the answer token by token is safe only when no node between the LLM node that
// generates it and the Answer node can hold it back or rewrite it: then every token the model
// produces is, masked, part of the answer. That is decided from the graph alone (answerStreamSource),
// once per published version: compiled plans are cached per version id, and a published version
// never changes, so every instance reaches the same decision.

/** A template that renders exactly its own input port, i.e. passes the value through unchanged. */
function passesThrough(node: PlanNode, port: string): boolean {
  const template = node.templates.get("template");
  if (!template || template.parts.length !== 1) return false;
  const part = template.parts[0]!;
  return typeof part !== "string" && part.kind === "input" && part.name === port;
}

/**
 * The id of the LLM node whose text may be streamed to players as the answer, or null. It must
 * reach the Answer node through a chain of pure pass-throughs: the Answer node and every template
 * node between them render exactly their input (`{{text}}` / `{{input}}`) and have exactly one
 * incoming edge, the one carrying the text. Any other edge (a second source merged into the
 * answer, an if-else branch or an ordering edge that can skip a node) or any other node type
 * (if-else filters, judges, evaluators, rewriting templates) could withhold or change the answer,
 * so the answer is then sent only once it is final.
 */
export function answerStreamSource(nodes: readonly PlanNode[], answer: PlanNode): string | null {
  let node = answer;
  let port = "text";
  for (let hops = 0; hops <= nodes.length; hops++) {
    if (!passesThrough(node, port) || node.incoming.length !== 1) return null;
    const edge = node.incoming[0]!;
    if (edge.targetPort !== port || edge.sourcePort !== "text") return null;
    const source = nodes[edge.source];
    if (!source) return null;
    if (source.type === "llm") return source.id;
    if (source.type !== "template") return null;
    node = source;
    port = "input";
  }
  return null;
}

const STAGE_MESSAGES: Record<PlayerStage, string> = {
  answering: "The model is answering…",
  checking: "Checking your answer…",
};
const STAGE_ORDER: PlayerStage[] = ["answering", "checking"];

/** Node types whose start means the answer is being checked. */
const CHECKING_TYPES = new Set(["judging-llm", "challenge-evaluator"]);

/**
 * Turns a run's events into player events: run_started, progress (each stage once, in order),
 * and answer_delta for the streaming source's text only. Everything else is dropped.
 */
export class PlayerView {
  private stage = -1;

  constructor(
    private readonly streamFrom: string | null,
    private readonly send: (event: PlayerEvent) => void,
  ) {}

  handle(event: RunEvent): void {
    switch (event.type) {
      case "run_started":
        this.send({ type: "run_started" });
        return;
      case "node_started":
        if (event.nodeType === "llm") this.advance("answering", false);
        else if (CHECKING_TYPES.has(event.nodeType)) this.advance("checking", true);
        else if (event.nodeType === "if-else") this.advance("checking", false);
        return;
      case "text_delta":
        if (this.streamFrom !== null && event.nodeId === this.streamFrom && event.delta !== "") {
          this.send({ type: "answer_delta", delta: event.delta });
        }
        return;
      default:
        // node_finished and run_finished carry node outputs, ids and judge data: never sent.
        return;
    }
  }

  /** Moves to `stage` if it is later than the current one (`always`: even with no stage yet). */
  private advance(stage: PlayerStage, always: boolean): void {
    const index = STAGE_ORDER.indexOf(stage);
    if (index <= this.stage || (!always && stage !== "answering" && this.stage < 0)) return;
    this.stage = index;
    this.send({ type: "progress", stage, message: STAGE_MESSAGES[stage] });
  }
}
