import { describe, expect, it } from "vitest";
import { RunListeners, type RunListener } from "@/lib/workflow/engine/run-listeners";
import type { RunEvent, RunRecord, RunRowStart } from "@/lib/workflow/types";
import { loadGraph, runGraph, textModel } from "./support";

// A consumer of runs is one listener: what it is told, in which order, and what cannot break the run.

function recorder() {
  const seen: string[] = [];
  const events: RunEvent[] = [];
  let row: RunRowStart | undefined;
  let record: RunRecord | undefined;
  const listener: RunListener = {
    started: (r) => {
      row = r;
      seen.push("started");
    },
    event: (e) => {
      events.push(e);
      seen.push(e.type);
    },
    finished: (r) => {
      record = r;
      seen.push("finished");
    },
  };
  return { listener, seen, events, row: () => row, record: () => record };
}

describe("run listeners", () => {
  it("a listener hears the start row, every event and the record, in order", async () => {
    const model = textModel(["The secret ", "is SWORDFISH."]);
    const extra = recorder();
    const { result, events } = await runGraph(
      loadGraph("practice-literal"),
      { prompt: "hi" },
      { resolveModel: () => model, listeners: [extra.listener] },
    );
    expect(extra.events).toEqual(events);
    expect(extra.seen[0]).toBe("started");
    expect(extra.seen[1]).toBe("run_started");
    expect(extra.seen.slice(-2)).toEqual(["finished", "run_finished"]);
    expect(extra.row()).toMatchObject({ id: result.runId, workflowId: "wf-unit", triggeredFrom: "test-run" });
    const record = extra.record()!;
    expect(record.finish).toMatchObject({ status: "succeeded", tokensTotal: result.tokensTotal });
    expect(record.nodeRuns.map((n) => n.index)).toEqual(record.nodeRuns.map((_, i) => i));
    // Only the caller's `record: true` puts the record on the result.
    expect(result.record).toBeUndefined();
  });

  it("a listener that throws on events breaks neither the run nor the other listeners", async () => {
    const extra = recorder();
    const thrower: RunListener = {
      event: () => {
        throw new Error("listener bug");
      },
    };
    const { result, events } = await runGraph(
      loadGraph("practice-literal"),
      { prompt: "hi" },
      { resolveModel: () => textModel(["Hello."]), listeners: [thrower, extra.listener] },
    );
    expect(result.status).toBe("succeeded");
    expect(extra.events).toEqual(events);
    expect(events.at(-1)?.type).toBe("run_finished");
  });

  it("a failing start or finish fails the run call (a store that cannot write)", async () => {
    const failing: RunListener = { started: () => Promise.reject(new Error("store down")) };
    await expect(
      runGraph(loadGraph("practice-literal"), { prompt: "hi" }, { listeners: [failing] }),
    ).rejects.toThrow("store down");
  });

  it("streams the union of the listeners' nodes, every node when one wants all, nothing to nobody", () => {
    const a: RunListener = { streamNodes: new Set(["a"]), event: () => {} };
    const b: RunListener = { streamNodes: new Set(["b"]), event: () => {} };
    const all: RunListener = { event: () => {} };
    const quiet: RunListener = { started: () => {} };
    expect([...new RunListeners([a, b], "r").streamNodes!]).toEqual(["a", "b"]);
    expect(new RunListeners([a], "r").streamNodes).toBe(a.streamNodes);
    expect(new RunListeners([a, all], "r").streamNodes).toBeUndefined();
    const none = new RunListeners([quiet], "r");
    expect(none.emit).toBeNull();
    expect(none.wantRecord).toBe(false);
  });
});
