import type { ErrorCode } from "@/lib/errors";

// The state every server action hands back to its form (React's useActionState), client-safe so
// forms type their initial state with it. Built by lib/api/action.ts.

/** Messages keyed by form field; `_form` holds problems that belong to no single field. */
export type FieldErrors = Partial<Record<string, string[]>>;

export interface FormState<T = unknown> {
  status: "idle" | "error" | "success";
  /** Why an action was refused: the same codes as the JSON API's { error: { code } }. */
  code?: ErrorCode;
  message?: string;
  fieldErrors?: FieldErrors;
  /** What a successful action hands back to the form (e.g. a token shown once). */
  data?: T;
  /** After an error: what was submitted (write-only fields left out), to refill the form. */
  values?: Record<string, string>;
  /** Changes on every submit, so forms can reset or show the message again. */
  at?: number;
}

export const idleFormState: FormState<never> = { status: "idle" };
