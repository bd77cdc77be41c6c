"use client";

import { useTranslations } from "next-intl";
import { useActionState, useEffect, useRef, useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, type ButtonProps } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import type { FormState } from "@/lib/contracts/forms";
import styles from "./console.module.css";

type State = Pick<FormState, "status" | "message" | "at">;

/**
 * A destructive action behind a second, explicit click: the first button asks, the form then
 * offers "confirm" and "cancel". Errors from the server action are shown in place.
 */
export function ConfirmAction({
  action,
  hidden,
  label,
  question,
  confirmLabel,
  variant = "danger",
  size = "sm",
}: {
  action: (prev: State, formData: FormData) => Promise<State>;
  hidden: Record<string, string>;
  label: ReactNode;
  question: ReactNode;
  confirmLabel: ReactNode;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
}) {
  const t = useTranslations("consolePages.common");
  const [state, formAction, pending] = useActionState(action, { status: "idle" } as State);
  // Asking belongs to one server state: any answer (success or error) closes the question.
  const [askedAt, setAskedAt] = useState<number | null>(null);
  const asking = askedAt !== null && askedAt === (state.at ?? 0);
  const setAsking = (on: boolean) => setAskedAt(on ? (state.at ?? 0) : null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);

  if (!asking) {
    return (
      <div className={styles.confirm}>
        <Button variant={variant} size={size} onClick={() => setAsking(true)}>
          {label}
        </Button>
        {state.status === "error" && state.message ? <Alert tone="error">{state.message}</Alert> : null}
      </div>
    );
  }
  return (
    <form action={formAction} className={styles.confirm} aria-busy={pending || undefined}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <span role="status">{question}</span>
      <div className="cluster">
        <SubmitButton ref={confirmRef} variant="danger" size={size} pending={pending}>
          {confirmLabel}
        </SubmitButton>
        <Button variant="ghost" size={size} onClick={() => setAsking(false)}>
          {t("cancel")}
        </Button>
      </div>
      {state.status === "error" && state.message ? <Alert tone="error">{state.message}</Alert> : null}
    </form>
  );
}
