"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FLAG_REASONS, MAX_FLAG_DETAILS, type FlagReason } from "@/lib/contracts/verdict-reviews/constants";
import styles from "./attempt-history.module.css";

/**
 * "Flag this verdict" on one of the player's own attempts: a reason and optional details, sent to
 * the creator's review queue. A refusal (already flagged, too many open flags) shows the server's
 * message in place.
 */
export function FlagVerdict({
  challengeId,
  attemptId,
  flagged,
}: {
  challengeId: string;
  attemptId: string;
  flagged: boolean;
}) {
  const t = useTranslations("verdictReviews.flag");
  const router = useRouter();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (flagged || done) {
    return (
      <p className={styles.historyMeta} role="status" data-testid="verdict-flagged">
        {done ? t("sent") : t("flagged")}
      </p>
    );
  }
  if (!open) {
    return (
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)} data-testid="flag-verdict">
        {t("open")}
      </Button>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => {
      const v = data.get(name);
      return typeof v === "string" ? v : "";
    };
    const reason = text("reason") as FlagReason;
    const details = text("details").trim();
    setPending(true);
    setError(null);
    try {
      const res = await fetch(
        `/web/api/challenges/${encodeURIComponent(challengeId)}/attempts/${encodeURIComponent(attemptId)}/flag`,
        {
          method: "POST",
          headers: { accept: "application/json", "content-type": "application/json" },
          body: JSON.stringify(details ? { reason, details } : { reason }),
        },
      );
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        setError(t("failed", { message: body?.error?.message ?? res.statusText }));
        return;
      }
      setDone(true);
      router.refresh();
    } catch {
      setError(t("failed", { message: "network error" }));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      aria-busy={pending || undefined}
      className={styles.flagForm}
      data-testid="flag-form"
    >
      <fieldset>
        <legend>{t("legend")}</legend>
        {FLAG_REASONS.map((reason, i) => (
          <label key={reason}>
            <input type="radio" name="reason" value={reason} required defaultChecked={i === 0} />{" "}
            {t("reason", { reason })}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-details`}>{t("detailsLabel")}</label>
      <textarea
        id={`${id}-details`}
        name="details"
        maxLength={MAX_FLAG_DETAILS}
        rows={2}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className={styles.historyMeta}>
        {t("detailsHint", { max: MAX_FLAG_DETAILS })}
      </p>
      {error ? (
        <p role="alert" className={styles.flagError}>
          {error}
        </p>
      ) : null}
      <div>
        <Button size="sm" type="submit" disabled={pending}>
          {t("submit")}
        </Button>{" "}
        <Button size="sm" variant="ghost" type="button" onClick={() => setOpen(false)} disabled={pending}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
