"use client";

import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { ConfirmAction } from "@/components/console/confirm-action";
import { TextAreaField } from "@/components/console/fields";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import type { FormState } from "@/lib/contracts/forms";
import {
  HINT_BODY_MAX,
  HINT_FAILURES_MAX,
  HINTS_PER_CHALLENGE_MAX,
  type ConsoleHint,
} from "@/lib/contracts/hints";
import styles from "./hints-editor.module.css";

type Action = (prev: FormState, formData: FormData) => Promise<FormState>;

export interface HintActions {
  save: Action;
  move: Action;
  remove: Action;
}

/** The creator's hints of one challenge: edit each in place, move, delete, add one at the end. */
export function HintsEditor({
  workspace,
  challengeId,
  points,
  hints,
  actions,
}: {
  workspace: string;
  challengeId: string;
  points: number;
  hints: ConsoleHint[];
  actions: HintActions;
}) {
  const t = useTranslations("boards.hintsEditor");
  const hidden = { workspace, challenge_id: challengeId };
  return (
    <div className={styles.editor} data-testid="hints-editor">
      {hints.length === 0 ? <p className="muted">{t("empty")}</p> : null}
      <ol className={styles.list}>
        {hints.map((h, i) => (
          <li key={h.id} className={styles.item} data-testid="hint-row">
            <HintForm
              hidden={{ ...hidden, hint_id: h.id }}
              hint={h}
              points={points}
              action={actions.save}
              idPrefix={`hint-${h.id}`}
            />
            <div className={styles.row}>
              <span className="muted">{t("unlocks", { n: h.unlocks })}</span>
              <MoveButtons
                hidden={{ ...hidden, hint_id: h.id }}
                action={actions.move}
                first={i === 0}
                last={i === hints.length - 1}
              />
              <ConfirmAction
                action={actions.remove}
                hidden={{ ...hidden, hint_id: h.id }}
                label={t("delete")}
                question={t("deleteQuestion")}
                confirmLabel={t("deleteConfirm")}
              />
            </div>
          </li>
        ))}
      </ol>
      {hints.length < HINTS_PER_CHALLENGE_MAX ? (
        // Keyed by the count, so the form is empty again after a hint was added.
        <HintForm
          key={`new-${hints.length}`}
          hidden={hidden}
          points={points}
          action={actions.save}
          idPrefix="hint-new"
        />
      ) : (
        <p className="muted">{t("limit", { max: HINTS_PER_CHALLENGE_MAX })}</p>
      )}
    </div>
  );
}

function HintForm({
  hidden,
  hint,
  points,
  action,
  idPrefix,
}: {
  hidden: Record<string, string>;
  hint?: ConsoleHint;
  points: number;
  action: Action;
  idPrefix: string;
}) {
  const t = useTranslations("boards.hintsEditor");
  const [state, formAction, pending] = useActionState(action, { status: "idle" } as FormState);
  const errors = state.fieldErrors ?? {};
  const value = (name: string, fallback: string) =>
    state.status === "error" ? (state.values?.[name] ?? fallback) : fallback;
  return (
    <form
      action={formAction}
      className={styles.form}
      aria-busy={pending || undefined}
      key={state.status === "error" ? state.at : undefined}
    >
      {Object.entries(hidden).map(([name, v]) => (
        <input key={name} type="hidden" name={name} value={v} />
      ))}
      <TextAreaField
        id={`${idPrefix}-body`}
        name="body"
        label={t("body")}
        hint={t("bodyHelp")}
        rows={3}
        maxLength={HINT_BODY_MAX}
        required
        defaultValue={value("body", hint?.body ?? "")}
        error={errors.body}
      />
      <div className={styles.numbers}>
        <Field
          id={`${idPrefix}-cost`}
          name="cost"
          type="number"
          label={t("cost")}
          min={0}
          max={points}
          defaultValue={value("cost", String(hint?.cost ?? 0))}
          error={errors.cost}
        />
        <Field
          id={`${idPrefix}-failures`}
          name="unlock_after_failures"
          type="number"
          label={t("afterFailures")}
          hint={t("afterFailuresHelp")}
          min={0}
          max={HINT_FAILURES_MAX}
          defaultValue={value(
            "unlock_after_failures",
            hint?.unlock_after_failures == null ? "" : String(hint.unlock_after_failures),
          )}
          error={errors.unlock_after_failures}
        />
      </div>
      <div className={styles.row}>
        <SubmitButton size="sm" pending={pending} variant={hint ? "secondary" : "primary"}>
          {hint ? t("save") : t("add")}
        </SubmitButton>
        {state.status === "error" && state.message ? <Alert tone="error">{state.message}</Alert> : null}
        {state.status === "success" && hint ? (
          <span role="status" className="muted">
            {t("saved")}
          </span>
        ) : null}
      </div>
    </form>
  );
}

function MoveButtons({
  hidden,
  action,
  first,
  last,
}: {
  hidden: Record<string, string>;
  action: Action;
  first: boolean;
  last: boolean;
}) {
  const t = useTranslations("boards.hintsEditor");
  const [state, formAction, pending] = useActionState(action, { status: "idle" } as FormState);
  return (
    <form action={formAction} className={styles.row} aria-busy={pending || undefined}>
      {Object.entries(hidden).map(([name, v]) => (
        <input key={name} type="hidden" name={name} value={v} />
      ))}
      <Button type="submit" size="sm" variant="ghost" name="direction" value="up" disabled={first || pending}>
        {t("moveUp")}
      </Button>
      <Button
        type="submit"
        size="sm"
        variant="ghost"
        name="direction"
        value="down"
        disabled={last || pending}
      >
        {t("moveDown")}
      </Button>
      {state.status === "error" && state.message ? <Alert tone="error">{state.message}</Alert> : null}
    </form>
  );
}
