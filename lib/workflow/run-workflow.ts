import "server-only";
import { uuidv7 } from "@/lib/ids";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { AppError } from "@/lib/errors";
import { RunExecution, type NodeRecord } from "@/lib/workflow/engine/execute-run";
import { describeStop, resolveLimits, RunController } from "@/lib/workflow/engine/limits";
import { Masker } from "@/lib/workflow/engine/masking";
import { getCompiledGraph, parseMaskRef, type CompileResult } from "@/lib/workflow/engine/plan";
import type { ExecutionPlan } from "@/lib/workflow/engine/plan-types";
import {
  playerViewListener,
  RunListeners,
  storeListener,
  traceListener,
  type RunListener,
} from "@/lib/workflow/engine/run-listeners";
import { RunResources, type ResourceRequest } from "@/lib/workflow/engine/run-resources";
import type { PluginLoader } from "@/lib/evaluation/plugins";
import type { TeamRoundPort } from "@/lib/red-blue/port";
import { VariablePool } from "@/lib/workflow/engine/variable-pool";
import type { ModelRetryPolicy } from "@/lib/workflow/executor-types";
import type {
  GraphIssue,
  NodeRunRow,
  PlayerEvent,
  RunEvent,
  RunLimits,
  RunRecord,
  RunResult,
  RunRowFinish,
  RunRowStart,
  RunStatus,
  RunStore,
  RunTrigger,
  WorkflowGraph,
} from "@/lib/workflow/types";

export interface RunWorkflowOptions {
  workspaceId: string;
  workflowId: string;
  workflowVersionId?: string | null;
  graph: WorkflowGraph;
  /** e.g. { prompt: "..." } */
  inputs: Record<string, unknown>;
  endUserId?: string | null;
  triggeredFrom: RunTrigger;
  /** challenge-evaluator nodes default to this challenge's criteria and secret. */
  challengeId?: string | null;
  onEvent?: (event: RunEvent) => void;
  /**
   * The player's view of the run instead of the trace (the attempt stream): run_started, coarse
   * progress and, when the graph allows it (ExecutionPlan.answerStream), the answer's text as it
   * is generated. No node ids, node outputs or judge data. Replaces onEvent when both are given.
   */
  onPlayerEvent?: (event: PlayerEvent) => void;
  signal?: AbortSignal;
  limits?: Partial<RunLimits>;
  /**
   * Where the run is written (masked) as it starts and as it ends; nothing is written without
   * one. With `record: true` instead, the result carries the whole run (RunResult.record) for a
   * caller that writes it inside its own transaction (the attempt path, with the attempt).
   */
  store?: RunStore;
  record?: boolean;
  /** More consumers of the run (metrics, another store…), each told what the store is told. */
  listeners?: readonly RunListener[];
  /**
   * Calibration: every llm node answers this text without calling its model and every
   * challenge-evaluator judges it, so the evaluation (rules, judges, plugins) is what is measured.
   */
  fixedAnswer?: string;
  /** Retries of failed model calls in llm nodes (default 2 retries, 200 ms then 800 ms). */
  modelRetry?: Partial<ModelRetryPolicy>;
  // The engine reads no storage: what a run needs comes from its caller (lib/services/runs).
  /** The challenges and secrets the graph asks for (called once, before anything runs). */
  loadResources: (req: ResourceRequest) => Promise<RunResources>;
  /** Resolves model references (lib/ai getModel in the app; instant models in tests and benchmarks). */
  getModel: (ref: string) => Promise<LanguageModelV4>;
  /** Stored plugins for custom evaluation. */
  loadPlugin: PluginLoader;
  /**
   * Red/blue rounds (lib/red-blue/port.ts), given by the red/blue service when it runs a
   * challenge's workflow: team-challenge nodes store their submission and pairing through it.
   * Without it (builder test runs) they judge the pairing they are given and store nothing.
   */
  teamRounds?: TeamRoundPort;
}

export const DEFAULT_MODEL_RETRY: ModelRetryPolicy = { retries: 2, baseDelayMs: 200 };

const describeIssues = (issues: GraphIssue[]) =>
  issues.map((i) => (i.nodeId ? `${i.nodeId}: ${i.message}` : i.message)).join("; ");

/** Output keys to mask by node id: the evaluators' mask_variables plus the challenges' own. */
function maskKeysFor(plan: ExecutionPlan, resources: RunResources): Map<string, Set<string>> {
  const keys = new Map<string, Set<string>>();
  const add = (nodeId: string, key: string) => {
    const set = keys.get(nodeId);
    if (set) set.add(key);
    else keys.set(nodeId, new Set([key]));
  };
  for (const ref of plan.maskRefs) add(ref.nodeId, ref.key);
  for (const entry of resources.challengeMaskVariables()) {
    const ref = parseMaskRef(entry, plan.resolveNodeId, plan.start.id);
    if (ref) add(ref.nodeId, ref.key);
  }
  return keys;
}

