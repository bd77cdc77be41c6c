import { useActionState, type FormEvent, type ReactNode } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import type { FieldErrors, FormState } from "@/lib/contracts/forms";
import styles from "./console.module.css";
import { FormStatus } from "./form-status";
import { submitWithoutReset } from "./submit-without-reset";

type Action<S> = (prev: S, formData: FormData) => Promise<S>;

/** One editor for "new" and "edit": both actions' states, and the submit of whichever applies. */
export function useCreateOrUpdate<C extends FormState<unknown>, U extends FormState<unknown>>(
  create: Action<C>,
  update: Action<U>,
  editing: boolean,
) {
  const [createState, createAction, creating] = useActionState(create, { status: "idle" } as Awaited<C>);
  const [updateState, updateAction, updating] = useActionState(update, { status: "idle" } as Awaited<U>);
  const submit = submitWithoutReset(editing ? updateAction : createAction);
  return {
    state: editing ? updateState : createState,
    updateState,
    pending: editing ? updating : creating,
    submit,
  };
}

/**
 * A long create-or-update editor: the field errors, and the props its "editor" FormShell takes
 * (submit, answer, pending state and the save/create label).
 */
export function useEditorForm<C extends FormState<unknown>, U extends FormState<unknown>>(
  create: Action<C>,
  update: Action<U>,
  editing: boolean,
  labels: { saved: string; save: string; create: string },
) {
  const { state, pending, submit } = useCreateOrUpdate(create, update, editing);
  const e: FieldErrors = state.fieldErrors ?? {};
  const shell = {
    onSubmit: submit,
    state,
    success: labels.saved,
    pending,
    submitLabel: editing ? labels.save : labels.create,
    layout: "editor" as const,
  };
  return { e, shell };
}

/**
 * A console form: the workspace (and the edited id) as hidden fields, the fields, the answer and
 * the submit button. "editor" is a long form of cards with a sticky footer carrying the answer;
 * "plain" a short one with the answer on top. `action` keeps the form working without JS.
 */
export function FormShell({
  workspace,
  id,
  state,
  success,
  pending,
  submitLabel,
  layout,
  testId,
  children,
  ...submission
}: {
  workspace: string;
  id?: string | undefined;
  state: Pick<FormState, "status" | "message" | "at">;
  success?: string | undefined;
  pending: boolean;
  submitLabel: string;
  layout: "editor" | "plain";
  testId?: string;
  children: ReactNode;
} & (
  | { onSubmit: (event: FormEvent<HTMLFormElement>) => void; action?: never }
  | { action: (formData: FormData) => void; onSubmit?: never }
)) {
  const editor = layout === "editor";
  const status = <FormStatus state={state} success={success} />;
  const button = (
    <div>
      <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
    </div>
  );
  return (
    <form
      {...submission}
      noValidate
      className={editor ? "stack-lg" : styles.form}
      aria-busy={pending || undefined}
      data-testid={testId}
    >
      {editor ? null : status}
      <input type="hidden" name="workspace" value={workspace} />
      {id !== undefined ? <input type="hidden" name="id" value={id} /> : null}
      {children}
      {editor ? (
        <div className={styles.formFooter}>
          {status}
          {button}
        </div>
      ) : (
        button
      )}
    </form>
  );
}
