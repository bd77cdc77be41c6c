import { useTranslations } from "next-intl";
import { EmptyState } from "@/components/ui/empty-state";
import { WrenchIcon } from "@/components/ui/icons";
import type { WebhookDeliveryJson } from "@/lib/contracts/webhooks";
import styles from "./console.module.css";
import { ResendDelivery } from "./webhook-controls";

/** An endpoint's deliveries, newest first: each with its tries (request and response excerpts) and "Resend". */
export function DeliveryLog({
  workspace,
  deliveries,
}: {
  workspace: string;
  deliveries: WebhookDeliveryJson[];
}) {
  const t = useTranslations("consolePages.webhooks");
  const tc = useTranslations("consolePages.common");
  if (deliveries.length === 0) {
    return (
      <EmptyState icon={<WrenchIcon />} title={t("logEmptyTitle")} description={t("logEmptyDescription")} />
    );
  }
  return (
    <div className="stack" data-testid="webhook-deliveries">
      {deliveries.map((d) => (
        <details key={d.id} className={styles.details} data-testid={`delivery-${d.status}`}>
          <summary>
            <code>{d.event_type}</code> ·{" "}
            <span
              className={
                d.status === "succeeded"
                  ? styles.statusOk
                  : d.status === "failed"
                    ? styles.statusBad
                    : undefined
              }
            >
              {t(`deliveryStatus.${d.status}`)}
            </span>{" "}
            · {t("triesCount", { count: d.tries })} · {tc("date", { date: new Date(d.created_at) })}
          </summary>
          <div>
            <p className="muted">
              {t("messageId")}: <code>{d.message_id}</code>
              {d.next_attempt_at ? <> · {t("nextTry", { date: new Date(d.next_attempt_at) })}</> : null}
            </p>
            {d.error ? <p className={styles.statusBad}>{d.error}</p> : null}
            {d.attempts.map((a) => (
              <section key={a.number} className="stack" aria-label={t("tryLabel", { number: a.number })}>
                <h4>
                  {t("tryLabel", { number: a.number })} · {a.response_status ?? t("noResponse")} ·{" "}
                  {a.duration_ms} ms · {tc("date", { date: new Date(a.created_at) })}
                </h4>
                {a.error ? <p className={styles.statusBad}>{a.error}</p> : null}
                <p>{t("request")}</p>
                <pre className={styles.pre}>
                  {Object.entries(a.request_headers)
                    .map(([k, v]) => `${k}: ${v}`)
                    .join("\n")}
                  {"\n\n"}
                  {a.request_body}
                </pre>
                <p>{t("response")}</p>
                <pre className={styles.pre}>{a.response_excerpt || t("emptyBody")}</pre>
              </section>
            ))}
            {d.status === "pending" ? null : <ResendDelivery workspace={workspace} id={d.id} />}
          </div>
        </details>
      ))}
    </div>
  );
}
