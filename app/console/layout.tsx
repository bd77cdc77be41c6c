import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import styles from "@/components/console/console.module.css";
import { NavLinks } from "@/components/shell/nav-links";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const t = await getTranslations("console");
  return (
    <div className={styles.layout}>
      <NavLinks
        variant="secondary"
        label={t("navLabel")}
        items={[{ href: "/console", label: t("nav.dashboard"), exact: true }]}
      />
      <div className={styles.content}>{children}</div>
    </div>
  );
}
