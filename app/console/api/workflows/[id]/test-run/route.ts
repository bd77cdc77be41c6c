import { route, toAppError } from "@/lib/api/handler";
import { runEventJson, workflowOperations } from "@/lib/contracts/workflows";
import { sseResponse, type SseEvent } from "@/lib/http/sse";
import { testRunWorkflow } from "@/lib/services/workflows";
import type { RunResult } from "@/lib/workflow/types";

// POST /console/api/workflows/{id}/test-run — runs the draft (or the published version) with
// sample inputs. JSON by default (every event plus the result); with Accept: text/event-stream the
// engine's events stream as SSE and a final `result` event carries the same summary. Secrets and
// mask_variables are masked by the engine in everything sent.

const summary = (r: RunResult) => ({
  run_id: r.runId,
  status: r.status,
  outputs: r.outputs,
  error: r.error ?? null,
  evaluation: r.evaluation ?? null,
  tokens_total: r.tokensTotal,
  judge_tokens_total: r.judgeTokensTotal,
  elapsed_ms: r.elapsedMs,
});

export const POST = route(
  workflowOperations.testRun,
  async ({ req, caller, params, body }) => {
    const run = await testRunWorkflow(caller.workspaceId, caller.account?.id ?? null, params.id, body, {
      signal: req.signal,
    });
    if (!(req.headers.get("accept") ?? "").includes("text/event-stream")) {
      const events: Record<string, unknown>[] = [];
      for await (const event of run) events.push(runEventJson(event));
      return { ...summary(await run.result), events };
    }
    async function* events(): AsyncGenerator<SseEvent> {
      try {
        for await (const event of run) yield { event: event.type, data: runEventJson(event) };
        yield { event: "result", data: summary(await run.result) };
      } catch (err) {
        yield { event: "error", data: toAppError(err).toBody() };
      }
    }
    return sseResponse(events());
  },
);
