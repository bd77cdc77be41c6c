import "server-only";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import type { EvaluationResult } from "@/lib/evaluation/types";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { NodeTimeout, RunStopped, type RunController } from "@/lib/workflow/engine/limits";
import type { Masker, StreamMasker } from "@/lib/workflow/engine/masking";
import type { ExecutionPlan, PlanNode } from "@/lib/workflow/engine/plan-types";
import type { PluginLoader } from "@/lib/evaluation/plugins";
import type { TeamRoundPort } from "@/lib/red-blue/port";
import type { RunResources } from "@/lib/workflow/engine/run-resources";
import { Scheduler } from "@/lib/workflow/engine/scheduler";
import type { VariablePool } from "@/lib/workflow/engine/variable-pool";
import {
  NodeFailure,
  type ExecutorContext,
  type ExecutorResult,
  type ModelRetryPolicy,
  type NodeExecutor,
} from "@/lib/workflow/executor-types";
import { executors } from "@/lib/workflow/executors";
import { renderTemplate, type TemplateRef } from "@/lib/workflow/template";
import type { NodeRunStatus, RunEvent } from "@/lib/workflow/types";

// Walks a compiled plan: starts every ready node (independent branches run concurrently), records
// each node run, feeds outputs to the variable pool and lets the scheduler skip untaken branches.
// Values stay unmasked inside; every event goes out masked.

export interface NodeRecord {
  pos: number;
  nodeId: string;
  nodeType: string;
  status: NodeRunStatus;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  error?: string;
  tokens: number;
  elapsedMs: number;
  startedAt: Date;
  finishedAt: Date;
}

export interface RunEnvironment {
  runId: string;
  plan: ExecutionPlan;
  run: ExecutorContext["run"];
  masker: Masker;
  pool: VariablePool;
  resources: RunResources;
  controller: RunController;
  emit: ((event: RunEvent) => void) | null;
  /** Nodes whose text is streamed as text_delta (default: every node, when someone listens). */
  streamNodes?: ReadonlySet<string>;
  getModel: (ref: string) => Promise<LanguageModelV4>;
  loadPlugin: PluginLoader;
  modelRetry: ModelRetryPolicy;
  /** Red/blue rounds for team-challenge nodes (RunWorkflowOptions.teamRounds). */
  teamRounds?: TeamRoundPort;
  /** Output keys to mask, by node id. */
  maskKeys: Map<string, Set<string>>;
}

function abortPromise(signal: AbortSignal): { promise: Promise<never>; dispose: () => void } {
  let onAbort = () => {};
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  return { promise, dispose: () => signal.removeEventListener("abort", onAbort) };
}

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> =>
  typeof (value as { then?: unknown } | null)?.then === "function";

export class RunExecution {
  tokens = 0;
  judgeTokens = 0;
  steps = 0;
  readonly records: NodeRecord[] = [];
  evaluation: EvaluationResult | undefined;
  private evaluationPos = -1;
  private readonly scheduler: Scheduler;

  constructor(private readonly env: RunEnvironment) {
    this.scheduler = new Scheduler(env.plan);
  }

  async execute(): Promise<void> {
    const { controller } = this.env;
    const ready: number[] = [this.scheduler.first()];
    const inflight = new Set<Promise<void>>();
    for (;;) {
      ready.sort((a, b) => a - b);
      while (ready.length > 0 && !controller.stopped) {
        if (this.steps >= controller.limits.maxSteps) {
          controller.stop({ kind: "steps", limit: controller.limits.maxSteps });
          break;
        }
        this.steps++;
        const pos = ready.shift()!;
        const task: Promise<void> = this.runNode(pos).then((next) => {
          inflight.delete(task);
          ready.push(...next);
        });
        inflight.add(task);
      }
      if (inflight.size === 0) break;
      await Promise.race(inflight);
    }
  }

  private emit(event: RunEvent): void {
    const listener = this.env.emit;
    if (!listener) return;
    try {
      listener(event);
    } catch (err) {
      log.warn("workflow run event listener threw", { runId: this.env.runId, error: String(err) });
    }
  }

