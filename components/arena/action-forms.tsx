"use client";

import { useTranslations } from "next-intl";
import { useActionState, useId } from "react";
import {
  createGameAction,
  joinAsMeAction,
  linkIdentityAction,
  unlinkIdentityAction,
} from "@/app/arena/actions";
import { Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { idleFormState } from "@/lib/contracts/forms";
import styles from "./arena.module.css";

// The arena's one-button forms and the identity link form (server actions in app/arena/actions.ts).

function Problem({ message }: { message: string | undefined }) {
  return message ? <Alert tone="error">{message}</Alert> : null;
}

/** "New game" for one type: the action creates the game and opens its page. */
export function NewGameButton({ type, label }: { type: string; label: string }) {
  const [state, action, pending] = useActionState(createGameAction, idleFormState);
  return (
    <form action={action} className={styles.form}>
      <input type="hidden" name="type" value={type} />
      <SubmitButton pending={pending} size="sm">
        {label}
      </SubmitButton>
      <Problem message={state.status === "error" ? state.message : undefined} />
    </form>
  );
}

/** "Join as me" on one invite of an open game. */
export function JoinAsMeButton({ invite, label }: { invite: string; label: string }) {
  const [state, action, pending] = useActionState(joinAsMeAction, idleFormState);
  return (
    <form action={action} className={styles.form}>
      <input type="hidden" name="invite" value={invite} />
      <SubmitButton pending={pending} size="sm">
        {label}
      </SubmitButton>
      <Problem message={state.status === "error" ? state.message : undefined} />
    </form>
  );
}

/** Links an agent identity: its public key, its signature over the link message and that timestamp. */
export function LinkIdentityForm({ timestamp }: { timestamp: number }) {
  const t = useTranslations("arena.agents.link");
  const [state, action, pending] = useActionState(linkIdentityAction, idleFormState);
  const id = useId();
  return (
    <form action={action} className={styles.form} noValidate>
      {state.message ? (
        <Alert tone={state.status === "success" ? "success" : "error"}>{state.message}</Alert>
      ) : null}
      <Field
        id={`${id}-key`}
        name="publicKey"
        label={t("publicKey")}
        hint={t("publicKeyHint")}
        defaultValue={state.status === "error" ? state.values?.publicKey : undefined}
        autoComplete="off"
        spellCheck={false}
        required
      />
      <Field
        id={`${id}-sig`}
        name="signature"
        label={t("signature")}
        defaultValue={state.status === "error" ? state.values?.signature : undefined}
        autoComplete="off"
        spellCheck={false}
        required
      />
      <Field
        id={`${id}-ts`}
        name="timestamp"
        label={t("timestamp")}
        hint={t("timestampHint")}
        defaultValue={String(timestamp)}
        inputMode="numeric"
        required
      />
      <div>
        <SubmitButton pending={pending}>{t("submit")}</SubmitButton>
      </div>
    </form>
  );
}

export function UnlinkButton({ userId, label }: { userId: string; label: string }) {
  const [state, action, pending] = useActionState(unlinkIdentityAction, idleFormState);
  return (
    <form action={action}>
      <input type="hidden" name="userId" value={userId} />
      <SubmitButton pending={pending} size="sm" variant="secondary">
        {label}
      </SubmitButton>
      <Problem message={state.status === "error" ? state.message : undefined} />
    </form>
  );
}
