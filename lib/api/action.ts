import "server-only";
import { unstable_rethrow } from "next/navigation";
import { ZodError } from "zod";
import type { FieldErrors, FormState } from "@/lib/contracts/forms";
import { AppError, fromDatabaseError } from "@/lib/errors";
import { log } from "@/lib/log";

// One wrapper for server actions, the form-side twin of route(): run the action and turn every
// failure into a FormState with the same error codes as the JSON API. Validation problems become
// field errors; refusals (AppError below 500) show their message; anything else is logged and
// answered with the action's generic message. redirect() and notFound() pass through.

export interface ActionMessages {
  /** The message when fields are invalid (problems that belong to no field are shown instead). */
  invalid?: string;
  /** Shown when something unexpected failed (the error itself is logged, never shown). */
  failed: string;
  /** A friendlier message for rate limits (the wait in seconds and the error's own message). */
  rateLimited?: (seconds: number, message: string) => string;
}

export interface ActionOptions {
  /** Names the action in the log when it fails unexpectedly. */
  name: string;
  /** Loaded only when the action fails (translations cost a lookup). */
  messages: () => Promise<ActionMessages>;
  /** Echo what was submitted on error so the form can refill itself (write-only fields never). */
  formData?: FormData;
  /** Form field a validation path belongs to, when the form's names differ from the schema's. */
  fieldOf?: (path: string) => string;
}

// Never echoed back to the browser, even to the person who just typed them.
const WRITE_ONLY = new Set([
  "api_key",
  "secret",
  "secret_value",
  "value",
  "token",
  "password",
  "currentPassword",
  "newPassword",
  "code",
]);

function submittedValues(formData: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of formData.entries()) {
    if (typeof value !== "string" || key.startsWith("$") || WRITE_ONLY.has(key) || key in out) continue;
    out[key] = value;
  }
  return out;
}

/**
 * Field errors keyed by the form field, a path's first segment ("theme.position" belongs to the
 * theme field). Zod paths keep their deeper segments in the message; a refusal's issues already
 * say what they mean.
 */
function fieldErrorsOf(
  issues: readonly { path: string | readonly PropertyKey[]; message: string }[],
  fieldOf: (path: string) => string = (path) => path,
): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path;
    const fromZod = typeof path !== "string";
    const [first, ...rest] = typeof path === "string" ? path.split(".") : path.map(String);
    const key = first ? fieldOf(first) : "_form";
    (out[key] ??= []).push(
      fromZod && rest.length > 0 ? `${rest.join(".")}: ${issue.message}` : issue.message,
    );
  }
  return out;
}

/** The form state for a failed action (see the module comment for what is shown). */
export async function actionErrorState(
  err: unknown,
  opts: Omit<ActionOptions, "formData">,
): Promise<FormState<never>> {
  const at = Date.now();
  const messages = await opts.messages();
  if (err instanceof ZodError) {
    const fieldErrors = fieldErrorsOf(err.issues, opts.fieldOf);
    const message = fieldErrors._form?.join(" ") ?? messages.invalid;
    return { status: "error", code: "validation_failed", ...(message ? { message } : {}), fieldErrors, at };
  }
  const appError = err instanceof AppError ? err : fromDatabaseError(err);
  // secret_unreadable is a 500 whose message tells the operator what to fix (ENCRYPTION_KEY).
  if (appError && (appError.status < 500 || appError.code === "secret_unreadable")) {
    if (appError.status >= 500) log.error(`${opts.name} failed`, { code: appError.code, error: appError.message });
    const issues = (appError.details as { issues?: { path: string; message: string }[] } | undefined)?.issues;
    const retryAfter = (appError.details as { retry_after?: number } | undefined)?.retry_after;
    const message =
      appError.code === "rate_limited" && messages.rateLimited
        ? messages.rateLimited(retryAfter ?? 60, appError.message)
        : appError.message;
    return {
      status: "error",
      code: appError.code,
      message,
      ...(issues ? { fieldErrors: fieldErrorsOf(issues, opts.fieldOf) } : {}),
      at,
    };
  }
  log.error(`${opts.name} failed`, { error: err instanceof Error ? err.message : String(err) });
  return { status: "error", code: "internal", message: messages.failed, at };
}

/**
 * Runs a server action: `fn` returns what the success state carries (message, data) and throws
 * to refuse; the result is always a FormState.
 */
export async function runAction<T>(
  opts: ActionOptions,
  fn: () => Promise<Partial<FormState<T>> | void>,
): Promise<FormState<T>> {
  try {
    const result = await fn();
    return { status: "success", ...(result ?? {}), at: Date.now() };
  } catch (err) {
    unstable_rethrow(err);
    const state: FormState<T> = await actionErrorState(err, opts);
    return opts.formData ? { ...state, values: submittedValues(opts.formData) } : state;
  }
}
