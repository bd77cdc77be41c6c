import { route, toAppError } from "@/lib/api/handler";
import { testRunResponse } from "@/lib/openapi/responses";
import { testRunWorkflow } from "@/lib/services/workflows";
import { WRITERS } from "@/lib/validation/challenges";
import { idParams } from "@/lib/validation/console";
import { workflowTestRunSchema } from "@/lib/validation/workflows";
import type { RunEvent, RunResult } from "@/lib/workflow/types";

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

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export const POST = route(
  {
    auth: "workspace",
    roles: WRITERS,
    params: idParams,
    body: workflowTestRunSchema,
    doc: { summary: "Test-run the workflow; JSON or Server-Sent Events", response: testRunResponse, sse: true },
  },
  async ({ req, caller, params, body }) => {
    const run = await testRunWorkflow(caller.workspaceId, caller.account?.id ?? null, params.id, body, {
      signal: req.signal,
    });
    if (!(req.headers.get("accept") ?? "").includes("text/event-stream")) {
      const events: RunEvent[] = [];
      for await (const event of run) events.push(event);
      return { ...summary(await run.result), events };
    }
    const encoder = new TextEncoder();
    const iterator = run[Symbol.asyncIterator]();
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await iterator.next();
          if (!next.done) {
            controller.enqueue(encoder.encode(sse(next.value.type, next.value)));
            return;
          }
          controller.enqueue(encoder.encode(sse("result", summary(await run.result))));
        } catch (err) {
          controller.enqueue(encoder.encode(sse("error", toAppError(err).toBody())));
        }
        controller.close();
      },
    });
    return new Response(stream, {
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store, no-transform",
        "x-accel-buffering": "no",
      },
    });
  },
);
