"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { useNow } from "@/components/ui/use-now";
import { formatWait, withoutWait } from "@/lib/time/wait";
import type { AttemptResult } from "@/lib/contracts/attempts";
import type { LadderLinks } from "./ladder-types";
import { RefusalLine, WinReveal } from "./win-reveal";
import playStyles from "./play.module.css";
import styles from "./ladder.module.css";

const CLAIM_MAX_LENGTH = 256;

/**
 * Gandalf's guess box: "Know the password? Claim it". The typed text goes to the claims route,
 * which compares it on the server (constant time) and counts the claim like an attempt.
 */
interface ClaimProblem {
  message: string;
  /** A rate limit: when claiming works again (counted down live). */
  retryAt?: number;
  /** The play panel's success count when it was set: a later success clears it. */
  successes: number;
}

export function ClaimBox({
  challengeId,
  ladder,
  successes = 0,
  onClaimed,
}: {
  challengeId: string;
  ladder: LadderLinks | null;
  /** Successful plays in the panel above; a refusal from before the latest one is not shown. */
  successes?: number;
  /** A claim was answered (right or wrong): the panel may clear its own rate-limit message. */
  onClaimed?: () => void;
}) {
  const t = useTranslations("ladder.claim");
  const router = useRouter();
  const id = useId();
  const [value, setValue] = useState("");
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<AttemptResult | null>(null);
  const [stored, setStored] = useState<ClaimProblem | null>(null);
  const now = useNow((stored?.retryAt ?? 0) > Date.now());
  const retryWait = stored?.retryAt && stored.retryAt > now ? Math.ceil((stored.retryAt - now) / 1000) : 0;
  const problem =
    !stored || stored.successes !== successes || (stored.retryAt && retryWait === 0) ? null : stored;
  const setProblem = (message: string | null, retryAt?: number) =>
    setStored(message === null ? null : { message, successes, ...(retryAt ? { retryAt } : {}) });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending || retryWait > 0) return;
    if (value.trim() === "") {
      setProblem(t("empty"));
      return;
    }
    setPending(true);
    setProblem(null);
    setResult(null);
    try {
      const res = await fetch(`/web/api/challenges/${encodeURIComponent(challengeId)}/claims`, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
        body: JSON.stringify({ secret: value }),
      });
      const body = (await res.json().catch(() => null)) as
        (AttemptResult & { error?: undefined }) | { error?: { message?: string } } | null;
      const retryAfter = Number(res.headers.get("retry-after"));
      if (res.status === 429 && Number.isFinite(retryAfter) && retryAfter > 0) {
        setProblem(withoutWait(body?.error?.message ?? `HTTP ${res.status}`), Date.now() + retryAfter * 1000);
      } else if (!res.ok || !body || body.error) {
        setProblem(body?.error?.message ?? `HTTP ${res.status}`);
      } else {
        setResult(body as AttemptResult);
        onClaimed?.();
        if ((body as AttemptResult).succeeded) setValue("");
        router.refresh();
      }
    } catch {
      setProblem(t("empty"));
    } finally {
      setPending(false);
    }
  }

  return (
    <section className={styles.claim} aria-labelledby={`${id}-h`} data-testid="claim-box">
      <h3 id={`${id}-h`} className={styles.claimHeading}>
        {t("heading")}
      </h3>
      <p className={styles.claimLead}>{t("lead")}</p>
      <form onSubmit={(e) => void submit(e)} className={styles.claimForm} aria-busy={pending || undefined}>
        <label htmlFor={`${id}-input`} className="visually-hidden">
          {t("label")}
        </label>
        <input
          id={`${id}-input`}
          name="secret"
          type="text"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={CLAIM_MAX_LENGTH}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className={styles.claimInput}
          placeholder={t("label")}
        />
        <SubmitButton
          pending={pending}
          aria-disabled={retryWait > 0 || undefined}
          className={playStyles.accentButton}
        >
          {t("submit")}
        </SubmitButton>
      </form>
      {problem ? (
        <Alert tone="error" data-testid="claim-problem">
          {problem.message}
          {problem.retryAt ? (
            <span aria-live="off"> {t("retryIn", { wait: formatWait(retryWait) })}</span>
          ) : null}
        </Alert>
      ) : null}
      {result && !result.succeeded ? (
        <div data-testid="claim-result" data-succeeded="false">
          <Alert tone="warning" title={t("wrong")}>
            <RefusalLine result={result} />
          </Alert>
        </div>
      ) : null}
      {result?.succeeded ? (
        <div data-testid="claim-result" data-succeeded="true">
          <WinReveal result={result} ladder={ladder} />
        </div>
      ) : null}
    </section>
  );
}
