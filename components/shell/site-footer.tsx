import Link from "next/link";
import { getTranslations } from "next-intl/server";
import styles from "./site-footer.module.css";

// Deliberately no links that repeat the primary navigation: one link per name keeps the page
// predictable for screen-reader users (and for tests that look links up by name).
export async function SiteFooter() {
  const t = await getTranslations("footer");
  const d = await getTranslations("docs");
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.tagline}>{t("tagline")}</p>
        <p className={styles.tagline}>{t("selfHosted")}</p>
        <nav aria-label={d("footerHeading")} className={styles.links}>
          <Link href="/docs/api">{d("footerApi")}</Link>
          <Link href="/docs/promptfoo">{d("footerPromptfoo")}</Link>
          <Link href="/docs/calibration">{d("footerCalibration")}</Link>
        </nav>
      </div>
    </footer>
  );
}
