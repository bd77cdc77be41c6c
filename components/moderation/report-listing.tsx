import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { reportListingAction } from "@/app/reports/actions";
import { Alert } from "@/components/ui/alert";
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ListingKind } from "@/lib/contracts/moderation";
import styles from "./moderation.module.css";

// "Report" on a public listing's page: a disclosure with a plain form (no client JavaScript),
// for signed-in players; the outcome comes back in the page's address (?report=sent|limited|failed).

export async function ReportListing({
  kind,
  id,
  signedIn,
  outcome,
  loginHref,
}: {
  kind: ListingKind;
  id: string;
  signedIn: boolean;
  outcome?: string | string[];
  loginHref: string;
}) {
  const t = await getTranslations("moderation.report");
  const shown = outcome === "sent" || outcome === "limited" || outcome === "failed" ? outcome : null;
  return (
    <section id="report" className={styles.report} data-testid="report-listing">
      {shown ? <Alert tone={shown === "sent" ? "success" : "error"}>{t(shown)}</Alert> : null}
      <details>
        <summary>{t("summary")}</summary>
        {signedIn ? (
          <form action={reportListingAction} className="stack">
            <p className="muted">{t("lead")}</p>
            <input type="hidden" name="target_type" value={kind} />
            <input type="hidden" name="target_id" value={id} />
            <label className={styles.label}>
              {t("reason")}
              <select name="reason" required defaultValue="spam">
                {REPORT_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {t(`reasons.${r}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className={styles.label}>
              {t("details")}
              <textarea name="details" rows={3} maxLength={REPORT_DETAILS_MAX} />
            </label>
            <div>
              <button type="submit" className={styles.button}>
                {t("send")}
              </button>
            </div>
          </form>
        ) : (
          <p>
            <Link href={loginHref}>{t("loginToReport")}</Link>
          </p>
        )}
      </details>
    </section>
  );
}
