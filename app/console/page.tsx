import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import styles from "@/components/console/console.module.css";
import { CreateWorkspaceForm } from "@/components/console/create-workspace-form";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { CompassIcon } from "@/components/ui/icons";
import { getViewer } from "@/lib/auth/viewer";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("console");
  return { title: t("metaTitle") };
}

export default async function ConsolePage() {
  const viewer = await getViewer();
  if (!viewer) redirect("/login?next=/console");

  const t = await getTranslations("console");

  if (viewer.workspaces.length === 0) {
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
        <h1>{t("list.title")}</h1>
        <p className="lead">{t("list.lead")}</p>
      </div>
      <ul className="card-grid" aria-label={t("list.title")}>
        {viewer.workspaces.map((w) => (
          <li key={w.id}>
            <Card
              title={
                <Link href={`/console/${w.slug}`} data-testid={`workspace-link-${w.slug}`}>
                  {w.name}
                </Link>
              }
              headingLevel={2}
              description={t("list.address", { slug: w.slug })}
            >
              <p className={styles.roleLine}>
                <Badge>{t("role", { role: w.role })}</Badge>
              </p>
            </Card>
          </li>
        ))}
      </ul>
      <details className={`${styles.details} ${styles.createAnother}`}>
        <summary>{t("list.createAnother")}</summary>
        <div>
          <CreateWorkspaceForm />
        </div>
      </details>
    </>
  );
}
