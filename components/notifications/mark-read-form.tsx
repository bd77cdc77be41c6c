"use client";

import { useActionState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { idleFormState, type FormState } from "@/lib/contracts/forms";

/** One "mark read" button (a notification's id, or all): a small form on a server action. */
export function MarkReadForm({
  action,
  id,
  children,
  context,
  variant = "secondary",
}: {
  action: (prev: FormState, formData: FormData) => Promise<FormState>;
  /** The notification to mark; none marks all. */
  id?: string;
  children: ReactNode;
  /** Said after the visible text to screen readers (which notification), e.g. its title. */
  context?: string;
  variant?: "primary" | "secondary" | "ghost";
}) {
  const [state, formAction, pending] = useActionState(action, idleFormState as FormState);
  return (
    <form action={formAction}>
      {id ? <input type="hidden" name="id" value={id} /> : <input type="hidden" name="all" value="true" />}
      <SubmitButton size="sm" variant={variant} pending={pending}>
        {children}
        {context ? <span className="visually-hidden">: {context}</span> : null}
      </SubmitButton>
      {state.status === "error" && state.message ? <Alert tone="error">{state.message}</Alert> : null}
    </form>
  );
}
