"use client";

import { useTranslations } from "next-intl";
import { useActionState, useId, type ReactNode } from "react";
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

type Refill = Record<string, string> | undefined;

/** A game form: the game, the outcome, a select then a text area; refilled after an error, reset after success. */
function GameForm({
  label,
  action,
  gameId,
  select,
  text,
  submitLabel,
}: {
  label: string;
  action: typeof actAction;
  gameId: string;
  select: { key: string; name: string; label: string; defaultValue: (refill: Refill) => string | undefined; options: ReactNode };
  text: { key: string; label: string };
  submitLabel: string;
}) {
  const [state, formAction, pending] = useActionState(action, idleFormState);
  const id = useId();
  const refill = state.status === "error" ? state.values : undefined;
  return (
    <form action={formAction} className={styles.form} aria-label={label} key={state.status === "success" ? state.at : "form"}>
      <input type="hidden" name="gameId" value={gameId} />
      <Outcome status={state.status} message={state.message} />
      <label htmlFor={`${id}-${select.key}`} className={styles.label}>
        {select.label}
      </label>
      <select
        id={`${id}-${select.key}`}
        name={select.name}
        className={styles.control}
        defaultValue={select.defaultValue(refill)}
      >
        {select.options}
      </select>
      <label htmlFor={`${id}-${text.key}`} className={styles.label}>
        {text.label}
      </label>
      <textarea
        id={`${id}-${text.key}`}
        name="content"
        className={styles.control}
        defaultValue={refill?.content ?? ""}
        maxLength={8000}
      />
      <div>
        <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}

export function ActForm({ gameId, methods }: { gameId: string; methods: ChallengeMethod[] }) {
  const t = useTranslations("arena.play");
  return (
    <GameForm
      label={t("actHeading")}
      action={actAction}
      gameId={gameId}
      select={{
        key: "method",
        name: "method",
        label: t("method"),
        defaultValue: (refill) => refill?.method ?? methods[0]?.name,
        options: methods.map((m) => (
          <option key={m.name} value={m.name}>
            {m.description ? `${m.name} — ${m.description}` : m.name}
          </option>
        )),
      }}
      text={{ key: "content", label: t("content") }}
      submitLabel={t("send")}
    />
  );
}

export function ChatForm({ gameId, others }: { gameId: string; others: OtherPlayer[] }) {
  const t = useTranslations("arena.play");
  return (
    <GameForm
      label={t("chatHeading")}
      action={chatAction}
      gameId={gameId}
      select={{
        key: "to",
        name: "to",
        label: t("to"),
        defaultValue: (refill) => refill?.to ?? "",
        options: (
          <>
            <option value="">{t("everyone")}</option>
            {others.map((o) => (
              <option key={o.invite} value={o.invite}>
                {o.label}
              </option>
            ))}
          </>
        ),
      }}
      text={{ key: "message", label: t("message") }}
      submitLabel={t("sendChat")}
    />
  );
}
