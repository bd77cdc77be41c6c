import type { RunLimits } from "@/lib/workflow/types";

// Per-run limits as a layer around the engine: step and token budgets, wall time and
// cancellation all end in one AbortController whose reason says why the run stopped.

export const DEFAULT_RUN_LIMITS: RunLimits = {
  maxSteps: 100,
  maxWallMs: 60_000,
  maxTokens: 50_000,
  nodeTimeoutMs: 30_000,
};

export function resolveLimits(overrides: Partial<RunLimits> | undefined): RunLimits {
  const limits = { ...DEFAULT_RUN_LIMITS };
  for (const key of Object.keys(DEFAULT_RUN_LIMITS) as (keyof RunLimits)[]) {
    const value = overrides?.[key];
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) limits[key] = value;
  }
  return limits;
}

export type StopReason =
  | { kind: "cancelled" }
  | { kind: "wall-time"; limitMs: number }
  | { kind: "steps"; limit: number }
  | { kind: "tokens"; used: number; limit: number }
  | { kind: "node-failed"; nodeId: string; message: string; modelFailure: boolean };

/** Thrown into executors through their AbortSignal; carries why the run stopped. */
export class RunStopped extends Error {
  constructor(readonly reason: StopReason) {
    super(describeStop(reason));
    this.name = "RunStopped";
  }
}

/** A node's own time limit ran out. */
export class NodeTimeout extends Error {
  constructor(readonly limitMs: number) {
    super(`The node did not finish within ${formatMs(limitMs)}`);
    this.name = "NodeTimeout";
  }
}

export function formatMs(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

export function describeStop(reason: StopReason): string {
  switch (reason.kind) {
    case "cancelled":
      return "The run was cancelled";
    case "wall-time":
      return `The run exceeded its time limit of ${formatMs(reason.limitMs)}`;
    case "steps":
      return `The run exceeded its step limit of ${reason.limit} nodes`;
    case "tokens":
      return `The run used ${reason.used} tokens, more than its limit of ${reason.limit}`;
    case "node-failed":
      return `Node "${reason.nodeId}" failed: ${reason.message}`;
  }
}

export class RunController {
  readonly abort = new AbortController();
  private wallTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly onCallerAbort = () => this.stop({ kind: "cancelled" });

  constructor(
    readonly limits: RunLimits,
    private readonly callerSignal?: AbortSignal,
  ) {
    if (callerSignal?.aborted) this.stop({ kind: "cancelled" });
    else callerSignal?.addEventListener("abort", this.onCallerAbort, { once: true });
    if (!this.abort.signal.aborted) {
      this.wallTimer = setTimeout(
        () => this.stop({ kind: "wall-time", limitMs: limits.maxWallMs }),
        limits.maxWallMs,
      );
    }
  }

  get signal(): AbortSignal {
    return this.abort.signal;
  }

  /** Why the run stopped early, or undefined while it may go on. */
  get stopped(): StopReason | undefined {
    return this.abort.signal.aborted ? (this.abort.signal.reason as RunStopped).reason : undefined;
  }

  /** The first reason wins: a failure after a cancellation stays a cancellation. */
  stop(reason: StopReason): void {
    if (!this.abort.signal.aborted) this.abort.abort(new RunStopped(reason));
  }

  dispose(): void {
    clearTimeout(this.wallTimer);
    this.callerSignal?.removeEventListener("abort", this.onCallerAbort);
  }
}
