import "server-only";
import { log } from "@/lib/log";
import { DEFAULT_MAX_ATTEMPTS, PermanentJobError, type Backoff, type JobContext, type JobDefinition } from "@/lib/jobs/types";

// One try of one job, the same on both engines; the engines decide what it means for the row.
// Delivery is at least once: handlers must be idempotent (lib/jobs/README.md, 'Delivery').

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_BACKOFF: Backoff = { baseMs: 2_000, maxMs: 10 * 60_000 };
/** last_error keeps this many characters. */
export const MAX_ERROR_CHARS = 1_000;

/**
 * The tries a job gets. A row stores the enqueuer's maxAttempts or DEFAULT_MAX_ATTEMPTS (the
 * enqueuer does not know the definition); a row still at the default takes the definition's
 * own maxAttempts. (So an explicit maxAttempts equal to the default is read as "the default".)
 */
export function effectiveMaxAttempts(def: JobDefinition<unknown>, rowMax: number): number {
  if (rowMax === DEFAULT_MAX_ATTEMPTS && def.maxAttempts) return Math.max(1, def.maxAttempts);
  return Math.max(1, rowMax);
}

/**
 * Delay before the next try after `attempt` failed: exponential with full jitter, a uniformly
 * random time in [0, min(maxMs, baseMs · 2^(attempt−1))] (so retries of many jobs that failed
 * together spread out instead of arriving together).
 */
export function retryDelayMs(backoff: Backoff | undefined, attempt: number, random: () => number = Math.random): number {
  const { baseMs, maxMs } = backoff ?? DEFAULT_BACKOFF;
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(30, Math.max(0, attempt - 1)));
  return Math.floor(random() * ceiling);
}

// Credentials that may ride along in an error message (URLs with user:password, bearer tokens,
// key=value pairs) are masked before the message is stored or logged.
const SECRETISH = [
  [/(\w+:\/\/)[^/\s:@]+:[^/\s@]+@/g, "$1***@"],
  [/\b(bearer|basic)\s+[\w.~+/=-]+/gi, "$1 ***"],
  [/\b(pass(?:word)?|secret|token|api[-_]?key|authorization|signature)(["']?\s*[:=]\s*["']?)[^\s"',;&]+/gi, "$1$2***"],
] as const;

/** The error as stored in last_error: the message only (no stack), masked, capped. */
export function errorText(err: unknown): string {
  let text = err instanceof Error ? `${err.name === "Error" ? "" : `${err.name}: `}${err.message}` : String(err);
  for (const [pattern, replacement] of SECRETISH) text = text.replace(pattern, replacement);
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS - 1)}…` : text;
}

export class JobTimeoutError extends Error {
  override name = "JobTimeoutError";
}

export type TryOutcome = { ok: true } | { ok: false; permanent: boolean; error: string; interrupted: boolean };

export interface TryInfo {
  jobId: string;
  queue: string;
  attempt: number;
  maxAttempts: number;
}

/** Parses a stored payload; a payload the definition rejects can never succeed (permanent). */
export function parsePayload<P>(def: JobDefinition<P>, raw: unknown): { ok: true; payload: P } | { ok: false; error: string } {
  const parsed = def.payload.safeParse(raw);
  if (parsed.success) return { ok: true, payload: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, error: `invalid payload: ${issue ? `${issue.path.join(".") || "(root)"}: ${issue.message}` : "rejected"}` };
}

/**
 * Runs one try. `stop` aborts it when the worker shuts down (outcome.interrupted: the try does
 * not count). The handler's signal is aborted at its deadline; a handler that ignores the signal
 * is abandoned at the deadline (its promise is left to settle on its own) and the try fails.
 */
export async function runTry<P>(def: JobDefinition<P>, raw: unknown, info: TryInfo, stop: AbortSignal): Promise<TryOutcome> {
  const parsed = parsePayload(def, raw);
  if (!parsed.ok) return { ok: false, permanent: true, error: parsed.error, interrupted: false };
  const timeoutMs = def.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let interrupted = false;
  let abandon: (err: Error) => void = () => undefined;
  const abandoned = new Promise<never>((_, reject) => (abandon = reject));
  const timer = setTimeout(() => {
    const err = new JobTimeoutError(`timed out after ${timeoutMs} ms`);
    controller.abort(err);
    abandon(err);
  }, timeoutMs);
  const onStop = () => {
    interrupted = true;
    const err = new Error("interrupted: the worker is stopping");
    controller.abort(err);
    abandon(err);
  };
  if (stop.aborted) onStop();
  else stop.addEventListener("abort", onStop, { once: true });
  const ctx: JobContext = {
    jobId: info.jobId,
    queue: info.queue,
    attempt: info.attempt,
    maxAttempts: info.maxAttempts,
    final: info.attempt >= info.maxAttempts,
    signal: controller.signal,
  };
  try {
    await Promise.race([def.run(parsed.payload, ctx), abandoned]);
    return { ok: true };
  } catch (err) {
    return { ok: false, permanent: err instanceof PermanentJobError, error: errorText(err), interrupted };
  } finally {
    clearTimeout(timer);
    stop.removeEventListener("abort", onStop);
  }
}

/** Calls a definition's onDead (once per death: the caller won the row's move to 'dead'). */
export async function callOnDead<P>(def: JobDefinition<P>, raw: unknown, error: string, info: TryInfo): Promise<void> {
  if (!def.onDead) return;
  const parsed = parsePayload(def, raw);
  if (!parsed.ok) return; // nothing a handler could act on
  const ctx: JobContext = { ...info, final: true, signal: AbortSignal.timeout(def.timeoutMs ?? DEFAULT_TIMEOUT_MS) };
  try {
    await def.onDead(parsed.payload, error, ctx);
  } catch (err) {
    log.warn("a job's onDead failed", { queue: info.queue, job: info.jobId, error: errorText(err) });
  }
}
