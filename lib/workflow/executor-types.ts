import "server-only";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import type { PluginLoader } from "@/lib/evaluation/plugins";
import type { TeamRoundPort } from "@/lib/red-blue/port";
import type { EvaluationResult } from "@/lib/evaluation/types";
import type { RunResources } from "@/lib/workflow/engine/run-resources";
import type { RunTrigger } from "@/lib/workflow/types";

// The contract between the engine and a node executor (lib/workflow/nodes/<type>/execute.ts).

export interface ModelRetryPolicy {
  /** Extra tries after the first failed model call. */
  retries: number;
  /** Delay before the first retry; each further retry waits 4× longer (200 ms → 800 ms). */
  baseDelayMs: number;
}

export interface ExecutorContext<C = Record<string, unknown>> {
  node: { id: string; type: string; config: C };
  /** Values on this node's input ports; undefined for ports without a live edge. */
  inputs: Record<string, unknown>;
  run: {
    runId: string;
    workspaceId: string;
    workflowId: string;
    endUserId: string | null;
    challengeId: string | null;
    triggeredFrom: RunTrigger;
    /** The inputs the run was started with (unmasked). */
    inputs: Record<string, unknown>;
    /** Calibration: llm nodes answer this text instead of calling a model; evaluators judge it. */
    fixedAnswer?: string;
  };
  /** Aborted when the node times out or the run stops; executors pass it to every call. */
  signal: AbortSignal;
  /** Renders the config template at `field` (see templatesOf); throws NodeFailure for a missing secret. */
  render: (field: string) => string;
  /** Streams model text to the run's listeners (masked by the engine). */
  emitText: (delta: string) => void;
  /**
   * True when someone listens to this node's text (emitText goes somewhere). Without a listener
   * a model call may ask for the whole answer at once, which costs the server far less than
   * reading a stream of deltas.
   */
  streaming: boolean;
  resources: RunResources;
  getModel: (ref: string) => Promise<LanguageModelV4>;
  /** Stored plugins for custom evaluation (read by the caller's services, not the engine). */
  loadPlugin: PluginLoader;
  modelRetry: ModelRetryPolicy;
  /** Tokens this run may still spend. */
  tokensLeft: () => number;
  /** Masks secrets and masked variables in a text (for anything handed to plugins or stored). */
  mask: (text: string) => string;
  /** Start inputs, masked: the sanitized variables a plugin may see. */
  sanitizedVariables: () => Record<string, unknown>;
  /**
   * Red/blue rounds (the team-challenge node): storage of submissions and pairings, given by the
   * red/blue service. Absent in builder test runs: the node then judges one pairing and stores nothing.
   */
  teamRounds?: TeamRoundPort;
}

export interface ExecutorResult {
  outputs: Record<string, unknown>;
  /** Player-side tokens (llm). */
  tokens?: number;
  /** Judge tokens (judging-llm, llm-judge evaluation), kept apart for fewest_tokens. */
  judgeTokens?: number;
  /** Branching nodes: the output port taken; edges from the other branch ports are skipped. */
  branch?: string;
  /** challenge-evaluator: the verdict, surfaced as RunResult.evaluation. */
  evaluation?: EvaluationResult;
  /** Extra inputs kept on the node run for the trace (e.g. rendered prompts); masked on write. */
  trace?: Record<string, unknown>;
}

export interface NodeExecutor<C = Record<string, unknown>> {
  execute(ctx: ExecutorContext<C>): Promise<ExecutorResult> | ExecutorResult;
  /** A timeout or failure of this node is a model-provider failure (RunResult.modelFailure). */
  callsModel?: boolean;
}

/** A node failed with a message safe to store and show (after masking). */
export class NodeFailure extends Error {
  readonly modelFailure: boolean;
  constructor(message: string, opts: { modelFailure?: boolean; cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
    this.name = "NodeFailure";
    this.modelFailure = opts.modelFailure ?? false;
  }
}
