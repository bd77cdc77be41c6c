import type { ExecutionPlan, PlanEdge } from "@/lib/workflow/engine/plan-types";

// Readiness and skip propagation. An edge is resolved once its source has finished: it is live,
// or dead when the source was skipped or the edge leaves a branch that was not taken (if-else).
// A node becomes ready when all its incoming edges are resolved and at least one is live; when
// all are dead it is skipped, and that propagates downstream.

const UNRESOLVED = 0;
const LIVE = 1;
const DEAD = 2;

export interface Progress {
  /** Positions that can run now, in execution order. */
  ready: number[];
  /** Positions skipped by this step, in execution order. */
  skipped: number[];
}

export class Scheduler {
  private readonly pending: Int32Array;
  private readonly live: Uint8Array;
  private readonly edgeState = new Map<PlanEdge, number>();

  constructor(private readonly plan: ExecutionPlan) {
    this.pending = Int32Array.from(plan.nodes, (n) => n.incoming.length);
    this.live = new Uint8Array(plan.nodes.length);
  }

  /** The start node: the only node without incoming edges in a valid graph. */
  first(): number {
    return this.plan.start.pos;
  }

  /** True when this incoming edge carries a value (its source ran and chose this branch). */
  isLive(edge: PlanEdge): boolean {
    return this.edgeState.get(edge) === LIVE;
  }

  /** Records that a node finished; `branch` is the output a branching node took. */
  complete(pos: number, branch?: string): Progress {
    const progress: Progress = { ready: [], skipped: [] };
    const node = this.plan.nodes[pos]!;
    for (const edge of node.outgoing) {
      const dead =
        node.branchOutputs !== null &&
        edge.sourcePort !== null &&
        node.branchOutputs.has(edge.sourcePort) &&
        edge.sourcePort !== branch;
      this.resolve(edge, dead ? DEAD : LIVE, progress);
    }
    progress.ready.sort((a, b) => a - b);
    progress.skipped.sort((a, b) => a - b);
    return progress;
  }

  private resolve(edge: PlanEdge, state: number, progress: Progress): void {
    if (this.edgeState.get(edge) !== undefined && this.edgeState.get(edge) !== UNRESOLVED) return;
    this.edgeState.set(edge, state);
    const target = edge.target;
    if (state === LIVE) this.live[target] = 1;
    this.pending[target]! -= 1;
    if (this.pending[target] !== 0) return;
    if (this.live[target]) {
      progress.ready.push(target);
      return;
    }
    progress.skipped.push(target);
    for (const out of this.plan.nodes[target]!.outgoing) this.resolve(out, DEAD, progress);
  }
}
