import { getTranslations } from "next-intl/server";
import styles from "./site-footer.module.css";

// Deliberately no links that repeat the primary navigation: one link per name keeps the page
// predictable for screen-reader users (and for tests that look links up by name).
export async function SiteFooter() {
  const t = await getTranslations("footer");
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.tagline}>{t("tagline")}</p>
        <p className={styles.tagline}>{t("selfHosted")}</p>
      </div>
    </footer>
  );
}
