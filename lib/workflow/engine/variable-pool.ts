// Node outputs by node id, unmasked: executors need the real values (an evaluator checks the
// model's actual text). Only masked copies leave the engine (events, stored rows, RunResult).

export class VariablePool {
  private readonly outputs = new Map<string, Record<string, unknown>>();

  set(nodeId: string, values: Record<string, unknown>): void {
    this.outputs.set(nodeId, values);
  }

  get(nodeId: string, key: string): unknown {
    return this.outputs.get(nodeId)?.[key];
  }

  outputsOf(nodeId: string): Record<string, unknown> | undefined {
    return this.outputs.get(nodeId);
  }
}
