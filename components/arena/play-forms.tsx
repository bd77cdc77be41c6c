"use client";

import { useTranslations } from "next-intl";
import { useActionState, useId } from "react";
import { actAction, chatAction } from "@/app/arena/actions";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ChallengeMethod } from "@/lib/arena/types";
import { idleFormState } from "@/lib/contracts/forms";
import styles from "./arena.module.css";

// What a seated human does in a game: an action (one of the game's methods) and chat messages.

export interface OtherPlayer {
  invite: string;
  label: string;
}

function Outcome({ status, message }: { status: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert
      tone={status === "success" ? "success" : "error"}
      data-testid={status === "error" ? "arena-form-error" : undefined}
    >
      {message}
    </Alert>
  );
}

export function ActForm({ gameId, methods }: { gameId: string; methods: ChallengeMethod[] }) {
  const t = useTranslations("arena.play");
  const [state, action, pending] = useActionState(actAction, idleFormState);
  const id = useId();
  const refill = state.status === "error" ? state.values : undefined;
  return (
    <form
      action={action}
      className={styles.form}
      aria-label={t("actHeading")}
      key={state.status === "success" ? state.at : "form"}
    >
      <input type="hidden" name="gameId" value={gameId} />
      <Outcome status={state.status} message={state.message} />
      <label htmlFor={`${id}-method`} className={styles.label}>
        {t("method")}
      </label>
      <select
        id={`${id}-method`}
        name="method"
        className={styles.control}
        defaultValue={refill?.method ?? methods[0]?.name}
      >
        {methods.map((m) => (
          <option key={m.name} value={m.name}>
            {m.description ? `${m.name} — ${m.description}` : m.name}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-content`} className={styles.label}>
        {t("content")}
      </label>
      <textarea
        id={`${id}-content`}
        name="content"
        className={styles.control}
        defaultValue={refill?.content ?? ""}
        maxLength={8000}
      />
      <div>
        <SubmitButton pending={pending}>{t("send")}</SubmitButton>
      </div>
    </form>
  );
}

export function ChatForm({ gameId, others }: { gameId: string; others: OtherPlayer[] }) {
  const t = useTranslations("arena.play");
  const [state, action, pending] = useActionState(chatAction, idleFormState);
  const id = useId();
  const refill = state.status === "error" ? state.values : undefined;
  return (
    <form
      action={action}
      className={styles.form}
      aria-label={t("chatHeading")}
      key={state.status === "success" ? state.at : "form"}
    >
      <input type="hidden" name="gameId" value={gameId} />
      <Outcome status={state.status} message={state.message} />
      <label htmlFor={`${id}-to`} className={styles.label}>
        {t("to")}
      </label>
      <select id={`${id}-to`} name="to" className={styles.control} defaultValue={refill?.to ?? ""}>
        <option value="">{t("everyone")}</option>
        {others.map((o) => (
          <option key={o.invite} value={o.invite}>
            {o.label}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-message`} className={styles.label}>
        {t("message")}
      </label>
      <textarea
        id={`${id}-message`}
        name="content"
        className={styles.control}
        defaultValue={refill?.content ?? ""}
        maxLength={8000}
      />
      <div>
        <SubmitButton pending={pending}>{t("sendChat")}</SubmitButton>
      </div>
    </form>
  );
}
