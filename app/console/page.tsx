import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import { CreateWorkspaceForm } from "@/components/console/create-workspace-form";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { CompassIcon, WrenchIcon } from "@/components/ui/icons";
import { getViewer } from "@/lib/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("console");
  return { title: t("metaTitle") };
}

export default async function ConsolePage() {
  const viewer = await getViewer();
  if (!viewer) redirect("/login?next=/console");

  const t = await getTranslations("console");
  const workspace = viewer.workspaces[0];

  if (!workspace) {
    return (
      <>
        <div className="page-header">
          <h1>{t("metaTitle")}</h1>
          <p className="lead">{t("noWorkspace.lead")}</p>
        </div>
        <EmptyState
          data-testid="console-empty-state"
          icon={<CompassIcon />}
          title={t("noWorkspace.title")}
          description={t("noWorkspace.description")}
          action={
            <ButtonLink href="/challenges" variant="ghost">
              {t("noWorkspace.playerAction")}
            </ButtonLink>
          }
        >
          <CreateWorkspaceForm />
        </EmptyState>
      </>
    );
  }

  return (
    <>
      <div className="page-header">
        <div className={styles.heading}>
          <h1>{workspace.name}</h1>
          <Badge>{t("role", { role: workspace.role })}</Badge>
        </div>
        <p className="lead">{t("home.lead")}</p>
      </div>
      <EmptyState
        data-testid="console-empty-state"
        icon={<WrenchIcon />}
        title={t("home.emptyTitle")}
        description={t("home.emptyDescription")}
      />
    </>
  );
}
