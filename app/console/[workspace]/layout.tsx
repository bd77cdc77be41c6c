import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import styles from "@/components/console/console.module.css";
import layoutStyles from "@/components/console/console-layout.module.css";
import { WorkspaceSwitcher } from "@/components/console/workspace-switcher";
import { Badge } from "@/components/ui/badge";
import { NavLinks } from "@/components/shell/nav-links";
import { workspaceForPage } from "./context";

export default async function WorkspaceLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ workspace: string }>;
}) {
  const { workspace: slug } = await params;
  const { viewer, workspace } = await workspaceForPage(slug);
  const [t, tRole] = await Promise.all([getTranslations("consolePages.nav"), getTranslations("console")]);
  const base = `/console/${workspace.slug}`;
  return (
    <div className={layoutStyles.layout}>
      <aside className={layoutStyles.sidebar}>
        <WorkspaceSwitcher
          current={workspace.slug}
          workspaces={viewer.workspaces.map((w) => ({ slug: w.slug, name: w.name }))}
        />
        <p className={styles.roleLine}>
          <Badge>{tRole("role", { role: workspace.role })}</Badge>
        </p>
        <NavLinks
          variant="secondary"
          label={t("label")}
          items={[
            { href: base, label: t("dashboard"), exact: true },
            { href: `${base}/challenges`, label: t("challenges") },
            { href: `${base}/collections`, label: t("collections") },
            { href: `${base}/red-blue`, label: t("redBlue") },
            { href: `${base}/packs`, label: t("packs") },
            { href: `${base}/plugins`, label: t("plugins") },
            { href: `${base}/providers`, label: t("providers") },
            { href: `${base}/tokens`, label: t("tokens") },
            { href: `${base}/event-codes`, label: t("eventCodes") },
            { href: `${base}/webhooks`, label: t("webhooks") },
            { href: `${base}/members`, label: t("members") },
            { href: `${base}/events`, label: t("events") },
            { href: `${base}/reviews`, label: t("reviews") },
            ...(workspace.role === "owner" || workspace.role === "admin"
              ? [{ href: `${base}/jobs`, label: t("jobs") }]
              : []),
            { href: "/console", label: t("allWorkspaces"), exact: true },
          ]}
        />
      </aside>
      <div className={layoutStyles.content}>{children}</div>
    </div>
  );
}
