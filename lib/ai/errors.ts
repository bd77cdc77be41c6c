import "server-only";
import { APICallError, RetryError } from "ai";
import { AppError } from "@/lib/errors";

/**
 * Turns an error thrown by an AI SDK call into an AppError with a message safe to show: the
 * upstream status and message, never the request (which carries prompts and headers).
 */
export function fromModelError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const cause = RetryError.isInstance(err) ? err.lastError : err;
  if (cause instanceof AppError) return cause;
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode ? ` (HTTP ${cause.statusCode})` : "";
    return new AppError("upstream_error", `The model provider returned an error${status}: ${cause.message}`, {
      cause: err,
      details: { status: cause.statusCode ?? null, retryable: cause.isRetryable },
    });
  }
  const message = cause instanceof Error ? cause.message : String(cause);
  return new AppError("upstream_error", `The model call failed: ${message}`, { cause: err });
}
