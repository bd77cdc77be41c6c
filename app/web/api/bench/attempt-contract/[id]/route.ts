import { route } from "@/lib/api/handler";
import { benchOperations } from "@/lib/contracts/bench";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { noteRateLimit } from "@/lib/rate-limit/headers";
import { ATTEMPTS_PER_MINUTE } from "@/lib/services/attempts/limits";

// POST /web/api/bench/attempt-contract/{id} — the HTTP bench's floor for an attempt: the
// attempt's caller check, path and body schemas and RateLimit-* headers, then a small JSON
// answer. Nothing is read, counted or written. A JSON 404 unless BENCH_ROUTES=1.

export const POST = route(
  benchOperations.attemptContract,
  ({ caller }) => {
    if (caller.kind !== "user") throw new AppError("unauthorized", "Log in to do this");
    // The attempt's per-account limit shape, noted as untouched: no budget is taken.
    noteRateLimit("bench-attempts-per-minute", {
      limit: ATTEMPTS_PER_MINUTE,
      remaining: ATTEMPTS_PER_MINUTE,
      resetSec: 60,
      windowSec: 60,
    });
    return { ok: true as const };
  },
  { enabled: () => env.BENCH_ROUTES },
);
