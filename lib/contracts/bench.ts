import { z } from "zod";
import { operation } from "@/lib/contracts/operation";
import { attemptOperations } from "@/lib/contracts/attempts/operations";

// Benchmark-only routes (served only with BENCH_ROUTES=1; a JSON 404 otherwise): the HTTP bench
// measures an attempt's CPU against a route that does nothing but what every attempt's request
// goes through (README "Benchmarks" (a)).

export const benchOperations = {
  /** The attempt's contract (auth, path parameter, body schema, RateLimit-* headers) and nothing else. */
  attemptContract: operation({
    ...attemptOperations.submit,
    doc: {
      summary:
        "Benchmark baseline: an attempt's request checks without the attempt (only with BENCH_ROUTES=1)",
      response: z.object({ ok: z.literal(true) }),
    },
  }),
};

/** The benchmark-only operations: left out of the API reference (they are a 404 by default). */
export const benchOnlyOperations: ReadonlySet<unknown> = new Set(Object.values(benchOperations));
