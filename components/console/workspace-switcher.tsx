"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import fieldStyles from "@/components/ui/field.module.css";
import styles from "./workspace-switcher.module.css";

/** Moves between the workspaces the viewer belongs to, keeping the console section when it can. */
export function WorkspaceSwitcher({
  current,
  workspaces,
}: {
  current: string;
  workspaces: readonly { slug: string; name: string }[];
}) {
  const t = useTranslations("consolePages.nav");
  const router = useRouter();
  // One workspace: nothing to switch to, so its name is plain text.
  if (workspaces.length <= 1) {
    return (
      <div className={styles.switcher}>
        <span className={fieldStyles.label}>{t("switcherLabel")}</span>
        <span className={styles.workspaceName}>{workspaces[0]?.name}</span>
      </div>
    );
  }
  return (
    <div className={styles.switcher}>
      <label htmlFor="workspace-switcher" className={fieldStyles.label}>
        {t("switcherLabel")}
      </label>
      <select
        id="workspace-switcher"
        className={fieldStyles.input}
        value={current}
        onChange={(event) => router.push(`/console/${encodeURIComponent(event.target.value)}`)}
      >
        {workspaces.map((w) => (
          <option key={w.slug} value={w.slug}>
            {w.name}
          </option>
        ))}
      </select>
    </div>
  );
}
