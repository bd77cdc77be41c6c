import { SecretFormMatcher } from "@/lib/evaluation/secret-forms";
import { log } from "@/lib/log";
import type { ExecutionPlan } from "@/lib/workflow/engine/plan-types";
import { PlayerView } from "@/lib/workflow/engine/player-view";
import type { PlayerEvent, RunEvent, RunRecord, RunRowStart, RunStore } from "@/lib/workflow/types";

// Whatever consumes a run (the store, the player's view, the creator's trace) is one listener on
// its lifecycle: the engine masks once and hands the same rows and events to each.

export interface RunListener {
  /** Nodes whose text this listener wants as text_delta; absent: every node's. */
  readonly streamNodes?: ReadonlySet<string>;
  /** Before the first event; awaited, and a throw fails runWorkflow (the store's row). */
  readonly started?: (row: RunRowStart) => Promise<void> | void;
  /** Every event in order, already masked; a throw is logged and ignored. */
  readonly event?: (event: RunEvent) => void;
  /** The whole run, masked, before run_finished is sent; awaited like `started`. */
  readonly finished?: (record: RunRecord) => Promise<void> | void;
}

/** The run's listeners as the engine calls them: `emit` is null when nobody wants events. */
export class RunListeners {
  readonly emit: ((event: RunEvent) => void) | null;
  /** Union of the listeners' streamNodes; undefined: stream every node. */
  readonly streamNodes: ReadonlySet<string> | undefined;
  /** Someone needs the finished run as a record (else it is not built). */
  readonly wantRecord: boolean;

  constructor(
    private readonly listeners: readonly RunListener[],
    runId: string,
  ) {
    const hearing = listeners.filter((l) => l.event);
    this.emit = hearing.length === 0 ? null : (event) => dispatch(hearing, event, runId);
    this.streamNodes = unionOfStreamNodes(hearing);
    this.wantRecord = listeners.some((l) => l.finished);
  }

  async started(row: RunRowStart): Promise<void> {
    for (const l of this.listeners) if (l.started) await l.started(row);
  }

  async finished(record: RunRecord): Promise<void> {
    for (const l of this.listeners) if (l.finished) await l.finished(record);
  }
}

function dispatch(hearing: readonly RunListener[], event: RunEvent, runId: string): void {
  for (let i = 0; i < hearing.length; i++) {
    try {
      hearing[i]!.event!(event);
    } catch (err) {
      log.warn("workflow run event listener threw", { runId, error: String(err) });
    }
  }
}

function unionOfStreamNodes(hearing: readonly RunListener[]): ReadonlySet<string> | undefined {
  if (hearing.some((l) => !l.streamNodes)) return undefined;
  if (hearing.length === 1) return hearing[0]!.streamNodes;
  const union = new Set<string>();
  for (const l of hearing) for (const id of l.streamNodes!) union.add(id);
  return union;
}

/** The creator's trace: every event as it is (RunWorkflowOptions.onEvent). */
export const traceListener = (onEvent: (event: RunEvent) => void): RunListener => ({ event: onEvent });

/** Writes the run as it starts and once it is over (RunWorkflowOptions.store). */
export const storeListener = (store: RunStore): RunListener => ({
  started: (row) => store.start(row),
  finished: (record) => store.finish(record),
});

/**
 * The player's view (RunWorkflowOptions.onPlayerEvent). A value masked only once some node has
 * produced it could turn up in text streamed earlier: with such masks, players get the answer once
 * it is final, never streamed.
 */
export function playerViewListener(
  plan: ExecutionPlan | null,
  maskKeys: ReadonlyMap<string, ReadonlySet<string>>,
  secrets: string[],
  send: (event: PlayerEvent) => void,
): RunListener {
  const lateMasks = !plan || [...maskKeys.keys()].some((id) => id !== plan.start.id);
  const streamFrom = plan && !lateMasks ? plan.answerStream : null;
  const disguises = streamFrom ? { matcher: new SecretFormMatcher(secrets), secrets } : null;
  const view = new PlayerView(streamFrom, send, disguises);
  return { streamNodes: new Set(streamFrom ? [streamFrom] : []), event: (event) => view.handle(event) };
}