/** What the prepare phase leaves for the others: nothing is emitted or stored before it is done. */
interface PreparedRun {
  runId: string;
  compiled: CompileResult;
  plan: ExecutionPlan | null;
  resources: RunResources;
  /** Why the run cannot start (a missing challenge or secret); it then fails without running. */
  setupError?: string;
  masker: Masker;
  maskKeys: Map<string, Set<string>>;
  teamRounds?: TeamRoundPort;
  startRow: RunRowStart;
}

/** How the execute phase ended. */
interface Outcome {
  status: RunStatus;
  error?: string;
  execution?: RunExecution;
  modelFailure: boolean;
  issues?: GraphIssue[];
}

/**
 * Runs a workflow graph through its listeners, masking every value that leaves; throws only for
 * infrastructure failures (lib/workflow/README.md, 'runWorkflow').
 */
export async function runWorkflow(opts: RunWorkflowOptions): Promise<RunResult> {
  const t0 = performance.now();
  const run = await prepare(opts);
  const listeners = new RunListeners(listenersFor(opts, run), run.runId);
  await listeners.started(run.startRow);
  send(listeners, { type: "run_started", runId: run.runId });
  const outcome = await execute(opts, run, listeners);
  return finish(opts, run, outcome, listeners, t0);
}

/** Compiles the graph and loads what it needs; the masker learns every secret first. */
async function prepare(opts: RunWorkflowOptions): Promise<PreparedRun> {
  const runId = uuidv7();
  const createdAt = new Date();
  const masker = new Masker();
  const runChallengeId = opts.challengeId ?? null;

  const compiled = getCompiledGraph(opts.graph, opts.workflowVersionId);
  const plan = compiled.ok ? compiled.plan : null;

  // Secrets first: nothing may be stored or emitted before the masker knows them.
  let resources = RunResources.empty;
  let setupError: string | undefined;
  try {
    resources = await opts.loadResources({
      workspaceId: opts.workspaceId,
      runChallengeId,
      challengeIds: plan?.challengeIds ?? [],
      secretNames: plan?.secretNames ?? [],
    });
    if (runChallengeId && !resources.challenge(runChallengeId)) {
      setupError = `Challenge "${runChallengeId}" was not found in this workspace`;
    }
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    setupError = err.message;
  }
  masker.add(...resources.secretValues());
  // Red/blue challenges' secrets too: team-challenge nodes read them through the port.
  const teamRounds = opts.teamRounds ? rememberChallenges(opts.teamRounds) : undefined;
  if (teamRounds && plan && !setupError) {
    try {
      for (const id of plan.redBlueChallengeIds) masker.add((await teamRounds.challenge(id)).secret);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      setupError = err.message;
    }
  }
  const maskKeys = plan ? maskKeysFor(plan, resources) : new Map<string, Set<string>>();
  // Masked start inputs are known now: the stored run inputs must not show them either.
  const startMasks = plan ? maskKeys.get(plan.start.id) : undefined;
  if (startMasks) for (const key of startMasks) masker.addValue(opts.inputs[key]);

  const startRow: RunRowStart = {
    id: runId,
    workspaceId: opts.workspaceId,
    workflowId: opts.workflowId,
    workflowVersionId: opts.workflowVersionId ?? null,
    endUserId: opts.endUserId ?? null,
    triggeredFrom: opts.triggeredFrom,
    inputs: masker.maskValue(opts.inputs),
    createdAt,
  };
  return { runId, compiled, plan, resources, setupError, masker, maskKeys, teamRounds, startRow };
}

/** The run's consumers: the player's view replaces the trace when both are given. */
function listenersFor(opts: RunWorkflowOptions, run: PreparedRun): RunListener[] {
  const all: RunListener[] = [];
  if (opts.onPlayerEvent) {
    all.push(playerViewListener(run.plan, run.maskKeys, run.resources.secretValues(), opts.onPlayerEvent));
  } else if (opts.onEvent) all.push(traceListener(opts.onEvent));
  if (opts.store) all.push(storeListener(opts.store));
  if (opts.listeners) all.push(...opts.listeners);
  return all;
}

