import { withoutWait } from "@/lib/time/wait";

/** Why a join or a submission failed, as the panel shows it. */
export interface Problem {
  message: string;
  /** The benign prompt a defense refused (utility gate, reject mode). */
  failingPrompt?: string;
  retryAt?: number;
}

/** Reads a refused response: its error message, the failing prompt, and a 429's wait. */
export async function problemFrom(
  res: Response,
  words: { genericError: string; sessionExpired: string },
): Promise<Problem> {
  let message = words.genericError;
  let failingPrompt: string | undefined;
  try {
    const body = (await res.json()) as {
      error?: { message?: string; details?: { failing_prompt?: unknown } };
    };
    if (body.error?.message) message = body.error.message;
    if (typeof body.error?.details?.failing_prompt === "string")
      failingPrompt = body.error.details.failing_prompt;
  } catch {
    // not JSON: keep the generic message
  }
  if (res.status === 401) return { message: words.sessionExpired };
  if (res.status === 429) {
    const seconds = Number(res.headers.get("retry-after"));
    const wait = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60;
    // The reason alone: the wait is counted down live below the form.
    return { message: withoutWait(message), retryAt: Date.now() + wait * 1000 };
  }
  return { message, failingPrompt };
}