  /** Runs one node; never throws. Returns the positions that became ready. */
  private async runNode(pos: number): Promise<number[]> {
    const { plan, pool, masker, controller, runId } = this.env;
    const node = plan.nodes[pos]!;
    const executor = executors[node.type as keyof typeof executors] as NodeExecutor;
    const startedAt = new Date();
    const t0 = performance.now();
    this.emit({ type: "node_started", runId, nodeId: node.id, nodeType: node.type });

    const inputs = this.collectInputs(node);
    const stream = this.textStream(node);
    const nodeAbort = new AbortController();
    const onRunStop = () => nodeAbort.abort(controller.signal.reason);
    controller.signal.addEventListener("abort", onRunStop, { once: true });
    const timeoutMs = controller.limits.nodeTimeoutMs;
    const timer = setTimeout(() => nodeAbort.abort(new NodeTimeout(timeoutMs)), timeoutMs);

    let result: ExecutorResult | undefined;
    let failure: { message: string; modelFailure: boolean; stopped: boolean } | undefined;
    try {
      if (controller.signal.aborted) throw controller.signal.reason as Error;
      for (const port of node.requiredInputs) {
        if (inputs[port] === undefined) throw new NodeFailure(`Input "${port}" received no value`);
      }
      const out = executor.execute(this.context(node, inputs, nodeAbort.signal, stream));
      if (isPromise(out)) {
        const aborted = abortPromise(nodeAbort.signal);
        try {
          result = await Promise.race([out, aborted.promise]);
        } finally {
          aborted.dispose();
        }
      } else {
        result = out;
      }
    } catch (err) {
      failure = this.describeFailure(err, executor);
    } finally {
      clearTimeout(timer);
      controller.signal.removeEventListener("abort", onRunStop);
    }
    if (stream) {
      const rest = stream.masker.flush();
      if (rest && !stream.suppressed) this.emit({ type: "text_delta", runId, nodeId: node.id, delta: rest });
    }

    const finishedAt = new Date();
    const elapsedMs = Math.round(performance.now() - t0);
    const traceInputs = result?.trace ? { ...inputs, ...result.trace } : inputs;
    if (failure || !result) {
      const message = failure?.message ?? "The node produced no result";
      if (failure && !failure.stopped) {
        controller.stop({
          kind: "node-failed",
          nodeId: node.id,
          message,
          modelFailure: failure.modelFailure,
        });
      }
      this.record({
        pos,
        node,
        status: "failed",
        inputs: traceInputs,
        error: message,
        tokens: 0,
        elapsedMs,
        startedAt,
        finishedAt,
      });
      return [];
    }

    pool.set(node.id, result.outputs);
    const maskKeys = this.env.maskKeys.get(node.id);
    if (maskKeys) for (const key of maskKeys) masker.addValue(result.outputs[key]);
    const tokens = (result.tokens ?? 0) + (result.judgeTokens ?? 0);
    this.tokens += result.tokens ?? 0;
    this.judgeTokens += result.judgeTokens ?? 0;
    if (result.evaluation && pos > this.evaluationPos) {
      this.evaluation = result.evaluation;
      this.evaluationPos = pos;
    }
    this.record({
      pos,
      node,
      status: "succeeded",
      inputs: traceInputs,
      outputs: result.outputs,
      tokens,
      elapsedMs,
      startedAt,
      finishedAt,
    });
    const used = this.tokens + this.judgeTokens;
    if (used > controller.limits.maxTokens) {
      controller.stop({ kind: "tokens", used, limit: controller.limits.maxTokens });
      return [];
    }

    const progress = this.scheduler.complete(pos, result.branch);
    for (const skipped of progress.skipped) {
      const at = new Date();
      this.record({
        pos: skipped,
        node: plan.nodes[skipped]!,
        status: "skipped",
        tokens: 0,
        elapsedMs: 0,
        startedAt: at,
        finishedAt: at,
      });
    }
    return progress.ready;
  }

  private record(r: Omit<NodeRecord, "nodeId" | "nodeType"> & { node: PlanNode }): void {
    const { node, ...rest } = r;
    const record: NodeRecord = { ...rest, nodeId: node.id, nodeType: node.type };
    this.records.push(record);
    if (!this.env.emit) return;
    const { masker, runId } = this.env;
    this.emit({
      type: "node_finished",
      runId,
      nodeId: node.id,
      nodeType: node.type,
      status: record.status,
      ...(record.outputs ? { outputs: masker.maskValue(record.outputs) } : {}),
      ...(record.error ? { error: masker.mask(record.error) } : {}),
      elapsedMs: record.elapsedMs,
      tokens: record.tokens,
    });
  }

