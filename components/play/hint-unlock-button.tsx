"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import styles from "./hints.module.css";

/**
 * Unlocks one hint: a paid hint asks first ("Spend 30 points?"). On success the page is
 * rendered again on the server, which now includes the hint's body; a refusal (not enough failed
 * attempts, rate limit) shows the server's message in place.
 */
export function HintUnlockButton({
  challengeId,
  hintId,
  cost,
}: {
  challengeId: string;
  hintId: string;
  cost: number;
}) {
  const t = useTranslations("boards.hints");
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function unlock() {
    setPending(true);
    setError(null);
    try {
      const res = await fetch(
        `/web/api/challenges/${encodeURIComponent(challengeId)}/hints/${encodeURIComponent(hintId)}/unlock`,
        { method: "POST", headers: { accept: "application/json" } },
      );
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        setError(body?.error?.message ?? t("failed"));
        return;
      }
      setAsking(false);
      router.refresh();
    } catch {
      setError(t("failed"));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className={styles.unlock}>
      {asking ? (
        <div className={styles.confirm} role="group" aria-label={t("confirm", { cost })}>
          <span>{t("confirm", { cost })}</span>
          <Button size="sm" onClick={unlock} disabled={pending} data-testid="hint-confirm" autoFocus>
            {t("confirmYes")}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setAsking(false)} disabled={pending}>
            {t("cancel")}
          </Button>
        </div>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          disabled={pending}
          onClick={() => (cost > 0 ? setAsking(true) : void unlock())}
          data-testid="hint-unlock"
        >
          {cost > 0 ? t("unlock") : t("unlockFree")}
        </Button>
      )}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