/** Runs the nodes within the run's limits (nothing runs for an invalid graph or a setup error). */
async function execute(
  opts: RunWorkflowOptions,
  run: PreparedRun,
  listeners: RunListeners,
): Promise<Outcome> {
  const { compiled } = run;
  if (!compiled.ok) {
    const error = `The workflow is invalid: ${describeIssues(compiled.issues)}`;
    return { status: "failed", error, modelFailure: false, issues: compiled.issues };
  }
  if (run.setupError) return { status: "failed", error: run.setupError, modelFailure: false };
  const limits = resolveLimits(opts.limits);
  const controller = new RunController(limits, opts.signal);
  const execution = new RunExecution({
    runId: run.runId,
    plan: compiled.plan,
    run: {
      runId: run.runId,
      workspaceId: opts.workspaceId,
      workflowId: opts.workflowId,
      endUserId: opts.endUserId ?? null,
      challengeId: opts.challengeId ?? null,
      triggeredFrom: opts.triggeredFrom,
      inputs: opts.inputs,
      ...(opts.fixedAnswer === undefined ? {} : { fixedAnswer: opts.fixedAnswer }),
    },
    masker: run.masker,
    pool: new VariablePool(),
    resources: run.resources,
    controller,
    emit: listeners.emit,
    streamNodes: listeners.streamNodes,
    getModel: opts.getModel,
    loadPlugin: opts.loadPlugin,
    modelRetry: { ...DEFAULT_MODEL_RETRY, ...opts.modelRetry },
    teamRounds: run.teamRounds,
    maskKeys: run.maskKeys,
  });
  try {
    await execution.execute();
  } finally {
    controller.dispose();
  }
  const stop = controller.stopped;
  return {
    status: !stop ? "succeeded" : stop.kind === "cancelled" ? "cancelled" : "failed",
    error: stop ? describeStop(stop) : undefined,
    execution,
    modelFailure: stop?.kind === "node-failed" && stop.modelFailure,
  };
}

/** Masks what the run produced, hands the record to the listeners, sends run_finished. */
async function finish(
  opts: RunWorkflowOptions,
  run: PreparedRun,
  outcome: Outcome,
  listeners: RunListeners,
  t0: number,
): Promise<RunResult> {
  const { plan, masker, runId } = run;
  const { status, execution } = outcome;
  const answer = plan && execution ? execution.records.find((r) => r.nodeId === plan.answer.id) : undefined;
  const outputs = answer?.status === "succeeded" && answer.outputs ? masker.maskValue(answer.outputs) : {};
  const tokensTotal = execution?.tokens ?? 0;
  const judgeTokensTotal = execution?.judgeTokens ?? 0;
  const elapsedMs = Math.round(performance.now() - t0);
  const maskedError = outcome.error === undefined ? undefined : masker.mask(outcome.error);

  const finishRow: RunRowFinish = {
    status,
    outputs: status === "succeeded" || answer ? outputs : undefined,
    error: maskedError,
    tokensTotal,
    judgeTokensTotal,
    elapsedMs,
    finishedAt: new Date(),
  };
  let record: RunRecord | null = null;
  if (listeners.wantRecord || opts.record) {
    record = {
      start: run.startRow,
      finish: finishRow,
      nodeRuns: nodeRunRows(execution?.records ?? [], masker),
    };
    await listeners.finished(record);
  }
  send(listeners, {
    type: "run_finished",
    runId,
    status,
    ...(answer ? { outputs } : {}),
    ...(maskedError ? { error: maskedError } : {}),
    elapsedMs,
    tokensTotal,
    judgeTokensTotal,
  });

  const result: RunResult = { runId, status, outputs, tokensTotal, judgeTokensTotal, elapsedMs };
  if (maskedError) result.error = maskedError;
  if (execution?.evaluation) result.evaluation = masker.maskValue(execution.evaluation);
  if (typeof outputs.text === "string") result.answerText = outputs.text;
  if (outcome.modelFailure) result.modelFailure = true;
  if (outcome.issues) result.issues = outcome.issues;
  if (opts.record && record) result.record = record;
  return result;
}

const send = (listeners: RunListeners, event: RunEvent) => listeners.emit?.(event);

/** The port with each red/blue challenge read once per run (before the run, then by its nodes). */
function rememberChallenges(port: TeamRoundPort): TeamRoundPort {
  const read = new Map<string, ReturnType<TeamRoundPort["challenge"]>>();
  return {
    challenge: (id) => {
      let challenge = read.get(id);
      if (!challenge) read.set(id, (challenge = port.challenge(id)));
      return challenge;
    },
    persistSubmission: (input) => port.persistSubmission(input),
    selectOpponent: (input) => port.selectOpponent(input),
    recordPairing: (input) => port.recordPairing(input),
  };
}

/** Node runs in execution order, masked with everything the run learned to mask. */
function nodeRunRows(records: NodeRecord[], masker: Masker): NodeRunRow[] {
  return [...records]
    .sort((a, b) => a.pos - b.pos)
    .map((r, index) => ({
      nodeId: r.nodeId,
      nodeType: r.nodeType,
      index,
      status: r.status,
      ...(r.inputs ? { inputs: masker.maskValue(r.inputs) } : {}),
      ...(r.outputs ? { outputs: masker.maskValue(r.outputs) } : {}),
      ...(r.error ? { error: masker.mask(r.error) } : {}),
      tokens: r.tokens,
      elapsedMs: r.elapsedMs,
      startedAt: r.startedAt,
      finishedAt: r.finishedAt,
    }));
}
