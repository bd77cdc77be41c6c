"use client";

import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import type { SubmitResponse } from "@/lib/contracts/red-blue";
import { PairingCard } from "./pairing-card";

/** The answer to one submission: replayed, refused by the utility gate, waiting, or its pairing. */
export function SubmissionResult({
  result,
  polling,
  categoryNames,
  secretName,
}: {
  result: SubmitResponse;
  polling: boolean;
  categoryNames: Readonly<Record<string, string>>;
  secretName: string | null;
}) {
  const t = useTranslations("redBlue.play");
  return (
    <section className="stack" data-testid="submit-result" data-waiting={result.waiting} aria-live="polite">
      <h3 style={{ margin: 0 }}>{t(result.submission.team === "red" ? "resultRed" : "resultBlue")}</h3>
      {result.replayed ? <p className="muted">{t("replayed")}</p> : null}
      {result.utility_failed ? (
        <Alert tone="warning" data-testid="utility-failed">
          {t("utilityFailed")}
        </Alert>
      ) : null}
      {result.waiting ? (
        <Alert tone="info" title={t("waitingTitle")} data-testid="waiting">
          <p style={{ margin: 0 }}>
            {t(result.submission.team === "red" ? "waitingRed" : "waitingBlue")}
            {result.requested_opponent ? ` ${t("requested")}` : ""}
          </p>
          {polling ? (
            <p className="cluster" style={{ margin: 0 }}>
              <Spinner /> {t("watching")}
            </p>
          ) : null}
        </Alert>
      ) : null}
      {result.pairing ? (
        <PairingCard
          pairing={result.pairing}
          headingLevel={4}
          categoryNames={categoryNames}
          secretName={secretName}
        />
      ) : null}
    </section>
  );
}