  private describeFailure(
    err: unknown,
    executor: NodeExecutor,
  ): { message: string; modelFailure: boolean; stopped: boolean } {
    if (err instanceof RunStopped) return { message: err.message, modelFailure: false, stopped: true };
    if (err instanceof NodeTimeout) {
      return { message: err.message, modelFailure: executor.callsModel === true, stopped: false };
    }
    if (err instanceof NodeFailure)
      return { message: err.message, modelFailure: err.modelFailure, stopped: false };
    if (err instanceof AppError) {
      const modelFailure =
        executor.callsModel === true && (err.code === "upstream_error" || err.code === "unavailable");
      return { message: err.message, modelFailure, stopped: false };
    }
    // Unexpected: details go to the log (masked), the run gets a generic message.
    log.error("workflow node threw unexpectedly", {
      runId: this.env.runId,
      error: this.env.masker.mask(err instanceof Error ? `${err.name}: ${err.message}` : String(err)),
    });
    return { message: "The node failed unexpectedly", modelFailure: false, stopped: false };
  }

  /** Values on the node's input ports: the first live edge into a port wins (merged branches). */
  private collectInputs(node: PlanNode): Record<string, unknown> {
    const inputs: Record<string, unknown> = {};
    const { plan, pool } = this.env;
    for (const edge of node.incoming) {
      if (edge.targetPort === null || edge.sourcePort === null) continue;
      if (edge.targetPort in inputs || !this.scheduler.isLive(edge)) continue;
      inputs[edge.targetPort] = pool.get(plan.nodes[edge.source]!.id, edge.sourcePort);
    }
    return inputs;
  }

  /** Streams only where someone listens; a node whose text is itself masked streams nothing. */
  private textStream(node: PlanNode): { masker: StreamMasker; suppressed: boolean } | null {
    if (!this.env.emit) return null;
    if (this.env.streamNodes && !this.env.streamNodes.has(node.id)) return null;
    const suppressed = this.env.maskKeys.get(node.id)?.has("text") ?? false;
    return { masker: this.env.masker.stream(), suppressed };
  }

  private context(
    node: PlanNode,
    inputs: Record<string, unknown>,
    signal: AbortSignal,
    stream: { masker: StreamMasker; suppressed: boolean } | null,
  ): ExecutorContext {
    const env = this.env;
    const resolve = (ref: TemplateRef): unknown => {
      switch (ref.kind) {
        case "input":
          return inputs[ref.name];
        case "node": {
          const id = env.plan.resolveNodeId(ref.nodeId);
          return id ? env.pool.get(id, ref.key) : undefined;
        }
        case "secret": {
          const secret = env.resources.runSecret;
          if (!secret)
            throw new NodeFailure("{{secret}} is used, but this run has no challenge with a secret");
          return secret;
        }
        case "workspace-secret": {
          const value = env.resources.workspaceSecret(ref.name);
          if (value === undefined)
            throw new NodeFailure(`Secret "${ref.name}" does not exist in this workspace`);
          return value;
        }
      }
    };
    return {
      node: { id: node.id, type: node.type, config: node.config },
      inputs,
      run: env.run,
      signal,
      render: (field) => {
        const template = node.templates.get(field);
        if (!template) throw new NodeFailure(`No template field "${field}" on this node`);
        return renderTemplate(template, resolve);
      },
      streaming: stream !== null && !stream.suppressed,
      emitText: (delta) => {
        if (!stream || stream.suppressed || delta === "") return;
        const safe = stream.masker.push(delta);
        if (safe) this.emit({ type: "text_delta", runId: env.runId, nodeId: node.id, delta: safe });
      },
      resources: env.resources,
      getModel: env.getModel,
      loadPlugin: env.loadPlugin,
      modelRetry: env.modelRetry,
      tokensLeft: () => env.controller.limits.maxTokens - this.tokens - this.judgeTokens,
      mask: (text) => env.masker.mask(text),
      sanitizedVariables: () => env.masker.maskValue({ ...(env.pool.outputsOf(env.plan.start.id) ?? {}) }),
      teamRounds: env.teamRounds,
    };
  }
}
